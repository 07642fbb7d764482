import type { BackgroundJob } from '../jobs.js';
import { awardMembershipDurationBadges } from './engine.js';

/** membership_duration badges: checked once a day (and at start-up) by the scheduler. */
export const membershipBadgesJob: BackgroundJob = {
  name: 'membership-duration-badges',
  everyMs: 24 * 60 * 60 * 1000,
  run: (app) => awardMembershipDurationBadges(app.db),
};
