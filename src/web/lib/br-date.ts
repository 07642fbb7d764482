import { MAX_YEAR, MIN_YEAR, isRealDay } from '../../shared/dates';

/**
 * Dates as a Brazilian types and reads them, dd/mm/aaaa, against the 'AAAA-MM-DD' the API speaks.
 * The text field shows the first, the form holds the second (spec 9: dates dd/MM/yyyy).
 */
export const BR_DATE_MSG = {
  invalid: 'Data inválida: use dd/mm/aaaa.',
  incomplete: 'Data incompleta: use dd/mm/aaaa.',
  year: `Data inválida: o ano deve estar entre ${MIN_YEAR} e ${MAX_YEAR}.`,
} as const;

export const BR_DATE_PLACEHOLDER = 'dd/mm/aaaa';
export const BR_DATE_LENGTH = 10;

export type BrDateParse = { ok: true; iso: string } | { ok: false; reason: 'empty' | 'incomplete' | 'invalid' | 'year' };

const BR_FULL = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;
const ISO_LOOSE = /^\s*(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?\s*$/;

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/**
 * 'dd/mm/aaaa' (or 'd/m/aaaa') → the ISO day, or why not: empty, still being typed, impossible, or a
 * year out of the product's range.
 */
export function parseBrDate(text: string): BrDateParse {
  const t = text.trim();
  if (t === '') return { ok: false, reason: 'empty' };
  const m = BR_FULL.exec(t);
  if (!m) return { ok: false, reason: incompleteOrInvalid(t, BR_DATE_LENGTH) };
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!isRealDay(year, month, day)) return { ok: false, reason: 'invalid' };
  if (year < MIN_YEAR || year > MAX_YEAR) return { ok: false, reason: 'year' };
  return { ok: true, iso: `${m[3]}-${pad(month, 2)}-${pad(day, 2)}` };
}

/** The ISO day the text names, or '' while it is empty, incomplete or impossible. */
export function brDateToIso(text: string): string {
  const r = parseBrDate(text);
  return r.ok ? r.iso : '';
}

/** The pt-BR error for the text, or null when it is empty or a valid date. */
export function brDateError(text: string): string | null {
  const r = parseBrDate(text);
  return r.ok || r.reason === 'empty' ? null : BR_DATE_MSG[r.reason];
}

/** 'AAAA-MM-DD' (or a timestamp starting with it) → 'dd/mm/aaaa'; '' for anything else. */
export function isoToBrDate(iso: string | null | undefined): string {
  const m = ISO_DAY.exec(iso ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

const SEPARATORS = /[/.\-\s:]/;

/**
 * Digits grouped in fields of the given widths, each group after the first preceded by its separator,
 * which is put in as the next group starts (so backspace removes it again). A separator typed after
 * one digit of a day, month or hour ends that group ('1/2' stays '1/2', tidied to '01/02' when the
 * field is left), so a day can be retyped in the middle of the text. Letters and extra digits are dropped.
 */
function maskGroups(raw: string, widths: readonly number[], separators: readonly string[]): string {
  const groups: string[] = [''];
  let trailingSeparator = false;
  for (const ch of raw) {
    const i = groups.length - 1;
    if (ch >= '0' && ch <= '9') {
      if (groups[i].length === widths[i]) {
        if (i === widths.length - 1) break;
        groups.push('');
      }
      groups[groups.length - 1] += ch;
      trailingSeparator = false;
    } else if (SEPARATORS.test(ch)) {
      if (groups[i] === '' || i === widths.length - 1) continue;
      if (groups[i].length < widths[i] && widths[i] !== 2) continue;
      groups.push('');
      trailingSeparator = true;
    }
  }
  let text = groups[0];
  for (let k = 1; k < groups.length; k++) if (groups[k] !== '') text += separators[k - 1] + groups[k];
  return trailingSeparator ? text + separators[groups.length - 2] : text;
}

/**
 * What the field shows for what was typed or pasted: digits grouped as dd/mm/aaaa with the slashes
 * put in as the next group starts ('23112026' → '23/11/2026'), a day or month typed with one digit
 * and a separator kept short ('1/2/2026', read as 01/02/2026), and a pasted ISO day ('2026-11-23')
 * turned round. Letters are dropped; at most 8 digits are kept.
 */
export function maskBrDate(raw: string): string {
  const iso = ISO_LOOSE.exec(raw);
  if (iso) return `${pad(Number(iso[3]), 2)}/${pad(Number(iso[2]), 2)}/${iso[1]}`;
  return maskGroups(raw, [2, 2, 4], ['/', '/']);
}

// ── Date and time of day: 'dd/mm/aaaa hh:mm' against the 'AAAA-MM-DDTHH:mm' of a local date-time. ──

export const BR_DATE_TIME_MSG = {
  invalid: 'Data e hora inválidas: use dd/mm/aaaa hh:mm.',
  incomplete: 'Data e hora incompletas: use dd/mm/aaaa hh:mm.',
  year: BR_DATE_MSG.year,
} as const;
export const BR_DATE_TIME_PLACEHOLDER = 'dd/mm/aaaa hh:mm';
export const BR_DATE_TIME_LENGTH = 16;

export const BR_TIME_MSG = {
  invalid: 'Horário inválido: use hh:mm, de 00:00 a 23:59.',
  incomplete: 'Horário incompleto: use hh:mm.',
} as const;
export const BR_TIME_PLACEHOLDER = 'hh:mm';
export const BR_TIME_LENGTH = 5;

const BR_DATE_TIME_FULL = /^(\d{1,2}\/\d{1,2}\/\d{4}) (\d{1,2}):(\d{2})$/;
const TIME_FULL = /^(\d{1,2}):(\d{2})$/;
const ISO_DATE_TIME = /^\s*(\d{4})-(\d{1,2})-(\d{1,2})[T ](\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?\s*$/;
const VALUE_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/;
const VALUE_TIME = /^(\d{2}):(\d{2})(?::\d{2})?$/;

function realTime(h: number, m: number): boolean {
  return h >= 0 && h <= 23 && m >= 0 && m <= 59;
}

/** Text still being typed: shorter than the full form and only digits and the form's separators. */
function incompleteOrInvalid(t: string, length: number): 'incomplete' | 'invalid' {
  return t.length < length && /^[\d/ :]+$/.test(t) ? 'incomplete' : 'invalid';
}

/** 'dd/mm/aaaa hh:mm' (or 'd/m/aaaa h:mm') → 'AAAA-MM-DDTHH:mm' (the value of a local date-time), or why not. */
export function parseBrDateTime(text: string): { ok: true; value: string } | { ok: false; reason: 'empty' | 'incomplete' | 'invalid' | 'year' } {
  const t = text.trim();
  if (t === '') return { ok: false, reason: 'empty' };
  const m = BR_DATE_TIME_FULL.exec(t);
  if (!m) return { ok: false, reason: incompleteOrInvalid(t, BR_DATE_TIME_LENGTH) };
  const day = parseBrDate(m[1]);
  if (!day.ok) return { ok: false, reason: day.reason === 'year' ? 'year' : 'invalid' };
  if (!realTime(Number(m[2]), Number(m[3]))) return { ok: false, reason: 'invalid' };
  return { ok: true, value: `${day.iso}T${pad(Number(m[2]), 2)}:${m[3]}` };
}

/** 'AAAA-MM-DDTHH:mm' (seconds ignored) → 'dd/mm/aaaa hh:mm'; '' for anything else. */
export function dateTimeValueToBr(value: string | null | undefined): string {
  const m = VALUE_DATE_TIME.exec(value ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]} ${m[4]}:${m[5]}` : '';
}

/** As maskBrDate, then a space and hh:mm ('231120261830' → '23/11/2026 18:30'); a pasted 'AAAA-MM-DDTHH:mm' is turned round. */
export function maskBrDateTime(raw: string): string {
  const iso = ISO_DATE_TIME.exec(raw);
  if (iso) return `${pad(Number(iso[3]), 2)}/${pad(Number(iso[2]), 2)}/${iso[1]} ${pad(Number(iso[4]), 2)}:${iso[5]}`;
  return maskGroups(raw, [2, 2, 4, 2, 2], ['/', '/', ' ', ':']);
}

/** 'hh:mm' (24 hours) → the same 'HH:mm' value, or why not. */
export function parseBrTime(text: string): { ok: true; value: string } | { ok: false; reason: 'empty' | 'incomplete' | 'invalid' } {
  const t = text.trim();
  if (t === '') return { ok: false, reason: 'empty' };
  const m = TIME_FULL.exec(t);
  if (!m) return { ok: false, reason: incompleteOrInvalid(t, BR_TIME_LENGTH) };
  return realTime(Number(m[1]), Number(m[2])) ? { ok: true, value: `${pad(Number(m[1]), 2)}:${m[2]}` } : { ok: false, reason: 'invalid' };
}

/** 'HH:mm' or 'HH:mm:ss' → 'hh:mm'; '' for anything else. */
export function timeValueToBr(value: string | null | undefined): string {
  const m = VALUE_TIME.exec(value ?? '');
  return m ? `${m[1]}:${m[2]}` : '';
}

/** Digits as hh:mm ('1830' → '18:30'; '9:05' stays, read as 09:05). */
export function maskBrTime(raw: string): string {
  return maskGroups(raw, [2, 2], [':']);
}

/** How one kind of field (date, date and time, time) is typed, shown, read and refused. */
export interface BrTextFormat {
  placeholder: string;
  length: number;
  mask: (raw: string) => string;
  /** The form's value for the text ('' while empty, incomplete or impossible). */
  toValue: (text: string) => string;
  /** The text for a value from the form. */
  fromValue: (value: string | null | undefined) => string;
  /** The pt-BR error for the text, or null when it is empty or valid. */
  error: (text: string) => string | null;
  /** True while the text is only the start of one ('23/1'): its error waits until the field is left. */
  incomplete: (text: string) => boolean;
}

/** A valid text in its full form ('1/2/2026' → '01/02/2026'); anything else as it is, for the error to point at. */
export function tidyText(format: BrTextFormat, text: string): string {
  const value = format.toValue(text);
  return value === '' ? text : format.fromValue(value);
}

export const BR_DATE: BrTextFormat = {
  placeholder: BR_DATE_PLACEHOLDER,
  length: BR_DATE_LENGTH,
  mask: maskBrDate,
  toValue: brDateToIso,
  fromValue: isoToBrDate,
  error: brDateError,
  incomplete: (text) => {
    const r = parseBrDate(text);
    return !r.ok && r.reason === 'incomplete';
  },
};

export const BR_DATE_TIME: BrTextFormat = {
  placeholder: BR_DATE_TIME_PLACEHOLDER,
  length: BR_DATE_TIME_LENGTH,
  mask: maskBrDateTime,
  toValue: (text) => {
    const r = parseBrDateTime(text);
    return r.ok ? r.value : '';
  },
  fromValue: dateTimeValueToBr,
  error: (text) => {
    const r = parseBrDateTime(text);
    return r.ok || r.reason === 'empty' ? null : BR_DATE_TIME_MSG[r.reason];
  },
  incomplete: (text) => {
    const r = parseBrDateTime(text);
    return !r.ok && r.reason === 'incomplete';
  },
};

export const BR_TIME: BrTextFormat = {
  placeholder: BR_TIME_PLACEHOLDER,
  length: BR_TIME_LENGTH,
  mask: maskBrTime,
  toValue: (text) => {
    const r = parseBrTime(text);
    return r.ok ? r.value : '';
  },
  fromValue: timeValueToBr,
  error: (text) => {
    const r = parseBrTime(text);
    return r.ok || r.reason === 'empty' ? null : BR_TIME_MSG[r.reason];
  },
  incomplete: (text) => {
    const r = parseBrTime(text);
    return !r.ok && r.reason === 'incomplete';
  },
};

/**
 * Where the caret goes when the text is edited in the middle: after the same number of digits as
 * before it in the raw text (typing at the end keeps it at the end).
 */
export function caretAfterDigits(masked: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < masked.length; i++) {
    if (masked[i] >= '0' && masked[i] <= '9' && ++seen === digitsBefore) return i + 1;
  }
  return masked.length;
}
