import { format, parseISO } from 'date-fns';
import { ptBR } from 'date-fns/locale';
import { MONTHS_PT } from '../../shared/dates';

export { formatMoney } from '../../shared/format-brl';

/** Week starts on Sunday (spec 9); ptBR's own default is Sunday too. */
export const DATE_LOCALE = { locale: ptBR, weekStartsOn: 0 as const };

function toDate(value: string | Date): Date {
  return typeof value === 'string' ? parseISO(value) : value;
}

/** dd/MM/yyyy HH:mm */
export function formatDateTime(value: string | Date | null | undefined): string {
  return value ? format(toDate(value), 'dd/MM/yyyy HH:mm', DATE_LOCALE) : '-';
}

/** dd/MM/yyyy */
export function formatDate(value: string | Date | null | undefined): string {
  return value ? format(toDate(value), 'dd/MM/yyyy', DATE_LOCALE) : '-';
}

/** ISO string → local 'yyyy-MM-ddTHH:mm' (the value of a DateTimeInput) in the browser's time zone. */
export function toLocalDateTimeInput(iso: string | null | undefined): string {
  return iso ? format(parseISO(iso), "yyyy-MM-dd'T'HH:mm") : '';
}

/** Local 'yyyy-MM-ddTHH:mm' (a DateTimeInput's value) → ISO string (or null when empty). */
export function fromLocalDateTimeInput(value: string | null | undefined): string | null {
  return value ? new Date(value).toISOString() : null;
}

/** A month of a year as a sentence says it: (2027, 3) → 'março de 2027'. */
export function monthOfYear(year: number, month: number): string {
  return `${MONTHS_PT[month - 1]} de ${year}`;
}

/** A month of a year as a title: (2027, 3) → 'Março de 2027'. */
export function monthTitle(year: number, month: number): string {
  const text = monthOfYear(year, month);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
