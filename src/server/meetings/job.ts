import type { BackgroundJob } from '../background-job.js';
import { generateRuleMeetings, MEETING_RULES_JOB } from './rules.js';

/** Every hour, in every app instance: safe because rules are claimed with SKIP LOCKED. */
export const meetingRulesJob: BackgroundJob = {
  name: MEETING_RULES_JOB,
  everyMs: 60 * 60_000,
  run: (app) => generateRuleMeetings(app.db),
};
