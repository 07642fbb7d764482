import type { Queryable } from '../db/index.js';
import { maybeOne, one } from '../db/index.js';

/**
 * Locks the active members among `ids` in one order (so two batches on the same people queue instead
 * of deadlocking) and returns the ones found.
 */
export function lockActiveMembers(q: Queryable, clubId: string, ids: string[]) {
  return q.query<{ profile_id: string }>(
    `SELECT cm.profile_id FROM club_members cm
      WHERE cm.club_id = $1 AND cm.active
        AND cm.profile_id IN (SELECT value::uuid FROM jsonb_array_elements_text($2::jsonb))
      ORDER BY cm.profile_id
      FOR UPDATE`,
    [clubId, JSON.stringify(ids)],
  );
}

export function insertPointBatch(q: Queryable, b: { clubId: string; points: number; reason: string; memberCount: number; createdBy: string }) {
  return one<{ id: string }>(
    q,
    `INSERT INTO point_batches (club_id, points, reason, member_count, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [b.clubId, b.points, b.reason, b.memberCount, b.createdBy],
  );
}

/** A batch of the club (by an id as typed in the URL), its row locked. */
export function lockPointBatch(q: Queryable, clubId: string, batchId: string) {
  return maybeOne<{ id: string; reason: string; undone_at: string | null }>(
    q,
    `SELECT id, reason, undone_at FROM point_batches WHERE club_id = $1 AND id::text = $2 FOR UPDATE`,
    [clubId, batchId],
  );
}

export async function markPointBatchUndone(q: Queryable, batchId: string, undoneBy: string): Promise<void> {
  await q.query(`UPDATE point_batches SET undone_at = now(), undone_by = $2 WHERE id = $1`, [batchId, undoneBy]);
}
