import { one, type Queryable } from './types.js';

/**
 * The club's clock in SQL: days and months begin at midnight in the club's own time zone
 * (`clubs.timezone`), not the server's. `club` is the alias of the `clubs` row in the query.
 */
type ClubPeriod = 'day' | 'month';

/** The club's current day or month on its own calendar: a local timestamp (midnight, or the 1st at midnight). */
export const clubCurrent = (period: ClubPeriod, club = 'c') => `date_trunc('${period}', now() AT TIME ZONE ${club}.timezone)`;

/** The instant (timestamptz) the club's current day or month began. */
export const clubPeriodStart = (period: ClubPeriod, club = 'c') => `(${clubCurrent(period, club)} AT TIME ZONE ${club}.timezone)`;

/** The instant (timestamptz) the club's next day or month begins. */
export const clubNextPeriodStart = (period: ClubPeriod, club = 'c') =>
  `((${clubCurrent(period, club)} + interval '1 ${period}') AT TIME ZONE ${club}.timezone)`;

/** The date an instant (an SQL timestamptz expression) falls on in the club's calendar; by default now(): the club's today. */
export const clubDate = (instant = 'now()', club = 'c') => `(${instant} AT TIME ZONE ${club}.timezone)::date`;

/**
 * The club's today as a scalar subquery, for a query with no `clubs` row at hand: `clubId` is an SQL
 * expression (`$1`, `e.club_id`). Its own alias cannot capture the caller's `c`.
 */
export const clubTodayOf = (clubId: string) => `(SELECT ${clubDate('now()', 'tz_club')} FROM clubs tz_club WHERE tz_club.id = ${clubId})`;

/** The club's time zone as a scalar subquery, for a query with no `clubs` row at hand (`clubId` an SQL expression). */
export const clubZoneOf = (clubId: string) => `(SELECT tz_club.timezone FROM clubs tz_club WHERE tz_club.id = ${clubId})`;

/**
 * The instant (timestamptz) a club-local date and time stand for: `date` and `time` are SQL
 * expressions, `zone` the club's time zone (`c.timezone`, a parameter, or {@link clubZoneOf}).
 */
export const clubInstant = (date: string, time: string, zone: string) => `((${date}::date + ${time}::time) AT TIME ZONE ${zone})`;

/** The club's today ('YYYY-MM-DD') on its own calendar. */
export async function clubToday(q: Queryable, clubId: string): Promise<string> {
  return (await one<{ d: string }>(q, `SELECT ${clubDate()}::text AS d FROM clubs c WHERE c.id = $1`, [clubId])).d;
}

/**
 * How long (ms) until the club's next day begins in its own time zone: a read that depends on the
 * club's today (what is overdue, who is of age, the next events) is kept until then (ADR 026, ADR 084).
 */
export async function untilNextClubDayMs(q: Queryable, clubId: string): Promise<number> {
  const row = await one<{ ms: string }>(
    q, `SELECT floor(1000 * extract(epoch FROM ${clubNextPeriodStart('day')} - now()))::text AS ms FROM clubs c WHERE c.id = $1`, [clubId]);
  return Number(row.ms);
}
