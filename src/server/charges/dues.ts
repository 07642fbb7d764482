import type { z } from 'zod';
import { maybeOne, one, type Db, type Queryable } from '../db/index.js';
import { percentOff } from '../../shared/money.js';
import {
  DUES_MSG, duesBelowMinimum, type TDuesException, type TDuesPlan, type TDuesSetup, type TGenerateDuesResult,
  type ZDuesExceptionInput, type ZDuesPlanInput, type ZGenerateDues,
} from '../../shared/dues.js';
import { writeAudit } from '../audit/repo.js';
import { badRequest, notFound } from '../core/errors.js';
import { isActiveMember } from './repo.js';
import type { Actor } from '../core/access.js';
import { notifyCreatedCharges } from './notices.js';
import { clubCurrent } from '../db/club-clock.js';
import { ClubJobRun } from '../db/club-job-run.js';

/** The dues this transaction just wrote (their created_at is the transaction's now()): each gets its 'Nova cobrança'. */
async function notifyNewDues(tx: Queryable, clubId: string): Promise<void> {
  const rows = await tx.query<{ id: string }>(
    `SELECT id FROM charges WHERE club_id = $1 AND origin = 'mensalidade' AND dues_month IS NOT NULL AND created_at = now()`, [clubId]);
  await notifyCreatedCharges(tx, clubId, rows.map((r) => r.id));
}

const PLAN_COLUMNS = `description, amount::text AS amount, due_day::int AS due_day, months::int[] AS months, active,
  to_char(generated_through, 'YYYY-MM-DD') AS generated_through, to_char(first_month, 'YYYY-MM-DD') AS first_month`;

/** The first discount of the club that would leave a due of `amount` below R$ 0,01 (the check generate_dues keeps). */
function discountBelowMinimum(exceptions: readonly Pick<TDuesException, 'kind' | 'percent' | 'member_name'>[], amount: string): string | null {
  const bad = exceptions.find((e) => e.kind === 'desconto' && e.percent !== null && percentOff(amount, e.percent) === '0.00');
  return bad?.percent ? duesBelowMinimum(bad.member_name, bad.percent, amount) : null;
}

function getPlan(q: Queryable, clubId: string) {
  return maybeOne<TDuesPlan>(q, `SELECT ${PLAN_COLUMNS} FROM dues_plans WHERE club_id = $1`, [clubId]);
}

function listExceptions(q: Queryable, clubId: string) {
  return q.query<TDuesException>(
    `SELECT e.profile_id, p.full_name AS member_name, e.kind, e.amount::text AS amount, e.percent::int AS percent, e.reason
       FROM dues_exceptions e JOIN profiles p ON p.id = e.profile_id
      WHERE e.club_id = $1 ORDER BY pt_sort_key(p.full_name) COLLATE "C", p.full_name, e.profile_id`,
    [clubId],
  );
}

export async function getSetup(q: Queryable, clubId: string): Promise<TDuesSetup> {
  return { plan: await getPlan(q, clubId), exceptions: await listExceptions(q, clubId) };
}

/**
 * Creates or replaces the club's plan (audited). The job's cursor is kept: what was generated stays. A plan
 * that never billed, or is switched back on, starts next month unless the treasurer chose the current one
 * (issue 43); a price whose discounts would leave someone a due below R$ 0,01 is refused.
 */
export async function savePlan(db: Db, actor: Actor, input: z.output<typeof ZDuesPlanInput>): Promise<TDuesPlan> {
  return db.transaction(async (tx) => {
    const before = await maybeOne<TDuesPlan>(tx, `SELECT ${PLAN_COLUMNS} FROM dues_plans WHERE club_id = $1 FOR UPDATE`, [actor.clubId]);
    const tooSmall = discountBelowMinimum(await listExceptions(tx, actor.clubId), input.amount);
    if (tooSmall) throw badRequest(tooSmall);
    const starts = !before || before.generated_through === null || (!before.active && input.active);
    await tx.query(
      `INSERT INTO dues_plans (club_id, description, amount, due_day, months, active, first_month)
       SELECT $1, $2, $3, $4, $5::smallint[], $6,
              (${clubCurrent('month')} + CASE WHEN $7 = 'current' THEN interval '0' ELSE interval '1 month' END)::date
         FROM clubs c WHERE c.id = $1
       ON CONFLICT (club_id) DO UPDATE SET description = EXCLUDED.description, amount = EXCLUDED.amount, due_day = EXCLUDED.due_day,
         months = EXCLUDED.months, active = EXCLUDED.active, updated_at = now(),
         first_month = CASE WHEN $8 THEN EXCLUDED.first_month ELSE dues_plans.first_month END`,
      [actor.clubId, input.description, input.amount, input.due_day, input.months, input.active, input.first_month, starts],
    );
    const after = await one<TDuesPlan>(tx, `SELECT ${PLAN_COLUMNS} FROM dues_plans WHERE club_id = $1`, [actor.clubId]);
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'dues_plan.update', entity: 'club', entityId: actor.clubId, before, after });
    return after;
  });
}

/** 'Isento', another amount or a percentage off for one active member (audited); never a due below R$ 0,01. */
export async function saveException(db: Db, actor: Actor, profileId: string, input: z.output<typeof ZDuesExceptionInput>): Promise<TDuesSetup> {
  return db.transaction(async (tx) => {
    if (!(await isActiveMember(tx, actor.clubId, profileId))) throw notFound(DUES_MSG.memberNotFound);
    const amount = input.kind === 'valor' ? input.amount : null;
    const percent = input.kind === 'desconto' ? input.percent : null;
    if (percent !== null) {
      // The plan's row lock: a price saved at the same time waits, then sees this discount.
      const plan = await maybeOne<{ amount: string; member_name: string }>(tx,
        `SELECT pl.amount::text AS amount, p.full_name AS member_name FROM dues_plans pl, profiles p
          WHERE pl.club_id = $1 AND p.id = $2 FOR UPDATE OF pl`, [actor.clubId, profileId]);
      const tooSmall = plan ? discountBelowMinimum([{ kind: 'desconto', percent, member_name: plan.member_name }], plan.amount) : null;
      if (tooSmall) throw badRequest(tooSmall);
    }
    await tx.query(
      `INSERT INTO dues_exceptions (club_id, profile_id, kind, amount, percent, reason) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (club_id, profile_id) DO UPDATE SET kind = EXCLUDED.kind, amount = EXCLUDED.amount, percent = EXCLUDED.percent, reason = EXCLUDED.reason`,
      [actor.clubId, profileId, input.kind, amount, percent, input.reason],
    );
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'dues_exception.update', entity: 'profile', entityId: profileId, after: { kind: input.kind, amount, percent, reason: input.reason } });
    return getSetup(tx, actor.clubId);
  });
}

export async function removeException(db: Db, actor: Actor, profileId: string): Promise<TDuesSetup> {
  return db.transaction(async (tx) => {
    const gone = await tx.query(`DELETE FROM dues_exceptions WHERE club_id = $1 AND profile_id = $2 RETURNING kind`, [actor.clubId, profileId]);
    if (gone.length === 0) throw notFound(DUES_MSG.exceptionNotFound);
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'dues_exception.delete', entity: 'profile', entityId: profileId });
    return getSetup(tx, actor.clubId);
  });
}

/**
 * 'Gerar mensalidades' of one month, on demand: the same generate_dues the job calls, so a month the
 * job already did creates nothing more. Up to next month in the club's calendar.
 */
export async function generateMonth(db: Db, actor: Actor, input: z.output<typeof ZGenerateDues>): Promise<TGenerateDuesResult> {
  return db.transaction(async (tx) => {
    const plan = await getPlan(tx, actor.clubId);
    if (!plan) throw badRequest(DUES_MSG.planMissing);
    if (!plan.active) throw badRequest(DUES_MSG.planInactive);
    const monthNumber = Number(input.month.slice(5, 7));
    if (!plan.months.includes(monthNumber)) throw badRequest(DUES_MSG.monthOutsidePlan);
    const { ok } = await one<{ ok: boolean }>(tx,
      `SELECT ($2::date <= (${clubCurrent('month')} + interval '1 month')::date) AS ok FROM clubs c WHERE c.id = $1`,
      [actor.clubId, `${input.month}-01`]);
    if (!ok) throw badRequest(DUES_MSG.monthTooFar);
    const { n } = await one<{ n: number }>(tx, `SELECT generate_dues($1, $2::date, $3) AS n`, [actor.clubId, `${input.month}-01`, actor.profileId]);
    await notifyNewDues(tx, actor.clubId);
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'dues.generate', entity: 'club', entityId: actor.clubId, after: { month: input.month, created: n } });
    return { month: input.month, created: n };
  });
}

/**
 * A club the platform switches back on (issue 43): its dues resume with the current month; the months it
 * was off, which the job skipped, are not billed all at once (the treasurer may still generate one).
 */
export async function resumeDuesOfReactivatedClub(tx: Queryable, clubId: string): Promise<void> {
  await tx.query(
    `UPDATE dues_plans pl SET generated_through = greatest(pl.generated_through, (${clubCurrent('month')} - interval '1 month')::date)
       FROM clubs c WHERE c.id = pl.club_id AND pl.club_id = $1 AND pl.generated_through IS NOT NULL`, [clubId]);
}

const BATCH = 50;
export const DUES_JOB = 'dues-generation';

/**
 * The monthly job (hourly, in every instance): each active plan of an active club, claimed FOR UPDATE SKIP
 * LOCKED so two instances never work one plan at once, catches up the months since its last run (12 at
 * most) and regenerates the current one (a member who joined this month gets theirs). generate_dues's
 * ON CONFLICT on (club, member, month) means a replay or a second instance creates nothing twice. Each
 * club runs in its own savepoint (issue 43): one club's failure is recorded for the super admin and
 * retried next hour (its cursor did not move), and never stops another club's dues.
 */
export async function runDuesJob(
  db: Db, now: Date = new Date(),
  /** The notices of a club's new dues; another only to measure against (bench/dues-generation.ts). */
  notices: (tx: Queryable, clubId: string) => Promise<void> = notifyNewDues,
): Promise<{ plans: number; created: number; failed: number }> {
  let after = '00000000-0000-0000-0000-000000000000';
  const result = { plans: 0, created: 0, failed: 0 };
  const run = new ClubJobRun(db, DUES_JOB);
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const rows = await tx.query<{ club_id: string }>(
        `SELECT pl.club_id FROM dues_plans pl JOIN clubs c ON c.id = pl.club_id AND c.active
          WHERE pl.active AND pl.club_id > $1 ORDER BY pl.club_id LIMIT ${BATCH} FOR UPDATE OF pl SKIP LOCKED`, [after]);
      for (const r of rows) {
        const n = await run.inSavepoint(tx, r.club_id, async () => {
          const { n: created } = await one<{ n: number }>(tx, `SELECT dues_job_run($1, $2::timestamptz) AS n`, [r.club_id, now.toISOString()]);
          if (created > 0) await notices(tx, r.club_id);
          return created;
        });
        result.created += n ?? 0;
      }
      result.plans += rows.length;
      return rows;
    });
    if (claimed.length < BATCH) break;
    after = claimed[claimed.length - 1].club_id;
  }
  result.failed = (await run.finish()).failed;
  return result;
}
