import type { Db, Queryable } from '../db/index.js';
import { maybeOne } from '../db/index.js';
import { awardAutomaticBadges } from './engine.js';
import { ClubJobRun } from '../db/club-job-run.js';

export const BADGE_BACKFILL_JOB = 'auto-badge-backfill';

// Small batches: on the embedded PGlite a transaction holds the only connection while it runs.
export const BACKFILL_BATCH = 50;

/**
 * Asks for an automatic badge to be evaluated for every active member (issue 18). Asking again
 * restarts the walk from the first member: a new criterion may now reach people already passed.
 */
export async function enqueueBadgeBackfill(q: Queryable, badgeId: string): Promise<void> {
  await q.query(
    `INSERT INTO badge_award_queue (badge_id) VALUES ($1)
     ON CONFLICT (badge_id) DO UPDATE SET requested_at = now(), cursor_club_id = NULL, cursor_profile_id = NULL, done_at = NULL`,
    [badgeId],
  );
}

interface Claim {
  badge_id: string;
  cursor_club_id: string | null;
  cursor_profile_id: string | null;
}

/**
 * One batch of one queued badge, in one transaction: claim the queue row (SKIP LOCKED, so another
 * instance takes another badge or waits for the next tick), award the next members in
 * (club_id, profile_id) order who do not hold it, move the cursor. Returns null when nothing is queued.
 */
async function runOneBatch(db: Db, run: ClubJobRun, batchSize: number): Promise<{ awarded: number } | null> {
  return db.transaction(async (tx) => {
    const claim = await maybeOne<Claim>(
      tx,
      `SELECT q.badge_id, q.cursor_club_id, q.cursor_profile_id FROM badge_award_queue q
        WHERE q.done_at IS NULL ORDER BY q.requested_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
    );
    if (!claim) return null;
    const badge = await maybeOne<{ club_id: string | null }>(tx, `SELECT club_id FROM badges WHERE id = $1 AND active AND badge_type = 'auto' AND auto_criteria IS NOT NULL`, [claim.badge_id]);
    const members = badge
      ? await tx.query<{ club_id: string; profile_id: string }>(
        `SELECT cm.club_id, cm.profile_id FROM club_members cm JOIN clubs c ON c.id = cm.club_id AND c.active
          WHERE cm.active AND ($5::uuid IS NULL OR cm.club_id = $5::uuid)
            AND ($2::uuid IS NULL OR (cm.club_id, cm.profile_id) > ($2::uuid, $3::uuid))
            AND NOT EXISTS (SELECT 1 FROM member_badges mb WHERE mb.club_id = cm.club_id AND mb.profile_id = cm.profile_id AND mb.badge_id = $1)
          ORDER BY cm.club_id, cm.profile_id
          LIMIT $4`,
        [claim.badge_id, claim.cursor_club_id, claim.cursor_profile_id, batchSize, badge.club_id],
      )
      : [];
    let awarded = 0;
    for (const m of members) {
      // Every automatic badge the member now meets, not only this one (one may unlock another). In a
      // savepoint (issue 43): a member that fails is recorded under their club and the walk goes on.
      awarded += (await run.inSavepoint(tx, m.club_id, () => awardAutomaticBadges(tx, m.club_id, m.profile_id)))?.length ?? 0;
    }
    const last = members.at(-1);
    if (last && members.length === batchSize) {
      await tx.query(
        `UPDATE badge_award_queue SET cursor_club_id = $2, cursor_profile_id = $3, awarded = awarded + $4 WHERE badge_id = $1`,
        [claim.badge_id, last.club_id, last.profile_id, awarded],
      );
    } else {
      await tx.query(`UPDATE badge_award_queue SET done_at = now(), awarded = awarded + $2 WHERE badge_id = $1`, [claim.badge_id, awarded]);
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
