import type { Queryable } from '../db/index.js';
import { one } from '../db/index.js';
import { csvNumber, toCsv, type CsvCell } from '../csv.js';
import { brDate, brDecimal } from '../finance/csv.js';
import type {
  TDefaultsReport, TDefaultsRow, TEventReportRow, TEventsReport, TReceivablesMonth, TReceivablesReport,
} from '../../shared/charge-reports.js';
import { moneyToCents, sumMoney } from '../../shared/money.js';
import { clubTodayOf } from '../db/club-clock.js';

/**
 * The receivables reports (issue 35). A charge belongs to the month of its due date (a date, already
 * in the club's calendar). 'Recebido' is what was paid of that month's charges (payments not reversed,
 * whenever they were made), so charged = received + open on every line; the finance report's income
 * is the other view, by the date the money came in.
 */

const TODAY = clubTodayOf('$1');
const IN_YEAR = `ch.due_date >= make_date($2::int, 1, 1) AND ch.due_date < make_date($2::int + 1, 1, 1)`;

/** The current year in the club's calendar (the reports' default). */
export async function clubYear(q: Queryable, clubId: string): Promise<number> {
  return (await one<{ y: number }>(q, `SELECT extract(year FROM ${TODAY})::int AS y`, [clubId])).y;
}

/** Receivables per month of the year: charged, received, open and overdue today, and the year's totals. */
export async function receivables(q: Queryable, clubId: string, year: number): Promise<TReceivablesReport> {
  const months = await q.query<TReceivablesMonth>(
    `WITH months AS (SELECT generate_series(make_date($2::int, 1, 1), make_date($2::int, 12, 1), interval '1 month')::date AS m),
          ch AS (
            SELECT date_trunc('month', ch.due_date)::date AS m, ch.amount, ch.paid_amount, ch.due_date < ${TODAY} AS late
              FROM charges ch
             WHERE ch.club_id = $1 AND ch.cancelled_at IS NULL AND ${IN_YEAR}
          )
     SELECT to_char(months.m, 'YYYY-MM') AS month, count(ch.m)::int AS charges,
            coalesce(sum(ch.amount), 0)::numeric(14,2) AS charged,
            coalesce(sum(ch.paid_amount), 0)::numeric(14,2) AS received,
            coalesce(sum(ch.amount - ch.paid_amount), 0)::numeric(14,2) AS open,
            coalesce(sum(ch.amount - ch.paid_amount) FILTER (WHERE ch.late), 0)::numeric(14,2) AS overdue
       FROM months LEFT JOIN ch ON ch.m = months.m
      GROUP BY months.m ORDER BY months.m`,
    [clubId, year],
  );
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

type DefaultsSqlRow = Omit<TDefaultsRow, 'rate'>;

/**
 * Default per unit (the member's current unit in the club; none: 'Sem unidade'), over the year's
 * charges not cancelled. Members who left keep their charges here: the club still has to receive them.
 */
export async function defaults(q: Queryable, clubId: string, year: number): Promise<TDefaultsReport> {
  const rows = await q.query<DefaultsSqlRow>(
    `WITH ch AS (
       SELECT ch.profile_id, ch.amount, ch.paid_amount, ch.due_date < ${TODAY} AS due
         FROM charges ch
        WHERE ch.club_id = $1 AND ch.cancelled_at IS NULL AND ${IN_YEAR}
     )
     SELECT u.id AS unit_id, coalesce(u.name, 'Sem unidade') AS unit_name, count(DISTINCT ch.profile_id)::int AS members,
            count(*) FILTER (WHERE ch.due)::int AS due_count,
            coalesce(sum(ch.amount) FILTER (WHERE ch.due), 0)::numeric(14,2) AS due_amount,
            count(*) FILTER (WHERE ch.due AND ch.paid_amount < ch.amount)::int AS overdue_count,
            coalesce(sum(ch.amount - ch.paid_amount) FILTER (WHERE ch.due), 0)::numeric(14,2) AS overdue_amount
       FROM ch
       LEFT JOIN club_members cm ON cm.club_id = $1 AND cm.profile_id = ch.profile_id
       LEFT JOIN units u ON u.club_id = $1 AND u.id = cm.unit_id
      GROUP BY u.id, u.name
      ORDER BY pt_sort_key(u.name) COLLATE "C" NULLS LAST, u.id`,
    [clubId, year],
  );
  const asOf = await one<{ d: string; members: number }>(
    q,
    `SELECT ${TODAY}::text AS d, (SELECT count(DISTINCT ch.profile_id)::int FROM charges ch WHERE ch.club_id = $1 AND ch.cancelled_at IS NULL AND ${IN_YEAR}) AS members`,
    [clubId, year],
  );
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
  const rows = await q.query<TEventReportRow>(
    `SELECT e.id AS event_id, e.title, e.starts_on::text AS starts_on, e.cancelled_at IS NOT NULL AS cancelled, e.places,
            count(r.id)::int AS registered,
            count(r.id) FILTER (WHERE a.id IS NOT NULL)::int AS authorised,
            count(r.id) FILTER (WHERE pc.n > 0 AND pc.open = 0)::int AS paid,
            coalesce(sum(pc.amount), 0)::numeric(14,2) AS charged,
            coalesce(sum(pc.paid), 0)::numeric(14,2) AS received
       FROM events e
       LEFT JOIN event_registrations r ON r.club_id = e.club_id AND r.event_id = e.id AND r.cancelled_at IS NULL
       LEFT JOIN event_authorisations a ON a.club_id = r.club_id AND a.registration_id = r.id AND a.revoked_at IS NULL
       LEFT JOIN LATERAL (
         SELECT count(*)::int AS n, sum(c.amount) AS amount, sum(c.paid_amount) AS paid, sum(c.amount - c.paid_amount) AS open
           FROM charges c WHERE c.club_id = r.club_id AND c.event_registration_id = r.id AND c.cancelled_at IS NULL
       ) pc ON r.id IS NOT NULL
      WHERE e.club_id = $1 AND e.starts_on >= make_date($2::int, 1, 1) AND e.starts_on < make_date($2::int + 1, 1, 1)
      GROUP BY e.id
      ORDER BY e.starts_on, pt_sort_key(e.title) COLLATE "C", e.id`,
    [clubId, year],
  );
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
