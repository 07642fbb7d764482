import type { Db, Queryable } from '../db/index.js';
import { criteriaFromJson, isProgrammeCriteria, type TCriteriaType, type TProgrammeCriteria } from '../../shared/badges.js';
import type { TAwardedBadge } from '../../shared/progress.js';
import { appendPointEvent, appendPointEvents } from '../progress/ledger.js';
import { servedIcon } from './icon.js';
import { notify } from '../notifications/notify.js';
import { membersCompletions, NO_COMPLETIONS, programmeCriterionMet } from './programme-criteria.js';
import { ClubJobRun } from '../db/club-job-run.js';

export const MEMBERSHIP_BADGES_JOB = 'membership-duration-badges';

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

/**
 * The seven auto-criteria measures of members in one club, in one query. The ranking (the whole
 * club's ledger) is read once, and only when a ranking badge is in play; a place earned with points:
 * members listed at 0 points (issue 18) hold no position for badges.
 */
async function membersMetrics(q: Queryable, clubId: string, profileIds: readonly string[], needRanking: boolean): Promise<Map<string, Metrics>> {
  const rows = await q.query<Metrics & { profile_id: string }>(
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
       (SELECT current_date - created_at::date FROM club_members WHERE club_id = $1 AND profile_id = m.pid) AS membership_duration
       FROM unnest($2::uuid[]) AS m(pid)`,
    [clubId, profileIds, needRanking],
  );
  return new Map(rows.map(({ profile_id, ...metrics }) => [profile_id, metrics]));
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
  return (await awardAutomaticBadgesOf(q, clubId, [profileId])).get(profileId) ?? [];
}

/**
 * {@link awardAutomaticBadges} for several members of a club at once (a bulk signature of the
 * programme), in set form: each round reads the measures of every member still in play in one
 * query, grants what is met in one INSERT (XP in one more, one notice per badge), and the members
 * who got something are evaluated again. The caller holds the members' locks. Returns who got what.
 */
export async function awardAutomaticBadgesOf(q: Queryable, clubId: string, profileIds: readonly string[]): Promise<Map<string, TAwardedBadge[]>> {
  const awarded = new Map<string, TAwardedBadge[]>();
  let inPlay = [...new Set(profileIds)];
  if (inPlay.length === 0) return awarded;
  const badges = await q.query<BadgeRow>(
    `SELECT b.id, b.name, b.icon_svg, b.icon_sanitized_v, b.points, b.auto_criteria FROM badges b
      WHERE b.active AND b.badge_type = 'auto' AND b.auto_criteria IS NOT NULL AND (b.club_id IS NULL OR b.club_id = $1)
      ORDER BY b.id`,
    [clubId],
  );
  const criteriaOf = new Map(badges.map((b) => [b.id, criteriaFromJson(b.auto_criteria)]));
  const auto = badges.filter((b) => criteriaOf.get(b.id));
  if (auto.length === 0) return awarded;
  const held = new Set(
    (await q.query<{ profile_id: string; badge_id: string }>(
      'SELECT profile_id, badge_id FROM member_badges WHERE club_id = $1 AND profile_id = ANY($2::uuid[]) AND badge_id = ANY($3::uuid[])',
      [clubId, inPlay, auto.map((b) => b.id)],
    )).map((r) => `${r.profile_id}:${r.badge_id}`),
  );
  for (let round = 0; round < 20 && inPlay.length > 0; round += 1) {
    const candidates = new Map(inPlay.map((p) => [p, auto.filter((b) => !held.has(`${p}:${b.id}`))]));
    inPlay = inPlay.filter((p) => (candidates.get(p) ?? []).length > 0);
    if (inPlay.length === 0) break;
    const inCandidates = (test: (c: NonNullable<ReturnType<typeof criteriaFromJson>>) => boolean) =>
      inPlay.some((p) => (candidates.get(p) ?? []).some((b) => { const c = criteriaOf.get(b.id); return c ? test(c) : false; }));
    const metrics = await membersMetrics(q, clubId, inPlay, inCandidates((c) => c.type === 'ranking_position'));
    // The programme's criteria read the members' completed classes and especialidades: only when one is in play.
    const done = inCandidates((c) => isProgrammeCriteria(c.type)) ? await membersCompletions(q, clubId, inPlay) : null;
    const met: Array<{ profileId: string; badge: BadgeRow }> = [];
    for (const profileId of inPlay) {
      const m = metrics.get(profileId);
      for (const badge of candidates.get(profileId) ?? []) {
        const criteria = criteriaOf.get(badge.id);
        if (!criteria || !m) continue;
        const { type } = criteria;
        const ok = isProgrammeCriteria(type)
          ? done !== null && programmeCriterionMet(criteria, done.get(profileId) ?? NO_COMPLETIONS)
          : criteria.value >= 1 && meets(type, m[type], criteria.value);
        if (ok) met.push({ profileId, badge });
      }
    }
    const granted = await grantBadges(q, clubId, met);
    for (const g of granted) {
      held.add(`${g.profileId}:${g.badge.id}`);
      awarded.set(g.profileId, [...(awarded.get(g.profileId) ?? []), { id: g.badge.id, name: g.badge.name, icon_svg: servedIcon(g.badge), points: g.badge.points }]);
    }
    inPlay = [...new Set(granted.map((g) => g.profileId))];
  }
  return awarded;
}

/**
 * {@link grantBadge} for many (member, badge) pairs in one INSERT: each at most once (UNIQUE), the XP
 * of those granted in one more, and one notice per badge to the members who got it. Returns the pairs
 * granted, in the order given.
 */
async function grantBadges(q: Queryable, clubId: string, pairs: Array<{ profileId: string; badge: BadgeRow }>): Promise<Array<{ profileId: string; badge: BadgeRow }>> {
  if (pairs.length === 0) return [];
  const inserted = await q.query<{ profile_id: string; badge_id: string }>(
    `INSERT INTO member_badges (club_id, profile_id, badge_id)
     SELECT $1, t.p, t.b FROM unnest($2::uuid[], $3::uuid[]) WITH ORDINALITY AS t(p, b, n) ORDER BY t.n
     ON CONFLICT (club_id, profile_id, badge_id) DO NOTHING RETURNING profile_id, badge_id`,
    [clubId, pairs.map((x) => x.profileId), pairs.map((x) => x.badge.id)],
  );
  const got = new Set(inserted.map((r) => `${r.profile_id}:${r.badge_id}`));
  const granted = pairs.filter((x) => got.has(`${x.profileId}:${x.badge.id}`));
  const withXp = granted.filter((x) => x.badge.points > 0);
  if (withXp.length) {
    await appendPointEvents(q, withXp.map((x) => ({ clubId, profileId: x.profileId, source: 'badge' as const, points: x.badge.points, badgeId: x.badge.id })));
  }
  const byBadge = new Map<string, { badge: BadgeRow; to: string[] }>();
  for (const g of granted) {
    const entry = byBadge.get(g.badge.id) ?? { badge: g.badge, to: [] };
    entry.to.push(g.profileId);
    byBadge.set(g.badge.id, entry);
  }
  for (const { badge, to } of byBadge.values()) {
    await notify(q, {
      clubId, to, category: 'achievements', kind: 'badge.won', link: '/dashboard/perfil',
      title: `Badge conquistado: ${badge.name}`, body: badge.points > 0 ? `Você ganhou ${badge.points} XP.` : 'Veja seus badges no seu perfil.',
    });
  }
  return granted;
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
       JOIN clubs c ON c.id = cm.club_id AND c.active
      WHERE b.active AND b.badge_type = 'auto' AND b.auto_criteria->>'type' = 'membership_duration' AND (b.club_id IS NULL OR b.club_id = cm.club_id)
        AND NOT EXISTS (SELECT 1 FROM member_badges mb WHERE mb.club_id = cm.club_id AND mb.profile_id = cm.profile_id AND mb.badge_id = b.id)`,
  );
  // Each member in a transaction of their own (issue 43): a failure is recorded under the club, retried next day.
  const run = new ClubJobRun(db, MEMBERSHIP_BADGES_JOB);
  let granted = 0;
  for (const m of due) {
    const got = await run.inTransaction(m.club_id, async (tx) => {
      await tx.query('SELECT 1 FROM club_members WHERE club_id = $1 AND profile_id = $2 FOR UPDATE', [m.club_id, m.profile_id]);
      return awardAfterEvent(tx, m.club_id, m.profile_id);
    });
    granted += got?.length ?? 0;
  }
  await run.finish();
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
