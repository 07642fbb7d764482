import type { Queryable } from '../db/index.js';
import { clubTodayOf } from '../db/club-clock.js';
import { GUARDIAN_IN_FORCE_SQL } from '../families/access.js';
import type { TEntryKind } from '../../shared/associacao-plan.js';

/** SQL of the year's plan (issue 48): the dates typed or imported, the plan's goals, the calendar feeds. */

export interface ClubFacts {
  name: string;
  timezone: string;
  today: string;
  month: number;
  day: number;
}

export async function clubFacts(q: Queryable, clubId: string): Promise<ClubFacts | null> {
  const [row] = await q.query<ClubFacts>(
    `SELECT c.name, c.timezone, ${clubTodayOf('c.id')}::text AS today,
            coalesce(s.deadline_month, 2)::int AS month, coalesce(s.deadline_day, 10)::int AS day
       FROM clubs c LEFT JOIN associacao_settings s ON s.club_id = c.id
      WHERE c.id = $1`,
    [clubId],
  );
  return row ?? null;
}

export interface MeetingRow { id: string; date: string; time: string; title: string }
export async function listMeetings(q: Queryable, clubId: string, from: string, to: string): Promise<MeetingRow[]> {
  return q.query<MeetingRow>(
    `SELECT id, date::text AS date, to_char(start_time, 'HH24:MI') AS time, title
       FROM meetings WHERE club_id = $1 AND date BETWEEN $2 AND $3 AND status = 'scheduled'
      ORDER BY date, start_time, id`,
    [clubId, from, to],
  );
}

export interface RuleRow { id: string; title: string; weekday: number; time: string; start_date: string; last_generated_date: string | null }
export async function listActiveRules(q: Queryable, clubId: string): Promise<RuleRow[]> {
  return q.query<RuleRow>(
    `SELECT id, title, weekday, to_char(start_time, 'HH24:MI') AS time, start_date::text AS start_date, last_generated_date::text AS last_generated_date
       FROM meeting_rules WHERE club_id = $1 AND active ORDER BY weekday, start_time, id`,
    [clubId],
  );
}

export interface EventRow { id: string; title: string; starts_on: string; ends_on: string; place: string }
export async function listEvents(q: Queryable, clubId: string, from: string, to: string): Promise<EventRow[]> {
  return q.query<EventRow>(
    `SELECT id, title, starts_on::text AS starts_on, ends_on::text AS ends_on, place
       FROM events WHERE club_id = $1 AND cancelled_at IS NULL AND starts_on <= $3 AND ends_on >= $2
      ORDER BY starts_on, title, id`,
    [clubId, from, to],
  );
}

export interface EntryRow { id: string; kind: TEntryKind; title: string; starts_on: string; ends_on: string; notes: string | null }
export async function listEntries(q: Queryable, clubId: string, from: string, to: string): Promise<EntryRow[]> {
  return q.query<EntryRow>(
    `SELECT id, kind, title, starts_on::text AS starts_on, ends_on::text AS ends_on, notes
       FROM club_calendar_entries WHERE club_id = $1 AND starts_on <= $3 AND ends_on >= $2
      ORDER BY starts_on, title, id`,
    [clubId, from, to],
  );
}

export interface EntryFields { kind: TEntryKind; title: string; starts_on: string; ends_on: string; notes: string | null }

export async function insertEntries(q: Queryable, clubId: string, rows: EntryFields[], source: 'typed' | 'ics' | 'csv' | 'demo', actorId: string | null): Promise<string[]> {
  if (rows.length === 0) return [];
  const out = await q.query<{ id: string }>(
    `INSERT INTO club_calendar_entries (club_id, kind, title, starts_on, ends_on, notes, source, created_by)
     SELECT $1, r.kind, r.title, r.starts_on::date, r.ends_on::date, r.notes, $7, $8
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) AS r(kind, title, starts_on, ends_on, notes)
     RETURNING id`,
    [clubId, rows.map((r) => r.kind), rows.map((r) => r.title), rows.map((r) => r.starts_on), rows.map((r) => r.ends_on), rows.map((r) => r.notes), source, actorId],
  );
  return out.map((r) => r.id);
}

export async function updateEntry(q: Queryable, clubId: string, id: string, f: EntryFields): Promise<boolean> {
  const rows = await q.query(
    `UPDATE club_calendar_entries SET kind = $3, title = $4, starts_on = $5, ends_on = $6, notes = $7, updated_at = now()
      WHERE club_id = $1 AND id = $2 RETURNING id`,
    [clubId, id, f.kind, f.title, f.starts_on, f.ends_on, f.notes],
  );
  return rows.length > 0;
}

export async function deleteEntry(q: Queryable, clubId: string, id: string): Promise<boolean> {
  return (await q.query(`DELETE FROM club_calendar_entries WHERE club_id = $1 AND id = $2 RETURNING id`, [clubId, id])).length > 0;
}

// ——— The annual plan ———

export interface PlanRow { goals: string; signed_on: string | null }
export async function findPlan(q: Queryable, clubId: string, year: number): Promise<PlanRow | null> {
  const [row] = await q.query<PlanRow>(`SELECT goals, signed_on::text AS signed_on FROM club_annual_plans WHERE club_id = $1 AND year = $2`, [clubId, year]);
  return row ?? null;
}

/** The day each club's plan of its year was signed, in one statement; a club with no signed plan is absent. */
export async function plansSignedOnOfClubs(q: Queryable, clubs: Array<{ clubId: string; year: number }>): Promise<Map<string, string>> {
  const rows = await q.query<{ club_id: string; signed_on: string }>(
    `SELECT p.club_id, p.signed_on::text AS signed_on
       FROM club_annual_plans p JOIN unnest($1::uuid[], $2::int[]) AS k(club_id, year) ON k.club_id = p.club_id AND k.year = p.year
      WHERE p.club_id = ANY($1::uuid[]) AND p.signed_on IS NOT NULL`,
    [clubs.map((c) => c.clubId), clubs.map((c) => c.year)],
  );
  return new Map(rows.map((r) => [r.club_id, r.signed_on]));
}

export async function savePlan(q: Queryable, clubId: string, year: number, goals: string, signedOn: string | null, actorId: string | null): Promise<void> {
  await q.query(
    `INSERT INTO club_annual_plans (club_id, year, goals, signed_on, signed_by, updated_by)
     VALUES ($1, $2, $3, $4, CASE WHEN $4::date IS NULL THEN NULL ELSE $5::uuid END, $5)
     ON CONFLICT (club_id, year) DO UPDATE SET goals = excluded.goals, signed_on = excluded.signed_on,
       signed_by = CASE WHEN excluded.signed_on IS NULL THEN NULL
                        WHEN club_annual_plans.signed_on IS NOT DISTINCT FROM excluded.signed_on THEN club_annual_plans.signed_by
                        ELSE excluded.signed_by END,
       updated_by = excluded.updated_by, updated_at = now()`,
    [clubId, year, goals, signedOn, actorId],
  );
}

// ——— Calendar feeds ———

export async function findFeed(q: Queryable, clubId: string, profileId: string): Promise<{ id: string; created_at: string } | null> {
  const [row] = await q.query<{ id: string; created_at: string }>(
    `SELECT id, created_at::text AS created_at FROM calendar_feed_tokens WHERE club_id = $1 AND profile_id = $2 AND revoked_at IS NULL`,
    [clubId, profileId],
  );
  return row ?? null;
}

/** Revokes the person's feed in force (if any); true when one was revoked. */
export async function revokeFeed(q: Queryable, clubId: string, profileId: string): Promise<boolean> {
  return (await q.query(`UPDATE calendar_feed_tokens SET revoked_at = now() WHERE club_id = $1 AND profile_id = $2 AND revoked_at IS NULL RETURNING id`, [clubId, profileId])).length > 0;
}

export async function insertFeed(q: Queryable, clubId: string, profileId: string, tokenHash: string): Promise<{ id: string; created_at: string }> {
  const [row] = await q.query<{ id: string; created_at: string }>(
    `INSERT INTO calendar_feed_tokens (club_id, profile_id, token_hash) VALUES ($1, $2, $3) RETURNING id, created_at::text AS created_at`,
    [clubId, profileId, tokenHash],
  );
  return row;
}

/**
 * The club of a feed in force whose owner may still read the club's calendar: an active member of
 * the active club, or a guardian in force of one of its active members. Anything else: null.
 */
export async function clubOfFeed(q: Queryable, tokenHash: string): Promise<string | null> {
  const [row] = await q.query<{ club_id: string }>(
    `SELECT t.club_id FROM calendar_feed_tokens t JOIN clubs c ON c.id = t.club_id AND c.active
      WHERE t.token_hash = $1 AND t.revoked_at IS NULL
        AND (EXISTS (SELECT 1 FROM club_members m WHERE m.club_id = t.club_id AND m.profile_id = t.profile_id AND m.active)
          OR EXISTS (SELECT 1 FROM member_guardians g JOIN club_members cm ON cm.id = g.member_id AND cm.club_id = g.club_id
                      WHERE g.club_id = t.club_id AND g.profile_id = t.profile_id AND ${GUARDIAN_IN_FORCE_SQL}))`,
    [tokenHash],
  );
  return row?.club_id ?? null;
}

// ——— Deadline reminders ———

export interface ReminderClub { club_id: string; today: string; month: number; day: number }

/** Every active club with its today and SGC deadline (the reminders job reads them all at once). */
export async function remindableClubs(q: Queryable, now: Date): Promise<ReminderClub[]> {
  return q.query<ReminderClub>(
    `SELECT c.id AS club_id, (($1::timestamptz) AT TIME ZONE c.timezone)::date::text AS today,
            coalesce(s.deadline_month, 2)::int AS month, coalesce(s.deadline_day, 10)::int AS day
       FROM clubs c LEFT JOIN associacao_settings s ON s.club_id = c.id
      WHERE c.active`,
    [now.toISOString()],
  );
}
