import type { z } from 'zod';
import { maybeOne, one, type Db, type Queryable } from '../db/index.js';
import {
  DUES_MSG, type TDuesException, type TDuesPlan, type TDuesSetup, type TGenerateDuesResult,
  type ZDuesExceptionInput, type ZDuesPlanInput, type ZGenerateDues,
} from '../../shared/dues.js';
import { writeAudit } from '../audit/repo.js';
import { badRequest, notFound } from '../plugins/errors.js';
import { isActiveMember } from './repo.js';
import type { Actor } from './service.js';
import { notifyCreatedCharges } from './notices.js';
import { clubCurrent } from '../db/club-clock.js';

/** The dues this transaction just wrote (their created_at is the transaction's now()): each gets its 'Nova cobrança'. */
async function notifyNewDues(tx: Queryable, clubId: string): Promise<void> {
  const rows = await tx.query<{ id: string }>(
    `SELECT id FROM charges WHERE club_id = $1 AND origin = 'mensalidade' AND dues_month IS NOT NULL AND created_at = now()`, [clubId]);
  await notifyCreatedCharges(tx, clubId, rows.map((r) => r.id));
}

const PLAN_COLUMNS = `description, amount::text AS amount, due_day::int AS due_day, months::int[] AS months, active,
  to_char(generated_through, 'YYYY-MM-DD') AS generated_through`;

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

/** Creates or replaces the club's plan (audited). The job's cursor is kept: what was generated stays. */
export async function savePlan(db: Db, actor: Actor, input: z.output<typeof ZDuesPlanInput>): Promise<TDuesPlan> {
  return db.transaction(async (tx) => {
    const before = await getPlan(tx, actor.clubId);
    await tx.query(
      `INSERT INTO dues_plans (club_id, description, amount, due_day, months, active) VALUES ($1, $2, $3, $4, $5::smallint[], $6)
       ON CONFLICT (club_id) DO UPDATE SET description = EXCLUDED.description, amount = EXCLUDED.amount, due_day = EXCLUDED.due_day,
         months = EXCLUDED.months, active = EXCLUDED.active, updated_at = now()`,
      [actor.clubId, input.description, input.amount, input.due_day, input.months, input.active],
    );
    const after = await one<TDuesPlan>(tx, `SELECT ${PLAN_COLUMNS} FROM dues_plans WHERE club_id = $1`, [actor.clubId]);
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'dues_plan.update', entity: 'club', entityId: actor.clubId, before, after });
    return after;
  });
}

/** 'Isento', another amount or a percentage off for one active member (audited). */
export async function saveException(db: Db, actor: Actor, profileId: string, input: z.output<typeof ZDuesExceptionInput>): Promise<TDuesSetup> {
  return db.transaction(async (tx) => {
    if (!(await isActiveMember(tx, actor.clubId, profileId))) throw notFound(DUES_MSG.memberNotFound);
    const amount = input.kind === 'valor' ? input.amount : null;
    const percent = input.kind === 'desconto' ? input.percent : null;
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

const BATCH = 50;

/**
 * The monthly job (hourly, in every instance): each active plan, claimed FOR UPDATE SKIP LOCKED so two
 * instances never work one plan at once, catches up the months since its last run (12 at most) and
 * regenerates the current one (a member who joined this month gets theirs). generate_dues's
 * ON CONFLICT on (club, member, month) means a replay or a second instance creates nothing twice.
 */
export async function runDuesJob(
  db: Db, now: Date = new Date(),
  /** The notices of a club's new dues; another only to measure against (bench/dues-generation.ts). */
  notices: (tx: Queryable, clubId: string) => Promise<void> = notifyNewDues,
): Promise<{ plans: number; created: number }> {
  let after = '00000000-0000-0000-0000-000000000000';
  const result = { plans: 0, created: 0 };
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const rows = await tx.query<{ club_id: string }>(
        `SELECT club_id FROM dues_plans WHERE active AND club_id > $1 ORDER BY club_id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`, [after]);
      for (const r of rows) {
        const { n } = await one<{ n: number }>(tx, `SELECT dues_job_run($1, $2::timestamptz) AS n`, [r.club_id, now.toISOString()]);
        result.created += n;
        if (n > 0) await notices(tx, r.club_id);
      }
      result.plans += rows.length;
      return rows;
    });
    if (claimed.length < BATCH) break;
    after = claimed[claimed.length - 1].club_id;
  }
  return result;
}
