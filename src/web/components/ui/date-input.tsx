import { forwardRef, useEffect, useId, useImperativeHandle, useLayoutEffect, useRef, useState, type InputHTMLAttributes } from 'react';
import { BR_DATE, BR_DATE_TIME, BR_TIME, caretAfterDigits, tidyText, type BrTextFormat } from '../../lib/br-date';
import { CONTROL, describedBy, Shell, type FieldShell } from './field';

/**
 * What a form sees of the field, in place of the <input>: its name and its value as the API's
 * 'AAAA-MM-DD' ('' while empty, incomplete or impossible; 'AAAA-MM-DDTHH:mm' for DateTimeInput,
 * 'HH:mm' for TimeInput). react-hook-form's `register` reads and writes `value` through this
 * handle, so `{...register('date')}` works as on any input.
 */
export interface DateInputHandle {
  readonly name: string;
  value: string;
  /** True while the text is neither empty nor valid ('31/02/2026', '23/11'): value is then ''. */
  readonly invalid: boolean;
  focus: () => void;
  select: () => void;
}

/** The change (and blur) a date field reports: `e.target.value` is the ISO day, as with any input. */
export interface DateInputEvent {
  target: DateInputHandle;
  type: 'change' | 'blur';
}

type NativeProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'inputMode' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'maxLength' | 'placeholder' | 'min' | 'max' | 'name'
>;

export interface DateInputProps extends FieldShell, NativeProps {
  name?: string;
  /** Controlled: the ISO day ('AAAA-MM-DD') or ''. */
  value?: string;
  /** Uncontrolled start value, an ISO day. */
  defaultValue?: string;
  onChange?: (e: DateInputEvent) => void;
  onBlur?: (e: DateInputEvent) => void;
}

/**
 * The one date field of the product: text typed as a Brazilian writes it, dd/mm/aaaa, whatever the
 * browser's language (a native date input shows mm/dd/yyyy in an English Chromium). Digits get their
 * slashes as they are typed, a pasted '23/11/2026' or '2026-11-23' is read, and an impossible day
 * (31/02, month 13) is refused beside the field. The form holds the API's 'AAAA-MM-DD'; while the
 * text is not a valid day it holds '' and the form around it cannot be submitted.
 */
export const DateInput = forwardRef<DateInputHandle, DateInputProps>(function DateInput(props, ref) {
  return <MaskedField ref={ref} format={BR_DATE} {...props} />;
});

/**
 * A day and a time of day, 'dd/mm/aaaa hh:mm' (24 hours), where a native datetime-local would show
 * 'mm/dd/yyyy, hh:mm AM' in an English browser. The form holds 'AAAA-MM-DDTHH:mm' as before.
 */
export const DateTimeInput = forwardRef<DateInputHandle, DateInputProps & { defaultTime?: string }>(function DateTimeInput({ defaultTime, ...props }, ref) {
  return <MaskedField ref={ref} format={defaultTime ? dateTimeWithDefaultTime(defaultTime) : BR_DATE_TIME} {...props} />;
});

const withTime = new Map<string, BrTextFormat>();

/**
 * BR_DATE_TIME where a day typed alone ('01/03/2026') means that day at `time` ('00:00' for a start,
 * '23:59' for an end) instead of an incomplete date; leaving the field shows the time understood.
 */
function dateTimeWithDefaultTime(time: string): BrTextFormat {
  const known = withTime.get(time);
  if (known) return known;
  const full = (text: string) => (/^\d{2}\/\d{2}\/\d{4}$/.test(text.trim()) ? `${text.trim()} ${time}` : text);
  const format: BrTextFormat = {
    ...BR_DATE_TIME,
    toValue: (text) => BR_DATE_TIME.toValue(full(text)),
    error: (text) => BR_DATE_TIME.error(full(text)),
    incomplete: (text) => BR_DATE_TIME.incomplete(full(text)),
  };
  withTime.set(time, format);
  return format;
}

/** A time of day, 'hh:mm' on a 24-hour clock whatever the browser's language; the form holds 'HH:mm'. */
export const TimeInput = forwardRef<DateInputHandle, DateInputProps>(function TimeInput(props, ref) {
  return <MaskedField ref={ref} format={BR_TIME} {...props} />;
});

const MaskedField = forwardRef<DateInputHandle, DateInputProps & { format: BrTextFormat }>(function MaskedField(
  { format, label, error, hint, id, className = '', name = '', value, defaultValue, onChange, onBlur, onFocus, ...rest },
  ref,
) {
  const auto = useId();
  const fid = id ?? auto;
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(() => format.fromValue(value ?? defaultValue ?? ''));
  // An unfinished date is pointed at once the person leaves the field or tries to submit, not while typing.
  const [flagIncomplete, setFlagIncomplete] = useState(false);
  const textNow = useRef(text);
  textNow.current = text;
  const caret = useRef<number | null>(null);

  // A new value from outside (reset, another field, a parent's state) replaces the text unless the text already says it.
  const [seen, setSeen] = useState(value);
  if (value !== undefined && value !== seen) {
    setSeen(value);
    if (value !== format.toValue(text)) setText(format.fromValue(value));
  }

  const nameNow = useRef(name);
  nameNow.current = name;
  const [handle] = useState<DateInputHandle>(() => ({
    get name() {
      return nameNow.current;
    },
    get value() {
      return format.toValue(textNow.current);
    },
    get invalid() {
      return textNow.current.trim() !== '' && format.toValue(textNow.current) === '';
    },
    set value(iso: string) {
      const next = format.fromValue(iso);
      textNow.current = next;
      setText(next);
      setFlagIncomplete(false);
    },
    focus: () => input.current?.focus(),
    select: () => input.current?.select(),
  }));
  useImperativeHandle(ref, () => handle, [handle]);

  // Keep the caret where the person was typing when the mask rewrites the text.
  useLayoutEffect(() => {
    const el = input.current;
    if (caret.current !== null && el && document.activeElement === el) el.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  // Submitting with a date that is not one would send no date at all: stop the submit and point at the field.
  useEffect(() => {
    const guard = (e: Event) => {
      const el = input.current;
      if (!el?.form || e.target !== el.form || !handle.invalid) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      setFlagIncomplete(true);
      el.focus();
    };
    document.addEventListener('submit', guard, true);
    return () => document.removeEventListener('submit', guard, true);
  }, [handle]);

  const problem = format.error(text);
  const shownProblem = problem && (!format.incomplete(text) || flagIncomplete) ? problem : null;
  const shownError = shownProblem ?? error;

  return (
    <Shell id={fid} label={label} error={shownError} hint={hint}>
      <input
        ref={input}
        id={fid}
        name={name || undefined}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={format.placeholder}
        maxLength={format.length}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={describedBy(fid, shownError, hint)}
        className={`${CONTROL} tabular-nums ${className}`}
        value={text}
        onChange={(e) => {
          const el = e.currentTarget;
          const raw = el.value;
          const next = format.mask(raw);
          const at = el.selectionStart ?? raw.length;
          caret.current = at >= raw.length ? next.length : caretAfterDigits(next, raw.slice(0, at).replace(/\D/g, '').length);
          // The browser already shows what was typed; when the mask changes it, put the mask's text back.
          if (next !== raw) el.value = next;
          textNow.current = next;
          setText(next);
          setFlagIncomplete(false);
          onChange?.({ target: handle, type: 'change' });
        }}
        onFocus={onFocus}
        onBlur={() => {
          if (handle.invalid) setFlagIncomplete(true);
          const tidy = tidyText(format, textNow.current);
          if (tidy !== textNow.current) {
            textNow.current = tidy;
            setText(tidy);
          }
          onBlur?.({ target: handle, type: 'blur' });
        }}
        {...rest}
      />
    </Shell>
  );
});
