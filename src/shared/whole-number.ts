import { z } from 'zod';

const DIGITS = /^-?\d{1,9}$/;

/**
 * A whole number from JSON (42) or from a form field's text ('42'). Anything else — '', 'dez',
 * 2.5, '2,5', null — is null: a typo must never become a real score (issue 18).
 */
export function parseWholeNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (typeof value === 'string') {
    const s = value.trim();
    return DIGITS.test(s) ? Number(s) + 0 : null;
  }
  return null;
}

/**
 * A whole number field of a form and a request body, in [min, max]; every refusal carries `message`.
 * Range and fraction failures are plain checks (not aborts), so object-level rules still report.
 */
export function zWholeNumber(message: string, { min, max }: { min: number; max: number }) {
  return z
    .union([z.number(), z.string()], { error: message })
    .transform((v) => (typeof v === 'number' ? v : (parseWholeNumber(v) ?? Number.NaN)))
    .pipe(z.number({ error: message }).int(message).min(min, message).max(max, message));
}

/**
 * An optional whole number: absent, null or blank is `blank` (null for "none", or a default the
 * rest of the schema checks); anything else must be a whole number in [min, max].
 */
export function zOptionalWholeNumber<B extends number | null>(message: string, { min, max }: { min: number; max: number }, blank: B) {
  return z
    .union([z.number(), z.string(), z.null()], { error: message })
    .optional()
    .transform((v, ctx): number | B => {
      if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return blank;
      const n = parseWholeNumber(v);
      if (n === null || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });
}
