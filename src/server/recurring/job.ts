import type { BackgroundJob } from '../background-job.js';
import { generateRecurringInstances, RECURRING_JOB } from './engine.js';

/** Every minute, in every app instance: safe because the engine claims rows with SKIP LOCKED. */
export const recurringGenerationJob: BackgroundJob = {
  name: RECURRING_JOB,
  everyMs: 60_000,
  run: (app) => generateRecurringInstances(app.db),
};
