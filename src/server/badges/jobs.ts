import type { BackgroundJob } from '../jobs.js';
import { awardMembershipDurationBadges } from './engine.js';
import { runBadgeBackfill } from './backfill.js';

/** membership_duration badges: checked once a day (and at start-up) by the scheduler. */
export const membershipBadgesJob: BackgroundJob = {
  name: 'membership-duration-badges',
  everyMs: 24 * 60 * 60 * 1000,
  run: (app) => awardMembershipDurationBadges(app.db),
};

/** Automatic badges created, activated or re-aimed: evaluated for every active member, in batches. */
export const badgeBackfillJob: BackgroundJob = {
  name: 'auto-badge-backfill',
  everyMs: 10_000,
  run: (app) => runBadgeBackfill(app.db),
};
