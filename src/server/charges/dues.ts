import type { z } from 'zod';
import type { Db, Queryable } from '../db/index.js';
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
import * as duesRepo from './dues-repo.js';
import { ClubJobRun } from '../db/club-job-run.js';

/** The dues this transaction just wrote (their created_at is the transaction's now()): each gets its 'Nova cobrança'. */
async function notifyNewDues(tx: Queryable, clubId: string): Promise<void> {
  await notifyCreatedCharges(tx, clubId, await duesRepo.newDuesIds(tx, clubId));
}

/** The first discount of the club that would leave a due of `amount` below R$ 0,01 (the check generate_dues keeps). */
function discountBelowMinimum(exceptions: readonly Pick<TDuesException, 'kind' | 'percent' | 'member_name'>[], amount: string): string | null {
  const bad = exceptions.find((e) => e.kind === 'desconto' && e.percent !== null && percentOff(amount, e.percent) === '0.00');
  return bad?.percent ? duesBelowMinimum(bad.member_name, bad.percent, amount) : null;
}

const { getPlan, listExceptions } = duesRepo;

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
    const before = await duesRepo.lockPlan(tx, actor.clubId);
    const tooSmall = discountBelowMinimum(await listExceptions(tx, actor.clubId), input.amount);
    if (tooSmall) throw badRequest(tooSmall);
    const starts = !before || before.generated_through === null || (!before.active && input.active);
    await duesRepo.upsertPlan(tx, actor.clubId, { ...input, starts });
    const after = await duesRepo.mustGetPlan(tx, actor.clubId);
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
      const plan = await duesRepo.lockPlanForMember(tx, actor.clubId, profileId);
      const tooSmall = plan ? discountBelowMinimum([{ kind: 'desconto', percent, member_name: plan.member_name }], plan.amount) : null;
      if (tooSmall) throw badRequest(tooSmall);
    }
    await duesRepo.upsertException(tx, actor.clubId, profileId, { kind: input.kind, amount, percent, reason: input.reason });
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'dues_exception.update', entity: 'profile', entityId: profileId, after: { kind: input.kind, amount, percent, reason: input.reason } });
    return getSetup(tx, actor.clubId);
  });
}

export async function removeException(db: Db, actor: Actor, profileId: string): Promise<TDuesSetup> {
  return db.transaction(async (tx) => {
    if (!(await duesRepo.deleteException(tx, actor.clubId, profileId))) throw notFound(DUES_MSG.exceptionNotFound);
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
    if (!(await duesRepo.monthWithinReach(tx, actor.clubId, `${input.month}-01`))) throw badRequest(DUES_MSG.monthTooFar);
    const n = await duesRepo.generateDues(tx, actor.clubId, `${input.month}-01`, actor.profileId);
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
  await duesRepo.resumePlan(tx, clubId);
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
      const rows = await duesRepo.claimPlans(tx, after, BATCH);
      for (const r of rows) {
        const n = await run.inSavepoint(tx, r.club_id, async () => {
          const created = await duesRepo.runDuesOf(tx, r.club_id, now);
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
