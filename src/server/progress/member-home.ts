import type { Queryable } from '../db/index.js';
import type { TMemberHome } from '../../shared/member-home.js';
import { isToDoNow } from '../../shared/progress.js';
import { withServedIcon } from '../badges/icon.js';
import { listMemberTasks } from './repo.js';
import { listEarnedBadges } from './profile-repo.js';
import * as homeRepo from './home-repo.js';

/** A member's own home: points (all time and this period), positions, next tasks and latest badges. */
export async function getMemberHome(q: Queryable, clubId: string, profileId: string): Promise<TMemberHome> {
  const me = await homeRepo.getHomeHead(q, clubId, profileId);
  // A super admin visiting a club they do not belong to has no home of their own there.
  if (!me) return { full_name: '', total_points: 0, period: null, ranking: null, ranked_count: 0, unit: null, next_tasks: [], awaiting_approval: 0, latest_badges: [] };
  const period = await homeRepo.getCurrentPeriodPoints(q, clubId, profileId);
  const unit = me.unit_id ? await homeRepo.getUnitStanding(q, clubId, me.unit_id) : null;
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
