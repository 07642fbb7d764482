/**
 * The dates Trilha accepts anywhere in the product: years 1900–2200 (issue 22). Outside that range a
 * date is a typo, and some of them (year 20, offsets like +16:55) are valid to PostgreSQL but not to
 * JavaScript, so they are refused beside the field instead of reaching the database.
 */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2200;

/** Real UTC offsets run from -12:00 to +14:00. */
const OFFSET = /([+-])(\d{2}):?(\d{2})$/;

/** An instant or calendar date (ISO text) that parses, has a real UTC offset and falls within the product's years. */
export function isWithinProductYears(value: string): boolean {
  const offset = OFFSET.exec(value);
  if (offset && value.includes('T')) {
    const minutes = Number(offset[2]) * 60 + Number(offset[3]);
    if (Number(offset[3]) > 59 || minutes > (offset[1] === '+' ? 14 * 60 : 12 * 60)) return false;
  }
  const t = Date.parse(value);
  if (Number.isNaN(t)) return false;
  const year = new Date(t).getUTCFullYear();
  return year >= MIN_YEAR && year <= MAX_YEAR;
}

/** True when year, month and day name a day of the calendar (31/02 and 00/13 do not). */
export function isRealDay(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (month < 1 || month > 12 || day < 1) return false;
  const d = new Date(Date.UTC(2000, month - 1, day));
  d.setUTCFullYear(year);
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** The months in pt-BR, lower case ('março'), January first: the one list the web and the server name months with. */
export const MONTHS_PT = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'] as const;
