import type { Queryable } from '../db/index.js';
import { maybeOne } from '../db/index.js';
import { isoUtc } from '../db/json-text.js';
import type { TEarnedBadge, TMemberProfile, TPointEvent } from '../../shared/progress.js';
import type { StoredIcon } from '../badges/icon.js';

type ProfileHead = Omit<TMemberProfile, 'badges' | 'history'>;

const HEAD_COLUMNS = `cm.profile_id, p.full_name, p.email, cm.role, cm.unit_id, u.name AS unit_name, cm.created_at AS member_since,
            coalesce(t.total_points, 0)::int AS total_points, coalesce(t.points_tasks, 0)::int AS points_tasks,
            coalesce(t.points_badges, 0)::int AS points_badges, coalesce(t.points_adjustments, 0)::int AS points_adjustments,
            coalesce(t.points_meetings, 0)::int AS points_meetings,
            (SELECT r.ranking FROM v_individual_ranking r WHERE r.club_id = cm.club_id AND r.profile_id = cm.profile_id) AS ranking,
            coalesce(t.tasks_done, 0) AS total_tasks`;

const HEAD_FROM = `club_members cm JOIN profiles p ON p.id = cm.profile_id LEFT JOIN units u ON u.id = cm.unit_id
       LEFT JOIN member_point_totals t ON t.club_id = cm.club_id AND t.profile_id = cm.profile_id
      WHERE cm.club_id = $1 AND (cm.profile_id::text = $2 OR cm.id::text = $2)`;

const EARNED_BADGES = `SELECT mb.id, b.id AS badge_id, b.name, b.description, b.icon_svg, b.icon_sanitized_v, b.rarity, b.points, mb.awarded_at, aw.full_name AS awarded_by_name
       FROM member_badges mb JOIN badges b ON b.id = mb.badge_id LEFT JOIN profiles aw ON aw.id = mb.awarded_by
      WHERE mb.club_id = $1 AND mb.profile_id = $2`;

const POINT_HISTORY = `SELECT pe.id, pe.source, pe.points, pe.reason, t.title AS task_title, b.name AS badge_name, u.name AS unit_name,
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
      LIMIT 200`;

/**
 * A member's totals: ledger points and where they came from, ranking position, completions
 * (inactive members too, for history). One row of member_point_totals, kept by the ledger's triggers
 * (migration 0380), instead of a pass over the member's ledger rows.
 */
export function getProfileHead(q: Queryable, clubId: string, memberOrProfileId: string) {
  return maybeOne<ProfileHead>(q, `SELECT ${HEAD_COLUMNS}
       FROM ${HEAD_FROM}`, [clubId, memberOrProfileId]);
}

export type ProfileWithLists = ProfileHead & { badges: Array<TEarnedBadge & StoredIcon>; history: TPointEvent[] };

/**
 * The whole profile in one statement: the head above, the earned badges and the points history as
 * JSON arrays (one round trip instead of three; the driver parses each array with one JSON.parse
 * instead of a row at a time). Same rows and order as listEarnedBadges and listPointHistory.
 */
export function getProfileWithLists(q: Queryable, clubId: string, memberOrProfileId: string) {
  return maybeOne<ProfileWithLists>(
    q,
    `SELECT ${HEAD_COLUMNS},
            (SELECT coalesce(json_agg(json_build_object(
                      'id', e.id, 'badge_id', e.badge_id, 'name', e.name, 'description', e.description, 'icon_svg', e.icon_svg,
                      'icon_sanitized_v', e.icon_sanitized_v, 'rarity', e.rarity, 'points', e.points,
                      'awarded_at', ${isoUtc('e.awarded_at')}, 'awarded_by_name', e.awarded_by_name)
                    ORDER BY e.awarded_at DESC), '[]')
               FROM (${EARNED_BADGES.replace('$2', 'cm.profile_id')}) e) AS badges,
            (SELECT coalesce(json_agg(json_build_object(
                      'id', h.id, 'source', h.source, 'points', h.points, 'reason', h.reason, 'task_title', h.task_title,
                      'badge_name', h.badge_name, 'unit_name', h.unit_name, 'occurred_at', ${isoUtc('h.occurred_at')},
                      'created_by_name', h.created_by_name, 'batch_id', h.batch_id, 'batch_undone', h.batch_undone)
                    ORDER BY h.occurred_at DESC, h.id), '[]')
               FROM (${POINT_HISTORY.replace('$2', 'cm.profile_id')}) h) AS history
       FROM ${HEAD_FROM}`,
    [clubId, memberOrProfileId],
  );
}

/**
 * The profile as the JSON text the route answers (ZMemberProfile, keys in its order; badges and history
 * in the order above; timestamps as the driver writes them), plus whether any earned badge's icon was
 * stored by older sanitiser rules than `sanitizerVersion` (the route then cleans it through the row
 * path). `hideEmail` writes a null e-mail, for readers who may not see it. Byte for byte the compiled
 * serializer's text of getProfileWithLists' answer (profile-repo.test.ts).
 */
export function getProfileJson(q: Queryable, clubId: string, memberOrProfileId: string, sanitizerVersion: number, hideEmail: boolean) {
  return maybeOne<{ json: string; stale_icons: boolean }>(
    q,
    `SELECT row_to_json(x)::text AS json,
            EXISTS (SELECT 1 FROM member_badges mb JOIN badges b ON b.id = mb.badge_id
                     WHERE mb.club_id = $1 AND mb.profile_id = x.profile_id AND b.icon_sanitized_v < $3) AS stale_icons
       FROM (
         SELECT cm.profile_id, p.full_name, CASE WHEN $4 THEN NULL ELSE p.email END AS email, cm.role, cm.unit_id, u.name AS unit_name,
                ${isoUtc('cm.created_at')} AS member_since,
                coalesce(t.total_points, 0)::int AS total_points, coalesce(t.points_tasks, 0)::int AS points_tasks,
                coalesce(t.points_badges, 0)::int AS points_badges, coalesce(t.points_adjustments, 0)::int AS points_adjustments,
                coalesce(t.points_meetings, 0)::int AS points_meetings,
                (SELECT r.ranking FROM v_individual_ranking r WHERE r.club_id = cm.club_id AND r.profile_id = cm.profile_id) AS ranking,
                coalesce(t.tasks_done, 0) AS total_tasks,
                (SELECT ('[' || coalesce(string_agg(row_to_json(e)::text, ',' ORDER BY e0.awarded_at DESC), '') || ']')::json
                   FROM (${EARNED_BADGES.replace('$2', 'cm.profile_id')}) e0
                   CROSS JOIN LATERAL (SELECT e0.id, e0.badge_id, e0.name, e0.description, e0.icon_svg, e0.rarity, e0.points,
                                              ${isoUtc('e0.awarded_at')} AS awarded_at, e0.awarded_by_name) e) AS badges,
                (SELECT ('[' || coalesce(string_agg(row_to_json(h)::text, ',' ORDER BY h0.occurred_at DESC, h0.id), '') || ']')::json
                   FROM (${POINT_HISTORY.replace('$2', 'cm.profile_id')}) h0
                   CROSS JOIN LATERAL (SELECT h0.id, h0.source, h0.points, h0.reason, h0.task_title, h0.badge_name, h0.unit_name,
                                              ${isoUtc('h0.occurred_at')} AS occurred_at, h0.created_by_name, h0.batch_id, h0.batch_undone) h) AS history
           FROM ${HEAD_FROM}
       ) x`,
    [clubId, memberOrProfileId, sanitizerVersion, hideEmail],
  );
}

export function listEarnedBadges(q: Queryable, clubId: string, profileId: string) {
  return q.query<TEarnedBadge & StoredIcon>(`${EARNED_BADGES} ORDER BY mb.awarded_at DESC`, [clubId, profileId]);
}

/** The member's points history, newest first (the last 200 events). */
export function listPointHistory(q: Queryable, clubId: string, profileId: string) {
  return q.query<TPointEvent>(POINT_HISTORY, [clubId, profileId]);
}
