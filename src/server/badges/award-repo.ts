import type { Db, Queryable } from '../db/index.js';
import { clubDate } from '../db/club-clock.js';
import type { TCriteriaType, TProgrammeCriteria } from '../../shared/badges.js';

export interface BadgeRow {
  id: string;
  name: string;
  icon_svg: string;
  icon_sanitized_v: number;
  points: number;
  auto_criteria: unknown;
}

export type NumericCriteria = Exclude<TCriteriaType, TProgrammeCriteria>;
export type Metrics = Record<NumericCriteria, number | null>;

/** Gives a badge at most once (UNIQUE club/profile/badge); whether it was new. */
export async function insertMemberBadge(q: Queryable, clubId: string, profileId: string, badgeId: string, awardedBy: string | null): Promise<boolean> {
  const inserted = await q.query(
    `INSERT INTO member_badges (club_id, profile_id, badge_id, awarded_by) VALUES ($1, $2, $3, $4)
     ON CONFLICT (club_id, profile_id, badge_id) DO NOTHING RETURNING id`,
    [clubId, profileId, badgeId, awardedBy],
  );
  return inserted.length > 0;
}

/** Many (member, badge) pairs in one INSERT, each at most once; the pairs that were new. */
export function insertMemberBadges(q: Queryable, clubId: string, profileIds: string[], badgeIds: string[]) {
  return q.query<{ profile_id: string; badge_id: string }>(
    `INSERT INTO member_badges (club_id, profile_id, badge_id)
     SELECT $1, t.p, t.b FROM unnest($2::uuid[], $3::uuid[]) WITH ORDINALITY AS t(p, b, n) ORDER BY t.n
     ON CONFLICT (club_id, profile_id, badge_id) DO NOTHING RETURNING profile_id, badge_id`,
    [clubId, profileIds, badgeIds],
  );
}

/** The task's active linked badges the member does not hold yet. */
export function listUnheldTaskBadges(q: Queryable, clubId: string, profileId: string, taskId: string) {
  return q.query<BadgeRow>(
    `SELECT b.id, b.name, b.icon_svg, b.icon_sanitized_v, b.points, b.auto_criteria
       FROM task_badges tb JOIN badges b ON b.id = tb.badge_id
      WHERE tb.task_id = $1 AND b.active
        AND NOT EXISTS (SELECT 1 FROM member_badges mb WHERE mb.club_id = $2 AND mb.profile_id = $3 AND mb.badge_id = b.id)
      ORDER BY b.id`,
    [taskId, clubId, profileId],
  );
}

/**
 * The seven auto-criteria measures of members in one club, in one query. The ranking (the whole
 * club's ledger) is read once, and only when a ranking badge is in play; a place earned with points:
 * members listed at 0 points (issue 18) hold no position for badges.
 */
export function listMembersMetrics(q: Queryable, clubId: string, profileIds: readonly string[], needRanking: boolean) {
  return q.query<Metrics & { profile_id: string }>(
    `WITH rk AS MATERIALIZED (SELECT profile_id, ranking FROM v_individual_ranking WHERE $3 AND club_id = $1 AND total_points > 0)
     SELECT m.pid AS profile_id,
       (SELECT count(*)::int FROM task_completions WHERE club_id = $1 AND profile_id = m.pid) AS task_count,
       (SELECT coalesce(sum(points), 0)::int FROM point_events WHERE club_id = $1 AND profile_id = m.pid) AS points_total,
       (SELECT coalesce(max(n), 0)::int FROM (
          SELECT count(*) AS n FROM (
            SELECT day - (row_number() OVER (ORDER BY day))::int AS island FROM login_days WHERE profile_id = m.pid
          ) d GROUP BY island) s) AS login_streak,
       CASE WHEN $3 THEN (SELECT ranking FROM rk WHERE rk.profile_id = m.pid) END AS ranking_position,
       (SELECT count(*)::int FROM member_badges WHERE club_id = $1 AND profile_id = m.pid) AS badge_count,
       (SELECT count(*)::int FROM task_completions
         WHERE club_id = $1 AND profile_id = m.pid AND question_count > 0 AND correct_count = question_count) AS task_perfect,
       (SELECT ${clubDate()} - ${clubDate('cm.created_at')} FROM club_members cm JOIN clubs c ON c.id = cm.club_id
         WHERE cm.club_id = $1 AND cm.profile_id = m.pid) AS membership_duration
       FROM unnest($2::uuid[]) AS m(pid)`,
    [clubId, profileIds, needRanking],
  );
}

/** The active automatic badges with a criterion that a club's members can earn (the platform's and its own). */
export function listAutoBadges(q: Queryable, clubId: string) {
  return q.query<BadgeRow>(
    `SELECT b.id, b.name, b.icon_svg, b.icon_sanitized_v, b.points, b.auto_criteria FROM badges b
      WHERE b.active AND b.badge_type = 'auto' AND b.auto_criteria IS NOT NULL AND (b.club_id IS NULL OR b.club_id = $1)
      ORDER BY b.id`,
    [clubId],
  );
}

/** Which of these badges these members of the club already hold. */
export function listHeldBadges(q: Queryable, clubId: string, profileIds: readonly string[], badgeIds: readonly string[]) {
  return q.query<{ profile_id: string; badge_id: string }>(
    'SELECT profile_id, badge_id FROM member_badges WHERE club_id = $1 AND profile_id = ANY($2::uuid[]) AND badge_id = ANY($3::uuid[])',
    [clubId, profileIds, badgeIds],
  );
}

/** Whether an active ranking_position badge applies to the club. */
export async function hasRankingBadge(q: Queryable, clubId: string): Promise<boolean> {
  const [rankingBadge] = await q.query<{ found: number }>(
    `SELECT 1 AS found FROM badges WHERE active AND badge_type = 'auto' AND auto_criteria->>'type' = 'ranking_position' AND (club_id IS NULL OR club_id = $1) LIMIT 1`,
    [clubId],
  );
  return rankingBadge !== undefined;
}

/** Members who sit at or above a ranking_position badge's position and do not hold it. */
export function listRankingBadgeCandidates(q: Queryable, clubId: string) {
  return q.query<{ profile_id: string }>(
    `SELECT DISTINCT r.profile_id FROM badges b
       JOIN v_individual_ranking r ON r.club_id = $1 AND r.total_points > 0 AND r.ranking <= (b.auto_criteria->>'position')::int
      WHERE b.active AND b.badge_type = 'auto' AND b.auto_criteria->>'type' = 'ranking_position' AND (b.club_id IS NULL OR b.club_id = $1)
        AND NOT EXISTS (SELECT 1 FROM member_badges mb WHERE mb.club_id = $1 AND mb.profile_id = r.profile_id AND mb.badge_id = b.id)
      ORDER BY r.profile_id`,
    [clubId],
  );
}

/** Active members of active clubs whose membership reached a membership_duration badge's days they lack. */
export function listMembershipDurationDue(db: Db) {
  return db.query<{ club_id: string; profile_id: string }>(
    `SELECT DISTINCT cm.club_id, cm.profile_id FROM badges b
       JOIN club_members cm ON cm.active
       JOIN clubs c ON c.id = cm.club_id AND c.active
      WHERE ${clubDate()} - ${clubDate('cm.created_at')} >= (b.auto_criteria->>'days')::int
        AND b.active AND b.badge_type = 'auto' AND b.auto_criteria->>'type' = 'membership_duration' AND (b.club_id IS NULL OR b.club_id = cm.club_id)
        AND NOT EXISTS (SELECT 1 FROM member_badges mb WHERE mb.club_id = cm.club_id AND mb.profile_id = cm.profile_id AND mb.badge_id = b.id)`,
  );
}

/** Locks the member's row: their badges are evaluated one transaction at a time. */
export async function lockMember(q: Queryable, clubId: string, profileId: string): Promise<void> {
  await q.query('SELECT 1 FROM club_members WHERE club_id = $1 AND profile_id = $2 FOR UPDATE', [clubId, profileId]);
}

/** Today's sign-in (America/Sao_Paulo calendar day); whether the day is new. */
export async function insertLoginDay(q: Queryable, profileId: string): Promise<boolean> {
  const inserted = await q.query(
    `INSERT INTO login_days (profile_id, day) VALUES ($1, (now() AT TIME ZONE 'America/Sao_Paulo')::date)
     ON CONFLICT DO NOTHING RETURNING day`,
    [profileId],
  );
  return inserted.length > 0;
}

export async function listActiveClubIds(q: Queryable, profileId: string): Promise<string[]> {
  const clubs = await q.query<{ club_id: string }>('SELECT club_id FROM club_members WHERE profile_id = $1 AND active', [profileId]);
  return clubs.map((c) => c.club_id);
}

/** The kind of a catalogue item, or null when no item has that code. */
export async function findProgrammeItemKind(q: Queryable, code: string | null | undefined): Promise<string | null> {
  const [row] = await q.query<{ kind: string }>('SELECT kind FROM programme_items WHERE code = $1', [code]);
  return row?.kind ?? null;
}

export async function programmeAreaExists(q: Queryable, code: string | null | undefined): Promise<boolean> {
  const [row] = await q.query('SELECT 1 FROM programme_areas WHERE code = $1', [code]);
  return row !== undefined;
}

/** Members' enrolments completed (every requisito signed) or invested, with the item's kind and area. */
export function listMembersCompletedEnrolments(q: Queryable, clubId: string, profileIds: readonly string[]) {
  return q.query<{ profile_id: string; item_code: string; kind: string; area_code: string | null }>(
    `SELECT cm.profile_id, e.item_code, e.kind, i.area_code
       FROM club_members cm
       JOIN programme_enrolments e ON e.club_id = cm.club_id AND e.member_id = cm.id
       JOIN programme_items i ON i.code = e.item_code
      WHERE cm.club_id = $1 AND cm.profile_id = ANY($2::uuid[]) AND (e.completed_on IS NOT NULL OR e.invested_on IS NOT NULL)`,
    [clubId, profileIds],
  );
}
