import { format, parseISO } from 'date-fns';
import { ptBR } from 'date-fns/locale';
import { formatBrl } from '../../shared/format-brl';

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

const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 'R$ 1.234,50' from a decimal string (digit by digit, exact at any size) or a number. */
export function formatMoney(value: string | number | null | undefined): string {
  const s = typeof value === 'string' ? value.trim() : '';
  if (/^-?\d+(\.\d{1,2})?$/.test(s)) return `${s.startsWith('-') ? '-' : ''}R$\u00a0${formatBrl(s.replace(/^-/, ''))}`;
  return BRL.format(Number(value ?? 0));
}

/** ISO string → local 'yyyy-MM-ddTHH:mm' (the value of a DateTimeInput) in the browser's time zone. */
export function toLocalDateTimeInput(iso: string | null | undefined): string {
  return iso ? format(parseISO(iso), "yyyy-MM-dd'T'HH:mm") : '';
}

/** Local 'yyyy-MM-ddTHH:mm' (a DateTimeInput's value) → ISO string (or null when empty). */
export function fromLocalDateTimeInput(value: string | null | undefined): string | null {
  return value ? new Date(value).toISOString() : null;
}
