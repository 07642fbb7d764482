import type { Queryable } from '../db/index.js';
import { maybeOne } from '../db/index.js';
import type { TEarnedBadge, TMemberProfile, TPointEvent } from '../../shared/progress.js';
import type { StoredIcon } from '../badges/icon.js';

type ProfileHead = Omit<TMemberProfile, 'badges' | 'history'>;

/**
 * A member's totals: ledger points and where they came from, ranking position, completions
 * (inactive members too, for history). One row of member_point_totals, kept by the ledger's triggers
 * (migration 0380), instead of a pass over the member's ledger rows.
 */
export function getProfileHead(q: Queryable, clubId: string, memberOrProfileId: string) {
  return maybeOne<ProfileHead>(
    q,
    `SELECT cm.profile_id, p.full_name, p.email, cm.role, cm.unit_id, u.name AS unit_name, cm.created_at AS member_since,
            coalesce(t.total_points, 0)::int AS total_points, coalesce(t.points_tasks, 0)::int AS points_tasks,
            coalesce(t.points_badges, 0)::int AS points_badges, coalesce(t.points_adjustments, 0)::int AS points_adjustments,
            coalesce(t.points_meetings, 0)::int AS points_meetings,
            (SELECT r.ranking FROM v_individual_ranking r WHERE r.club_id = cm.club_id AND r.profile_id = cm.profile_id) AS ranking,
            coalesce(t.tasks_done, 0) AS total_tasks
       FROM club_members cm JOIN profiles p ON p.id = cm.profile_id LEFT JOIN units u ON u.id = cm.unit_id
       LEFT JOIN member_point_totals t ON t.club_id = cm.club_id AND t.profile_id = cm.profile_id
      WHERE cm.club_id = $1 AND (cm.profile_id::text = $2 OR cm.id::text = $2)`,
    [clubId, memberOrProfileId],
  );
}

export function listEarnedBadges(q: Queryable, clubId: string, profileId: string) {
  return q.query<TEarnedBadge & StoredIcon>(
    `SELECT mb.id, b.id AS badge_id, b.name, b.description, b.icon_svg, b.icon_sanitized_v, b.rarity, b.points, mb.awarded_at, aw.full_name AS awarded_by_name
       FROM member_badges mb JOIN badges b ON b.id = mb.badge_id LEFT JOIN profiles aw ON aw.id = mb.awarded_by
      WHERE mb.club_id = $1 AND mb.profile_id = $2 ORDER BY mb.awarded_at DESC`,
    [clubId, profileId],
  );
}

/** The member's points history, newest first (the last 200 events). */
export function listPointHistory(q: Queryable, clubId: string, profileId: string) {
  return q.query<TPointEvent>(
    `SELECT pe.id, pe.source, pe.points, pe.reason, t.title AS task_title, b.name AS badge_name, u.name AS unit_name,
            pe.occurred_at, cb.full_name AS created_by_name,
            pe.batch_id, (pb.undone_at IS NOT NULL) AS batch_undone
       FROM point_events pe
       LEFT JOIN point_batches pb ON pb.id = pe.batch_id
       LEFT JOIN tasks t ON t.id = pe.task_id
       LEFT JOIN badges b ON b.id = pe.badge_id
       LEFT JOIN units u ON u.id = pe.unit_id
       LEFT JOIN profiles cb ON cb.id = pe.created_by
      WHERE pe.club_id = $1 AND pe.profile_id = $2
      ORDER BY pe.occurred_at DESC, pe.id
      LIMIT 200`,
    [clubId, profileId],
  );
}
