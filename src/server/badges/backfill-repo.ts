import type { Queryable } from '../db/index.js';
import { maybeOne } from '../db/index.js';

/** Queues a badge's backfill, or restarts it from the first member when it was queued before. */
export async function enqueueBackfill(q: Queryable, badgeId: string): Promise<void> {
  await q.query(
    `INSERT INTO badge_award_queue (badge_id) VALUES ($1)
     ON CONFLICT (badge_id) DO UPDATE SET requested_at = now(), cursor_club_id = NULL, cursor_profile_id = NULL, done_at = NULL`,
    [badgeId],
  );
}

export interface BackfillClaim {
  badge_id: string;
  cursor_club_id: string | null;
  cursor_profile_id: string | null;
}

/** The oldest unfinished queue row, locked; one another transaction holds is skipped. */
export function claimNextBackfill(q: Queryable) {
  return maybeOne<BackfillClaim>(
    q,
    `SELECT q.badge_id, q.cursor_club_id, q.cursor_profile_id FROM badge_award_queue q
      WHERE q.done_at IS NULL ORDER BY q.requested_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
  );
}

/** The badge's club (null: the platform's) while it is an active automatic badge with a criterion; else null. */
export function findActiveAutoBadge(q: Queryable, badgeId: string) {
  return maybeOne<{ club_id: string | null }>(q, `SELECT club_id FROM badges WHERE id = $1 AND active AND badge_type = 'auto' AND auto_criteria IS NOT NULL`, [badgeId]);
}

/**
 * The next active members of active clubs (of `clubId` only, when the badge is a club's) after the
 * cursor, in (club_id, profile_id) order, who do not hold the badge.
 */
export function listBackfillMembers(q: Queryable, claim: BackfillClaim, batchSize: number, clubId: string | null) {
  return q.query<{ club_id: string; profile_id: string }>(
    `SELECT cm.club_id, cm.profile_id FROM club_members cm JOIN clubs c ON c.id = cm.club_id AND c.active
      WHERE cm.active AND ($5::uuid IS NULL OR cm.club_id = $5::uuid)
        AND ($2::uuid IS NULL OR (cm.club_id, cm.profile_id) > ($2::uuid, $3::uuid))
        AND NOT EXISTS (SELECT 1 FROM member_badges mb WHERE mb.club_id = cm.club_id AND mb.profile_id = cm.profile_id AND mb.badge_id = $1)
      ORDER BY cm.club_id, cm.profile_id
      LIMIT $4`,
    [claim.badge_id, claim.cursor_club_id, claim.cursor_profile_id, batchSize, clubId],
  );
}

export async function moveBackfillCursor(q: Queryable, badgeId: string, clubId: string, profileId: string, awarded: number): Promise<void> {
  await q.query(
    `UPDATE badge_award_queue SET cursor_club_id = $2, cursor_profile_id = $3, awarded = awarded + $4 WHERE badge_id = $1`,
    [badgeId, clubId, profileId, awarded],
  );
}

export async function finishBackfill(q: Queryable, badgeId: string, awarded: number): Promise<void> {
  await q.query(`UPDATE badge_award_queue SET done_at = now(), awarded = awarded + $2 WHERE badge_id = $1`, [badgeId, awarded]);
}
