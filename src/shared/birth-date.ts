import { z } from 'zod';
import { MIN_YEAR, isRealDay } from './dates.js';

/**
 * A member's birth date, which decides the class the programme suggests and whether a guardian's
 * consent is needed (issue 43). Typed dd/mm/aaaa in the form and in an imported file; the API speaks
 * 'AAAA-MM-DD'. An impossible day (31/02), a year before 1900 or a day still to come is refused.
 */
export const BIRTH_DATE_MSG = {
  invalid: 'Data de nascimento inválida: use dd/mm/aaaa.',
  impossible: 'Data de nascimento inexistente (confira o dia e o mês).',
  tooOld: `Data de nascimento inválida: o ano deve ser ${MIN_YEAR} ou depois.`,
  future: 'A data de nascimento não pode estar no futuro.',
} as const;

export type BirthDateParse = { ok: true; iso: string | null } | { ok: false; message: string };

const BR_DAY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar day of today in UTC, 'AAAA-MM-DD'. */
export const todayIso = () => new Date().toISOString().slice(0, 10);

/** Checks a day given as numbers; `today` is 'AAAA-MM-DD'. */
function checkDay(year: number, month: number, day: number, today: string): BirthDateParse {
  if (!isRealDay(year, month, day)) return { ok: false, message: BIRTH_DATE_MSG.impossible };
  if (year < MIN_YEAR) return { ok: false, message: BIRTH_DATE_MSG.tooOld };
  const iso = `${year}-${pad(month)}-${pad(day)}`;
  if (iso > today) return { ok: false, message: BIRTH_DATE_MSG.future };
  return { ok: true, iso };
}

/**
 * A cell of an imported file: 'dd/mm/aaaa' (also 'd/m/aaaa', '-' or '.' between) or 'AAAA-MM-DD'; empty
 * means no birth date.
 */
export function parseBirthDateText(text: string, today: string = todayIso()): BirthDateParse {
  const t = text.trim();
  if (t === '') return { ok: true, iso: null };
  const br = BR_DAY.exec(t);
  if (br) return checkDay(Number(br[3]), Number(br[2]), Number(br[1]), today);
  const iso = ISO_DAY.exec(t);
  if (iso) return checkDay(Number(iso[1]), Number(iso[2]), Number(iso[3]), today);
  return { ok: false, message: BIRTH_DATE_MSG.invalid };
}

/** The API's birth date: 'AAAA-MM-DD', or ''/null/absent for none. */
export const ZBirthDate = z
  .union([z.string({ error: BIRTH_DATE_MSG.invalid }), z.null()], { error: BIRTH_DATE_MSG.invalid })
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || v.trim() === '') return null;
    const parsed = ISO_DAY.test(v.trim()) ? parseBirthDateText(v) : ({ ok: false, message: BIRTH_DATE_MSG.invalid } as const);
    if (parsed.ok) return parsed.iso;
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  });
