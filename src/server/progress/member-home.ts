import type { Queryable } from '../db/index.js';
import { maybeOne } from '../db/index.js';
import type { TMemberHome } from '../../shared/member-home.js';
import { isToDoNow } from '../../shared/progress.js';
import { withServedIcon } from '../badges/icon.js';
import { listMemberTasks } from './repo.js';
import { listEarnedBadges } from './profile-repo.js';

/** A member's own home: points (all time and this period), positions, next tasks and latest badges. */
export async function getMemberHome(q: Queryable, clubId: string, profileId: string): Promise<TMemberHome> {
  const me = await maybeOne<{ full_name: string; total_points: number; ranking: number | null; ranked_count: number; unit_id: string | null }>(
    q,
    `SELECT p.full_name, coalesce(r.total_points, 0)::int AS total_points, r.ranking::int AS ranking, cm.unit_id,
            (SELECT count(*)::int FROM v_individual_ranking a WHERE a.club_id = $1) AS ranked_count
       FROM club_members cm JOIN profiles p ON p.id = cm.profile_id
       LEFT JOIN v_individual_ranking r ON r.club_id = cm.club_id AND r.profile_id = cm.profile_id
      WHERE cm.club_id = $1 AND cm.profile_id = $2`,
    [clubId, profileId],
  );
  // A super admin visiting a club they do not belong to has no home of their own there.
  if (!me) return { full_name: '', total_points: 0, period: null, ranking: null, ranked_count: 0, unit: null, next_tasks: [], awaiting_approval: 0, latest_badges: [] };
  const period = await maybeOne<{ id: string; name: string; points: number }>(
    q,
    `SELECT pr.id, pr.name,
            (SELECT coalesce(sum(pe.points), 0)::int FROM point_events pe
              WHERE pe.club_id = pr.club_id AND pe.profile_id = $2 AND pe.occurred_at BETWEEN pr.start_date AND pr.end_date) AS points
       FROM periods pr WHERE pr.club_id = $1 AND pr.active AND now() BETWEEN pr.start_date AND pr.end_date
      ORDER BY pr.start_date DESC LIMIT 1`,
    [clubId, profileId],
  );
  const unit = me.unit_id
    ? await maybeOne<{ id: string; name: string; color: string; ranking: number | null; unit_count: number }>(
      q,
      `SELECT u.id, u.name, u.color, r.ranking::int AS ranking,
              (SELECT count(*)::int FROM v_unit_ranking a WHERE a.club_id = $1) AS unit_count
         FROM units u LEFT JOIN v_unit_ranking r ON r.club_id = u.club_id AND r.unit_id = u.id
        WHERE u.club_id = $1 AND u.id = $2`,
      [clubId, me.unit_id],
    )
    : null;
  const tasks = await listMemberTasks(q, clubId, profileId);
  // What is still to do now: open, not finished (an accumulative one stays until today's cap), soonest deadline first.
  const next = tasks.filter(isToDoNow).slice(0, 3);
  const badges = (await listEarnedBadges(q, clubId, profileId)).slice(0, 3).map(withServedIcon);
  return {
    full_name: me.full_name,
    total_points: me.total_points,
    period,
    ranking: me.ranking,
    ranked_count: me.ranked_count,
    unit,
    next_tasks: next,
    awaiting_approval: tasks.filter((t) => t.status === 'submitted').length,
    latest_badges: badges,
  };
}
