import type { Queryable } from '../db/index.js';
import { csvNumber, toCsv, type CsvCell } from '../csv.js';
import { brDate, brDecimal } from '../finance/csv.js';
import type {
  TDefaultsReport, TEventsReport, TReceivablesReport,
} from '../../shared/charge-reports.js';
import { moneyToCents, sumMoney } from '../../shared/money.js';
import * as reportRepo from './report-repo.js';

/**
 * The receivables reports (issue 35). A charge belongs to the month of its due date (a date, already
 * in the club's calendar). 'Recebido' is what was paid of that month's charges (payments not reversed,
 * whenever they were made), so charged = received + open on every line; the finance report's income
 * is the other view, by the date the money came in.
 */

export { clubYear } from './report-repo.js';

/** Receivables per month of the year: charged, received, open and overdue today, and the year's totals. */
export async function receivables(q: Queryable, clubId: string, year: number): Promise<TReceivablesReport> {
  const months = await reportRepo.receivableMonths(q, clubId, year);
  const sum = (k: 'charged' | 'received' | 'open' | 'overdue') => sumMoney(months.map((m) => m[k]));
  return {
    year,
    months,
    total: { charges: months.reduce((n, m) => n + m.charges, 0), charged: sum('charged'), received: sum('received'), open: sum('open'), overdue: sum('overdue') },
  };
}

/** Open past due ÷ due, in percent with one decimal, rounded half up (exact, through cents). */
export function defaultRate(overdue: string, due: string): number {
  const d = moneyToCents(due);
  if (d === 0n) return 0;
  return Number((moneyToCents(overdue) * 2000n / d + 1n) / 2n) / 10;
}

/**
 * Default per unit (the member's current unit in the club; none: 'Sem unidade'), over the year's
 * charges not cancelled. Members who left keep their charges here: the club still has to receive them.
 */
export async function defaults(q: Queryable, clubId: string, year: number): Promise<TDefaultsReport> {
  const rows = await reportRepo.defaultsRows(q, clubId, year);
  const asOf = await reportRepo.defaultsAsOf(q, clubId, year);
  const dueAmount = sumMoney(rows.map((r) => r.due_amount));
  const overdueAmount = sumMoney(rows.map((r) => r.overdue_amount));
  return {
    year,
    as_of: asOf.d,
    units: rows.map((r) => ({ ...r, rate: defaultRate(r.overdue_amount, r.due_amount) })),
    total: {
      members: asOf.members,
      due_count: rows.reduce((n, r) => n + r.due_count, 0),
      due_amount: dueAmount,
      overdue_count: rows.reduce((n, r) => n + r.overdue_count, 0),
      overdue_amount: overdueAmount,
      rate: defaultRate(overdueAmount, dueAmount),
    },
  };
}

/**
 * The year's events (by their start), cancelled ones included and marked: places, registrations in
 * force, those with the guardian's authorisation in force, those whose charges are all paid, and the
 * amounts charged and received of those registrations.
 */
export async function events(q: Queryable, clubId: string, year: number): Promise<TEventsReport> {
  const rows = await reportRepo.eventRows(q, clubId, year);
  return { year, events: rows };
}

// ——— CSV (pt-BR: ';', decimal comma, dd/mm/aaaa, BOM; text cells neutralised by toCsv) ———

const money = (amount: string) => csvNumber(brDecimal(amount));
const monthLabel = (ym: string) => `${ym.slice(5, 7)}/${ym.slice(0, 4)}`;
const rateCell = (rate: number) => csvNumber(rate.toFixed(1).replace('.', ','));

export function receivablesCsv(r: TReceivablesReport): string {
  const rows: CsvCell[][] = [['Mês', 'Cobranças', 'Cobrado (R$)', 'Recebido (R$)', 'Em aberto (R$)', 'Vencido (R$)']];
  for (const m of r.months) rows.push([monthLabel(m.month), m.charges, money(m.charged), money(m.received), money(m.open), money(m.overdue)]);
  rows.push(['Total', r.total.charges, money(r.total.charged), money(r.total.received), money(r.total.open), money(r.total.overdue)]);
  return toCsv(rows);
}

export function defaultsCsv(r: TDefaultsReport): string {
  const header = ['Unidade', 'Membros com cobrança', 'Cobranças vencidas até hoje', 'Valor vencido (R$)', 'Em atraso', 'Em atraso (R$)', 'Inadimplência (%)'];
  const rows: CsvCell[][] = [header];
  for (const u of r.units) rows.push([u.unit_name, u.members, u.due_count, money(u.due_amount), u.overdue_count, money(u.overdue_amount), rateCell(u.rate)]);
  const t = r.total;
  rows.push(['Total', t.members, t.due_count, money(t.due_amount), t.overdue_count, money(t.overdue_amount), rateCell(t.rate)]);
  return toCsv(rows);
}

export function eventsCsv(r: TEventsReport): string {
  const rows: CsvCell[][] = [['Evento', 'Início', 'Situação', 'Vagas', 'Inscritos', 'Autorizados', 'Pagos', 'Cobrado (R$)', 'Recebido (R$)']];
  for (const e of r.events) {
    rows.push([e.title, brDate(e.starts_on), e.cancelled ? 'Cancelado' : 'Ativo', e.places ?? 'Sem limite', e.registered, e.authorised, e.paid, money(e.charged), money(e.received)]);
  }
  return toCsv(rows);
}
