import { maybeOne, one, type Queryable } from '../db/index.js';
import type { TDuesException, TDuesPlan } from '../../shared/dues.js';
import { clubCurrent } from '../db/club-clock.js';

/** The dues this transaction just wrote (their created_at is the transaction's now()). */
export async function newDuesIds(q: Queryable, clubId: string): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `SELECT id FROM charges WHERE club_id = $1 AND origin = 'mensalidade' AND dues_month IS NOT NULL AND created_at = now()`, [clubId]);
  return rows.map((r) => r.id);
}

const PLAN_COLUMNS = `description, amount::text AS amount, due_day::int AS due_day, months::int[] AS months, active,
  to_char(generated_through, 'YYYY-MM-DD') AS generated_through, to_char(first_month, 'YYYY-MM-DD') AS first_month`;

export function getPlan(q: Queryable, clubId: string) {
  return maybeOne<TDuesPlan>(q, `SELECT ${PLAN_COLUMNS} FROM dues_plans WHERE club_id = $1`, [clubId]);
}

/** The plan, its row locked (a price and a discount saved at once take turns). */
export function lockPlan(q: Queryable, clubId: string) {
  return maybeOne<TDuesPlan>(q, `SELECT ${PLAN_COLUMNS} FROM dues_plans WHERE club_id = $1 FOR UPDATE`, [clubId]);
}

export function mustGetPlan(q: Queryable, clubId: string) {
  return one<TDuesPlan>(q, `SELECT ${PLAN_COLUMNS} FROM dues_plans WHERE club_id = $1`, [clubId]);
}

export function listExceptions(q: Queryable, clubId: string) {
  return q.query<TDuesException>(
    `SELECT e.profile_id, p.full_name AS member_name, e.kind, e.amount::text AS amount, e.percent::int AS percent, e.reason
       FROM dues_exceptions e JOIN profiles p ON p.id = e.profile_id
      WHERE e.club_id = $1 ORDER BY pt_sort_key(p.full_name) COLLATE "C", p.full_name, e.profile_id`,
    [clubId],
  );
}

/**
 * Creates or replaces the club's plan; `starts`: its first month is set again (this month for 'current',
 * else next month in the club's calendar).
 */
export async function upsertPlan(q: Queryable, clubId: string, p: {
  description: string; amount: string; due_day: number; months: number[]; active: boolean; first_month: string | undefined; starts: boolean;
}): Promise<void> {
  await q.query(
    `INSERT INTO dues_plans (club_id, description, amount, due_day, months, active, first_month)
     SELECT $1, $2, $3, $4, $5::smallint[], $6,
            (${clubCurrent('month')} + CASE WHEN $7 = 'current' THEN interval '0' ELSE interval '1 month' END)::date
       FROM clubs c WHERE c.id = $1
     ON CONFLICT (club_id) DO UPDATE SET description = EXCLUDED.description, amount = EXCLUDED.amount, due_day = EXCLUDED.due_day,
       months = EXCLUDED.months, active = EXCLUDED.active, updated_at = now(),
       first_month = CASE WHEN $8 THEN EXCLUDED.first_month ELSE dues_plans.first_month END`,
    [clubId, p.description, p.amount, p.due_day, p.months, p.active, p.first_month, p.starts],
  );
}

/** The plan's price and the member's name, the plan's row locked: a price saved at the same time waits. */
export function lockPlanForMember(q: Queryable, clubId: string, profileId: string) {
  return maybeOne<{ amount: string; member_name: string }>(q,
    `SELECT pl.amount::text AS amount, p.full_name AS member_name FROM dues_plans pl, profiles p
      WHERE pl.club_id = $1 AND p.id = $2 FOR UPDATE OF pl`, [clubId, profileId]);
}

export async function upsertException(q: Queryable, clubId: string, profileId: string, e: {
  kind: string; amount: string | null; percent: number | null; reason: string | null | undefined;
}): Promise<void> {
  await q.query(
    `INSERT INTO dues_exceptions (club_id, profile_id, kind, amount, percent, reason) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (club_id, profile_id) DO UPDATE SET kind = EXCLUDED.kind, amount = EXCLUDED.amount, percent = EXCLUDED.percent, reason = EXCLUDED.reason`,
    [clubId, profileId, e.kind, e.amount, e.percent, e.reason],
  );
}

/** Whether there was one to delete. */
export async function deleteException(q: Queryable, clubId: string, profileId: string): Promise<boolean> {
  const gone = await q.query(`DELETE FROM dues_exceptions WHERE club_id = $1 AND profile_id = $2 RETURNING kind`, [clubId, profileId]);
  return gone.length > 0;
}

/** Whether `month` (its first day) is at most next month in the club's calendar. */
export async function monthWithinReach(q: Queryable, clubId: string, monthStart: string): Promise<boolean> {
  const { ok } = await one<{ ok: boolean }>(q,
    `SELECT ($2::date <= (${clubCurrent('month')} + interval '1 month')::date) AS ok FROM clubs c WHERE c.id = $1`,
    [clubId, monthStart]);
  return ok;
}

/** generate_dues of one month: how many dues it wrote. */
export async function generateDues(q: Queryable, clubId: string, monthStart: string, by: string): Promise<number> {
  const { n } = await one<{ n: number }>(q, `SELECT generate_dues($1, $2::date, $3) AS n`, [clubId, monthStart, by]);
  return n;
}

export async function resumePlan(q: Queryable, clubId: string): Promise<void> {
  await q.query(
    `UPDATE dues_plans pl SET generated_through = greatest(pl.generated_through, (${clubCurrent('month')} - interval '1 month')::date)
       FROM clubs c WHERE c.id = pl.club_id AND pl.club_id = $1 AND pl.generated_through IS NOT NULL`, [clubId]);
}

/** The next `limit` active plans of active clubs after `after`, claimed FOR UPDATE SKIP LOCKED. */
export function claimPlans(q: Queryable, after: string, limit: number) {
  return q.query<{ club_id: string }>(
    `SELECT pl.club_id FROM dues_plans pl JOIN clubs c ON c.id = pl.club_id AND c.active
      WHERE pl.active AND pl.club_id > $1 ORDER BY pl.club_id LIMIT ${limit} FOR UPDATE OF pl SKIP LOCKED`, [after]);
}

/** dues_job_run for one club: how many dues it wrote. */
export async function runDuesOf(q: Queryable, clubId: string, now: Date): Promise<number> {
  const { n } = await one<{ n: number }>(q, `SELECT dues_job_run($1, $2::timestamptz) AS n`, [clubId, now.toISOString()]);
  return n;
}
