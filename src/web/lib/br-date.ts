import { MAX_YEAR, MIN_YEAR } from '../../shared/dates';

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

const BR_FULL = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;
const ISO_LOOSE = /^\s*(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?\s*$/;
const SEPARATOR = /[/.\-\s]/;

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** True when year, month and day name a day of the calendar (31/02 and 00/13 do not). */
export function isRealDay(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (month < 1 || month > 12 || day < 1) return false;
  const d = new Date(Date.UTC(2000, month - 1, day));
  d.setUTCFullYear(year);
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** 'dd/mm/aaaa' → the ISO day, or why not: empty, still being typed, impossible, or a year out of the product's range. */
export function parseBrDate(text: string): BrDateParse {
  const t = text.trim();
  if (t === '') return { ok: false, reason: 'empty' };
  const m = BR_FULL.exec(t);
  if (!m) return { ok: false, reason: t.length < BR_DATE_LENGTH && /^[\d/]+$/.test(t) ? 'incomplete' : 'invalid' };
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!isRealDay(year, month, day)) return { ok: false, reason: 'invalid' };
  if (year < MIN_YEAR || year > MAX_YEAR) return { ok: false, reason: 'year' };
  return { ok: true, iso: `${m[3]}-${m[2]}-${m[1]}` };
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

/**
 * What the field shows for what was typed or pasted: digits grouped as dd/mm/aaaa with the slashes
 * put in as the next group starts ('23112026' → '23/11/2026'), a day or month typed with one digit
 * and a separator padded ('1/2/2026' → '01/02/2026'), and a pasted ISO day ('2026-11-23') turned
 * round. Letters are dropped; at most 8 digits are kept.
 */
export function maskBrDate(raw: string): string {
  const iso = ISO_LOOSE.exec(raw);
  if (iso) return `${pad(Number(iso[3]), 2)}/${pad(Number(iso[2]), 2)}/${iso[1]}`;
  const widths = [2, 2, 4];
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
    } else if (SEPARATOR.test(ch)) {
      if (groups[i] === '' || i === widths.length - 1) continue;
      if (groups[i].length < widths[i]) groups[i] = groups[i].padStart(widths[i], '0');
      groups.push('');
      trailingSeparator = true;
    }
  }
  const text = groups.filter((g) => g !== '').join('/');
  return trailingSeparator && groups.length <= widths.length ? `${text}/` : text;
}

/** Where the caret goes in the masked text: after the same number of digits as before it in the raw text. */
export function caretAfterDigits(masked: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < masked.length; i++) {
    if (masked[i] >= '0' && masked[i] <= '9' && ++seen === digitsBefore) {
      // Step over a slash that follows, so typing on continues in the next group.
      return masked[i + 1] === '/' ? i + 2 : i + 1;
    }
  }
  return masked.length;
}
