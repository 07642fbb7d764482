import type { Db, Queryable } from '../db/index.js';
import { criteriaFromJson, isProgrammeCriteria } from '../../shared/badges.js';
import type { TAwardedBadge } from '../../shared/progress.js';
import { appendPointEvent, appendPointEvents } from '../progress/ledger-repo.js';
import { servedIcon } from './icon.js';
import { notify } from '../notifications/notify.js';
import { membersCompletions, NO_COMPLETIONS, programmeCriterionMet } from './programme-criteria.js';
import { ClubJobRun } from '../db/club-job-run.js';
import * as awardRepo from './award-repo.js';
import type { BadgeRow, Metrics, NumericCriteria } from './award-repo.js';

export const MEMBERSHIP_BADGES_JOB = 'membership-duration-badges';

/**
 * Gives a badge to a member of a club, at most once (UNIQUE club/profile/badge), and books its XP
 * in the ledger. Returns the badge when it was new, null when the member already had it.
 */
export async function grantBadge(
  q: Queryable,
  g: { clubId: string; profileId: string; badge: Pick<BadgeRow, 'id' | 'name' | 'icon_svg' | 'icon_sanitized_v' | 'points'>; awardedBy?: string | null },
): Promise<TAwardedBadge | null> {
  if (!(await awardRepo.insertMemberBadge(q, g.clubId, g.profileId, g.badge.id, g.awardedBy ?? null))) return null;
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
  const badges = await awardRepo.listUnheldTaskBadges(q, clubId, profileId, taskId);
  const awarded: TAwardedBadge[] = [];
  for (const badge of badges) {
    const got = await grantBadge(q, { clubId, profileId, badge });
    if (got) awarded.push(got);
  }
  return awarded;
}

/** The seven auto-criteria measures of members in one club, by profile. */
async function membersMetrics(q: Queryable, clubId: string, profileIds: readonly string[], needRanking: boolean): Promise<Map<string, Metrics>> {
  const rows = await awardRepo.listMembersMetrics(q, clubId, profileIds, needRanking);
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
  const badges = await awardRepo.listAutoBadges(q, clubId);
  const criteriaOf = new Map(badges.map((b) => [b.id, criteriaFromJson(b.auto_criteria)]));
  const auto = badges.filter((b) => criteriaOf.get(b.id));
  if (auto.length === 0) return awarded;
  const held = new Set(
    (await awardRepo.listHeldBadges(q, clubId, inPlay, auto.map((b) => b.id))).map((r) => `${r.profile_id}:${r.badge_id}`),
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
  const inserted = await awardRepo.insertMemberBadges(q, clubId, pairs.map((x) => x.profileId), pairs.map((x) => x.badge.id));
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
  if (!(await awardRepo.hasRankingBadge(q, clubId))) return result;
  const rows = await awardRepo.listRankingBadgeCandidates(q, clubId);
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
  const due = await awardRepo.listMembershipDurationDue(db);
  // Each member in a transaction of their own (issue 43): a failure is recorded under the club, retried next day.
  const run = new ClubJobRun(db, MEMBERSHIP_BADGES_JOB);
  let granted = 0;
  for (const m of due) {
    const got = await run.inTransaction(m.club_id, async (tx) => {
      await awardRepo.lockMember(tx, m.club_id, m.profile_id);
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
  if (!(await awardRepo.insertLoginDay(db, profileId))) return;
  const clubs = await awardRepo.listActiveClubIds(db, profileId);
  for (const clubId of clubs) {
    await db.transaction(async (tx) => {
      await awardRepo.lockMember(tx, clubId, profileId);
      await awardAfterEvent(tx, clubId, profileId);
    });
  }
}
