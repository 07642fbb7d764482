import type { BackgroundJob } from '../background-job.js';
import { generateRuleMeetings } from './rules.js';

/** Every hour, in every app instance: safe because rules are claimed with SKIP LOCKED. */
export const meetingRulesJob: BackgroundJob = {
  name: 'meeting-rules',
  everyMs: 60 * 60_000,
  run: (app) => generateRuleMeetings(app.db),
};
