import type { Queryable } from '../db/index.js';
import type { TPointSource } from '../../shared/progress.js';

export interface PointEventInput {
  clubId: string;
  /** null for points given to a unit as a whole. */
  profileId: string | null;
  /** For unit-wide points; for a member, the member's current unit is recorded. */
  unitId?: string | null;
  source: TPointSource;
  points: number;
  taskId?: string | null;
  badgeId?: string | null;
  reason?: string | null;
  createdBy?: string | null;
}

/**
 * Appends one event to the points ledger (ARCHITECTURE §4). A member's event carries the unit they
 * belong to at that moment, so unit rankings keep history when someone changes unit.
 */
export async function appendPointEvent(q: Queryable, e: PointEventInput): Promise<string> {
  const rows = await q.query<{ id: string }>(
    `INSERT INTO point_events (club_id, profile_id, unit_id, source, points, task_id, badge_id, reason, created_by)
     SELECT $1, $2::uuid,
            CASE WHEN $2::uuid IS NULL THEN $3::uuid
                 ELSE (SELECT cm.unit_id FROM club_members cm WHERE cm.club_id = $1 AND cm.profile_id = $2::uuid) END,
            $4, $5, $6, $7, $8, $9
     RETURNING id`,
    [e.clubId, e.profileId, e.unitId ?? null, e.source, e.points, e.taskId ?? null, e.badgeId ?? null, e.reason ?? null, e.createdBy ?? null],
  );
  return rows[0].id;
}
