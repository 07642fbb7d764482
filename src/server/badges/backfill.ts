import type { Db, Queryable } from '../db/index.js';
import { awardAutomaticBadges } from './engine.js';
import { ClubJobRun } from '../db/club-job-run.js';
import * as backfillRepo from './backfill-repo.js';

export const BADGE_BACKFILL_JOB = 'auto-badge-backfill';

// Small batches: on the embedded PGlite a transaction holds the only connection while it runs.
export const BACKFILL_BATCH = 50;

/**
 * Asks for an automatic badge to be evaluated for every active member (issue 18). Asking again
 * restarts the walk from the first member: a new criterion may now reach people already passed.
 */
export async function enqueueBadgeBackfill(q: Queryable, badgeId: string): Promise<void> {
  await backfillRepo.enqueueBackfill(q, badgeId);
}

/**
 * One batch of one queued badge, in one transaction: claim the queue row (SKIP LOCKED, so another
 * instance takes another badge or waits for the next tick), award the next members in
 * (club_id, profile_id) order who do not hold it, move the cursor. Returns null when nothing is queued.
 */
async function runOneBatch(db: Db, run: ClubJobRun, batchSize: number): Promise<{ awarded: number } | null> {
  return db.transaction(async (tx) => {
    const claim = await backfillRepo.claimNextBackfill(tx);
    if (!claim) return null;
    const badge = await backfillRepo.findActiveAutoBadge(tx, claim.badge_id);
    const members = badge ? await backfillRepo.listBackfillMembers(tx, claim, batchSize, badge.club_id) : [];
    let awarded = 0;
    for (const m of members) {
      // Every automatic badge the member now meets, not only this one (one may unlock another). In a
      // savepoint (issue 43): a member that fails is recorded under their club and the walk goes on.
      awarded += (await run.inSavepoint(tx, m.club_id, () => awardAutomaticBadges(tx, m.club_id, m.profile_id)))?.length ?? 0;
    }
    const last = members.at(-1);
    if (last && members.length === batchSize) {
      await backfillRepo.moveBackfillCursor(tx, claim.badge_id, last.club_id, last.profile_id, awarded);
    } else {
      await backfillRepo.finishBackfill(tx, claim.badge_id, awarded);
    }
    return { awarded };
  });
}

/**
 * Works through the queue until it is empty or `maxBatches` ran (a tick must end; the next one
 * continues from the saved cursor). Safe on several instances at once. Returns badges granted.
 */
export async function runBadgeBackfill(db: Db, opts: { batchSize?: number; maxBatches?: number } = {}): Promise<number> {
  const batchSize = opts.batchSize ?? BACKFILL_BATCH;
  const maxBatches = opts.maxBatches ?? 50;
  let granted = 0;
  const run = new ClubJobRun(db, BADGE_BACKFILL_JOB);
  for (let i = 0; i < maxBatches; i += 1) {
    const r = await runOneBatch(db, run, batchSize);
    if (!r) break;
    granted += r.awarded;
  }
  await run.finish();
  return granted;
}
