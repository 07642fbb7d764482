import type { Db, Queryable } from '../db/index.js';
import { maybeOne } from '../db/index.js';
import { criteriaFromJson, isProgrammeCriteria, type TCriteriaType, type TProgrammeCriteria } from '../../shared/badges.js';
import type { TAwardedBadge } from '../../shared/progress.js';
import { appendPointEvent } from '../progress/ledger.js';
import { servedIcon } from './icon.js';
import { notify } from '../notifications/notify.js';
import { memberCompletions, programmeCriterionMet } from './programme-criteria.js';

interface BadgeRow {
  id: string;
  name: string;
  icon_svg: string;
  icon_sanitized_v: number;
  points: number;
  auto_criteria: unknown;
}

/**
 * Gives a badge to a member of a club, at most once (UNIQUE club/profile/badge), and books its XP
 * in the ledger. Returns the badge when it was new, null when the member already had it.
 */
export async function grantBadge(
  q: Queryable,
  g: { clubId: string; profileId: string; badge: Pick<BadgeRow, 'id' | 'name' | 'icon_svg' | 'icon_sanitized_v' | 'points'>; awardedBy?: string | null },
): Promise<TAwardedBadge | null> {
  const inserted = await q.query(
    `INSERT INTO member_badges (club_id, profile_id, badge_id, awarded_by) VALUES ($1, $2, $3, $4)
     ON CONFLICT (club_id, profile_id, badge_id) DO NOTHING RETURNING id`,
    [g.clubId, g.profileId, g.badge.id, g.awardedBy ?? null],
  );
  if (inserted.length === 0) return null;
  if (g.badge.points > 0) {
    await appendPointEvent(q, { clubId: g.clubId, profileId: g.profileId, source: 'badge', points: g.badge.points, badgeId: g.badge.id, createdBy: g.awardedBy ?? null });
  }
  await notify(q, {
    clubId: g.clubId, to: [g.profileId], category: 'achievements', kind: 'badge.won', link: '/dashboard/perfil',
    title: `Badge conquistado: ${g.badge.name}`, body: g.badge.points > 0 ? `Você ganhou ${g.badge.points} XP.` : 'Veja seus badges no seu perfil.',
  });
  return { id: g.badge.id, name: g.badge.name, icon_svg: servedIcon(g.badge), points: g.badge.points };
}

/** Every active badge linked to the task (any type) goes to the member who completed it. */
export async function awardTaskBadges(q: Queryable, clubId: string, profileId: string, taskId: string): Promise<TAwardedBadge[]> {
  const badges = await q.query<BadgeRow>(
    `SELECT b.id, b.name, b.icon_svg, b.icon_sanitized_v, b.points, b.auto_criteria
       FROM task_badges tb JOIN badges b ON b.id = tb.badge_id
      WHERE tb.task_id = $1 AND b.active
        AND NOT EXISTS (SELECT 1 FROM member_badges mb WHERE mb.club_id = $2 AND mb.profile_id = $3 AND mb.badge_id = b.id)
      ORDER BY b.id`,
    [taskId, clubId, profileId],
  );
  const awarded: TAwardedBadge[] = [];
  for (const badge of badges) {
    const got = await grantBadge(q, { clubId, profileId, badge });
    if (got) awarded.push(got);
  }
  return awarded;
}

type NumericCriteria = Exclude<TCriteriaType, TProgrammeCriteria>;
type Metrics = Record<NumericCriteria, number | null>;

/** The seven auto-criteria measures of one member in one club, in one query. */
async function memberMetrics(q: Queryable, clubId: string, profileId: string, needRanking: boolean): Promise<Metrics> {
  const row = await maybeOne<Metrics>(
    q,
    `SELECT
       (SELECT count(*)::int FROM task_completions WHERE club_id = $1 AND profile_id = $2) AS task_count,
       (SELECT coalesce(sum(points), 0)::int FROM point_events WHERE club_id = $1 AND profile_id = $2) AS points_total,
       (SELECT coalesce(max(n), 0)::int FROM (
          SELECT count(*) AS n FROM (
            SELECT day - (row_number() OVER (ORDER BY day))::int AS island FROM login_days WHERE profile_id = $2
          ) d GROUP BY island) s) AS login_streak,
       -- The ranking aggregates the whole club's ledger: only when a ranking badge is in play.
       -- A place earned with points: members listed at 0 points (issue 18) hold no position for badges.
       CASE WHEN $3 THEN (SELECT ranking FROM v_individual_ranking WHERE club_id = $1 AND profile_id = $2 AND total_points > 0) END AS ranking_position,
       (SELECT count(*)::int FROM member_badges WHERE club_id = $1 AND profile_id = $2) AS badge_count,
       (SELECT count(*)::int FROM task_completions
         WHERE club_id = $1 AND profile_id = $2 AND question_count > 0 AND correct_count = question_count) AS task_perfect,
       (SELECT current_date - created_at::date FROM club_members WHERE club_id = $1 AND profile_id = $2) AS membership_duration`,
    [clubId, profileId, needRanking],
  );
  if (!row) throw new Error('metrics query returned nothing');
  return row;
}

function meets(type: NumericCriteria, measured: number | null, target: number): boolean {
  if (measured === null) return false;
  // A position is met by being at it or above it (smaller number).
  return type === 'ranking_position' ? measured >= 1 && measured <= target : measured >= target;
}

/**
 * Evaluates every active automatic badge the member does not hold yet and grants the ones whose
 * criterion is met. Repeats while something was granted: a badge's XP or the badge count itself
 * can satisfy another criterion.
 */
export async function awardAutomaticBadges(q: Queryable, clubId: string, profileId: string): Promise<TAwardedBadge[]> {
  const awarded: TAwardedBadge[] = [];
  for (let round = 0; round < 20; round += 1) {
    const candidates = await q.query<BadgeRow>(
      `SELECT b.id, b.name, b.icon_svg, b.icon_sanitized_v, b.points, b.auto_criteria FROM badges b
        WHERE b.active AND b.badge_type = 'auto' AND b.auto_criteria IS NOT NULL
          AND (b.club_id IS NULL OR b.club_id = $1)
          AND NOT EXISTS (SELECT 1 FROM member_badges mb WHERE mb.club_id = $1 AND mb.profile_id = $2 AND mb.badge_id = b.id)
        ORDER BY b.id`,
      [clubId, profileId],
    );
    if (candidates.length === 0) break;
    const criteriaOf = new Map(candidates.map((b) => [b.id, criteriaFromJson(b.auto_criteria)]));
    const needRanking = [...criteriaOf.values()].some((c) => c?.type === 'ranking_position');
    const metrics = await memberMetrics(q, clubId, profileId, needRanking);
    // The programme's criteria read the member's completed classes and especialidades: only when one is in play.
    const needProgramme = [...criteriaOf.values()].some((c) => c && isProgrammeCriteria(c.type));
    const done = needProgramme ? await memberCompletions(q, clubId, profileId) : null;
    let grantedThisRound = 0;
    for (const badge of candidates) {
      const criteria = criteriaOf.get(badge.id);
      if (!criteria) continue;
      const { type } = criteria;
      const met = isProgrammeCriteria(type)
        ? done !== null && programmeCriterionMet(criteria, done)
        : criteria.value >= 1 && meets(type, metrics[type], criteria.value);
      if (!met) continue;
      const got = await grantBadge(q, { clubId, profileId, badge });
      if (got) {
        awarded.push(got);
        grantedThisRound += 1;
      }
    }
    if (grantedThisRound === 0) break;
  }
  return awarded;
}

/**
 * Points moved: members who now sit at or above a ranking_position badge's position get it
 * (their own other criteria are evaluated too). Returns who got what, by profile.
 */
export async function awardRankingBadges(q: Queryable, clubId: string): Promise<Map<string, TAwardedBadge[]>> {
  const result = new Map<string, TAwardedBadge[]>();
  const [rankingBadge] = await q.query<{ found: number }>(
    `SELECT 1 AS found FROM badges WHERE active AND badge_type = 'auto' AND auto_criteria->>'type' = 'ranking_position' AND (club_id IS NULL OR club_id = $1) LIMIT 1`,
    [clubId],
  );
  if (!rankingBadge) return result;
  const rows = await q.query<{ profile_id: string }>(
    `SELECT DISTINCT r.profile_id FROM badges b
       JOIN v_individual_ranking r ON r.club_id = $1 AND r.total_points > 0 AND r.ranking <= (b.auto_criteria->>'position')::int
      WHERE b.active AND b.badge_type = 'auto' AND b.auto_criteria->>'type' = 'ranking_position' AND (b.club_id IS NULL OR b.club_id = $1)
        AND NOT EXISTS (SELECT 1 FROM member_badges mb WHERE mb.club_id = $1 AND mb.profile_id = r.profile_id AND mb.badge_id = b.id)
      ORDER BY r.profile_id`,
    [clubId],
  );
  for (const r of rows) {
    const got = await awardAutomaticBadges(q, clubId, r.profile_id);
    if (got.length > 0) result.set(r.profile_id, got);
  }
  return result;
}

/** After any event of a member: their auto badges, then ranking badges of the whole club. */
export async function awardAfterEvent(q: Queryable, clubId: string, profileId: string): Promise<TAwardedBadge[]> {
  const own = await awardAutomaticBadges(q, clubId, profileId);
  const byRanking = await awardRankingBadges(q, clubId);
  return [...own, ...(byRanking.get(profileId) ?? [])];
}

/**
 * Daily check (membership_duration): every active member whose membership reached a badge's days
 * gets it, in every club. Safe to run on several instances at once (unique member badge).
 */
export async function awardMembershipDurationBadges(db: Db): Promise<number> {
  const due = await db.query<{ club_id: string; profile_id: string }>(
    `SELECT DISTINCT cm.club_id, cm.profile_id FROM badges b
       JOIN club_members cm ON cm.active AND current_date - cm.created_at::date >= (b.auto_criteria->>'days')::int
      WHERE b.active AND b.badge_type = 'auto' AND b.auto_criteria->>'type' = 'membership_duration' AND (b.club_id IS NULL OR b.club_id = cm.club_id)
        AND NOT EXISTS (SELECT 1 FROM member_badges mb WHERE mb.club_id = cm.club_id AND mb.profile_id = cm.profile_id AND mb.badge_id = b.id)`,
  );
  let granted = 0;
  for (const m of due) {
    const got = await db.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM club_members WHERE club_id = $1 AND profile_id = $2 FOR UPDATE', [m.club_id, m.profile_id]);
      return awardAfterEvent(tx, m.club_id, m.profile_id);
    });
    granted += got.length;
  }
  return granted;
}

/**
 * Records today's sign-in (America/Sao_Paulo calendar day) for the login_streak criterion; on a
 * new day the member's automatic badges are evaluated in each of their clubs.
 */
export async function recordLoginDay(db: Db, profileId: string): Promise<void> {
  const inserted = await db.query(
    `INSERT INTO login_days (profile_id, day) VALUES ($1, (now() AT TIME ZONE 'America/Sao_Paulo')::date)
     ON CONFLICT DO NOTHING RETURNING day`,
    [profileId],
  );
  if (inserted.length === 0) return;
  const clubs = await db.query<{ club_id: string }>('SELECT club_id FROM club_members WHERE profile_id = $1 AND active', [profileId]);
  for (const c of clubs) {
    await db.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM club_members WHERE club_id = $1 AND profile_id = $2 FOR UPDATE', [c.club_id, profileId]);
      await awardAfterEvent(tx, c.club_id, profileId);
    });
  }
}
