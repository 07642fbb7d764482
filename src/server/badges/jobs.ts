import type { BackgroundJob } from '../background-job.js';
import { awardMembershipDurationBadges, MEMBERSHIP_BADGES_JOB } from './engine.js';
import { BADGE_BACKFILL_JOB, runBadgeBackfill } from './backfill.js';
import { sweepBadgeIcons } from './icon.js';

/** membership_duration badges: checked once a day (and at start-up) by the scheduler. */
export const membershipBadgesJob: BackgroundJob = {
  name: MEMBERSHIP_BADGES_JOB,
  everyMs: 24 * 60 * 60 * 1000,
  run: (app) => awardMembershipDurationBadges(app.db),
};

/** Automatic badges created, activated or re-aimed: evaluated for every active member, in batches. */
export const badgeBackfillJob: BackgroundJob = {
  name: BADGE_BACKFILL_JOB,
  everyMs: 10_000,
  run: (app) => runBadgeBackfill(app.db),
};

/**
 * Icons stored before the current sanitiser (legacy rows, rows inserted by SQL) rewritten clean, at
 * start and every 10 minutes; reads clean such a row in memory meanwhile. Loads jsdom only when one exists.
 */
export const badgeIconSweepJob: BackgroundJob = {
  name: 'badge-icon-sweep',
  everyMs: 10 * 60_000,
  run: (app) => sweepBadgeIcons(app.db),
};
