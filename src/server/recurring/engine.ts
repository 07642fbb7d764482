import type { Db, Queryable } from '../db/index.js';
import { MAX_CATCH_UP_OCCURRENCES, type TGenerateResult } from '../../shared/recurring.js';
import * as repo from './repo.js';
import { ClubJobRun } from '../db/club-job-run.js';
import { dueOccurrences, nextOccurrence } from './schedule.js';

const BATCH = 50;
const MAX_BATCHES = 200;

const later = (a: string | null, b: string | null): string | null => (!a ? b : !b ? a : a > b ? a : b);

/** Generates one row's due occurrences and moves its cursor and next date forward. Returns tasks created. */
async function generateForRow(tx: Queryable, rt: repo.GenerationRow, now: Date): Promise<number> {
  // Never again an occurrence at or before the last one generated, nor one skipped while inactive.
  const after = later(rt.last_generated_date, rt.resume_from);
  const afterDate = after ? new Date(after) : null;
  const due = dueOccurrences(rt, rt.timezone, afterDate, now, MAX_CATCH_UP_OCCURRENCES);
  const created = await repo.insertInstances(tx, rt, due);
  const last = due.length ? later(rt.last_generated_date, due[due.length - 1].toISOString()) : rt.last_generated_date;
  const from = afterDate && afterDate > now ? afterDate : now;
  await repo.markGenerated(tx, rt.id, last, nextOccurrence(rt, rt.timezone, from));
  return created;
}

export const RECURRING_JOB = 'recurring-task-generation';

/**
 * Turns every occurrence due by `now` into one normal task, exactly once even with several app
 * instances on one PostgreSQL (rows claimed FOR UPDATE SKIP LOCKED, instances unique on
 * (recurring_task_id, occurrence_start)). Without a scope it handles only rows whose
 * next_generation_date has come; a club or a single recurring task is re-examined whole. Clubs the
 * platform deactivated are skipped. Each row runs in its own savepoint (issue 43): a row that fails is
 * recorded for the super admin under its club, left for the next run, and stops nothing else.
 */
export async function generateRecurringInstances(
  db: Db,
  scope: { clubId?: string; recurringTaskId?: string; now?: Date } = {},
): Promise<TGenerateResult> {
  const now = scope.now ?? new Date();
  const scoped = Boolean(scope.clubId || scope.recurringTaskId);
  const result: TGenerateResult = { created: 0, recurring_tasks: 0 };
  const run = new ClubJobRun(db, RECURRING_JOB);
  // Rows that failed in this run: not claimed again until the next one.
  const failed: string[] = [];
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const claimed = await db.transaction(async (tx) => {
      const rows = await repo.claimRecurring(tx, {
        clubId: scope.clubId ?? null,
        id: scope.recurringTaskId ?? null,
        dueBy: scoped ? null : now,
        limit: scoped ? 1000 : BATCH,
        skip: failed,
      });
      for (const rt of rows) {
        const created = await run.inSavepoint(tx, rt.club_id, () => generateForRow(tx, rt, now));
        if (created === undefined) failed.push(rt.id);
        else result.created += created;
      }
      result.recurring_tasks += rows.length;
      return rows.length;
    });
    // A scoped run reads its rows once; the unscoped scan goes on while full batches come back
    // (a handled row's next date is in the future, so it is not claimed again).
    if (scoped || claimed < BATCH) break;
  }
  await run.finish();
  return result;
}
