import { forwardRef, useId, useRef, type InputHTMLAttributes } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { formatBrl, parseBrlInput } from '@shared/money';
import { CONTROL, describedBy, Shell, type FieldShell } from './field';

type NativeProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'value' | 'onChange' | 'defaultValue'>;

export interface MoneyInputProps extends FieldShell, NativeProps {
  /** The text as typed ('1234,56'); on blur a valid amount is rewritten as '1.234,56'. */
  value: string;
  onChange: (text: string) => void;
}

/** What a valid amount looks like in the field; anything unreadable is left as typed for the error to point at. */
export function tidyMoneyText(text: string): string {
  if (text.trim() === '') return text;
  const r = parseBrlInput(text, { requiredMessage: '', allowZero: true });
  return r.ok ? formatBrl(r.value) : text;
}

/**
 * The one money field of the product: text (never a number input, which drops the comma a
 * Brazilian types), a decimal keypad on phones, an R$ prefix, pt-BR formatting on blur. The
 * form's zod schema (zBrlMoney) turns the text into the API's decimal string.
 */
export const MoneyInput = forwardRef<HTMLInputElement, MoneyInputProps>(function MoneyInput(
  { label, error, hint, id, className = '', value, onChange, onBlur, onFocus, onMouseUp, ...rest },
  ref,
) {
  const auto = useId();
  // Entering the field selects its amount, so typing replaces a prefilled '0,00' instead of
  // appending to it ('0,001.234,56'). The mouse-up of the click that focused it would drop the
  // selection again, so that one is ignored.
  const justFocused = useRef(false);
  const fid = id ?? auto;
  return (
    <Shell id={fid} label={label} error={error} hint={hint}>
      <div className="relative">
        <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3 text-slate-600">R$</span>
        <input
          ref={ref}
          id={fid}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0,00"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(fid, error, hint)}
          className={`${CONTROL} pl-10 tabular-nums ${className}`}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onFocus={(e) => {
            e.currentTarget.select();
            justFocused.current = true;
            onFocus?.(e);
          }}
          onMouseUp={(e) => {
            if (justFocused.current) e.preventDefault();
            justFocused.current = false;
            onMouseUp?.(e);
          }}
          onBlur={(e) => {
            const tidy = tidyMoneyText(value);
            if (tidy !== value) onChange(tidy);
            onBlur?.(e);
          }}
          {...rest}
        />
      </div>
    </Shell>
  );
});

/** MoneyInput bound to a react-hook-form field whose value is the typed text; the error shows beside it. */
export function FormMoneyField<T extends FieldValues>({ control, name, ...rest }: Omit<MoneyInputProps, 'value' | 'onChange' | 'error' | 'name'> & {
  control: Control<T>;
  name: FieldPath<T>;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <MoneyInput
      {...rest}
      ref={field.ref}
      name={field.name}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}
