import type { Queryable } from '../db/index.js';
import { one } from '../db/index.js';
import type { TDefaultsRow, TEventReportRow, TReceivablesMonth } from '../../shared/charge-reports.js';
import { clubTodayOf } from '../db/club-clock.js';

const TODAY = clubTodayOf('$1');
const IN_YEAR = `ch.due_date >= make_date($2::int, 1, 1) AND ch.due_date < make_date($2::int + 1, 1, 1)`;

/** The current year in the club's calendar (the reports' default). */
export async function clubYear(q: Queryable, clubId: string): Promise<number> {
  return (await one<{ y: number }>(q, `SELECT extract(year FROM ${TODAY})::int AS y`, [clubId])).y;
}

/** The year's twelve months: charges by due date, charged, received, open and overdue today. */
export function receivableMonths(q: Queryable, clubId: string, year: number) {
  return q.query<TReceivablesMonth>(
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
}

export type DefaultsSqlRow = Omit<TDefaultsRow, 'rate'>;

/** The year's charges per unit (the member's current unit; none: 'Sem unidade'), due and overdue today. */
export function defaultsRows(q: Queryable, clubId: string, year: number) {
  return q.query<DefaultsSqlRow>(
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
}

/** Today in the club's calendar, and how many members have a charge in the year. */
export function defaultsAsOf(q: Queryable, clubId: string, year: number) {
  return one<{ d: string; members: number }>(
    q,
    `SELECT ${TODAY}::text AS d, (SELECT count(DISTINCT ch.profile_id)::int FROM charges ch WHERE ch.club_id = $1 AND ch.cancelled_at IS NULL AND ${IN_YEAR}) AS members`,
    [clubId, year],
  );
}

/** The year's events with places, registrations, authorisations, paid registrations, charged and received. */
export function eventRows(q: Queryable, clubId: string, year: number) {
  return q.query<TEventReportRow>(
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
}
