import type { Queryable } from '../db/index.js';
import { PROGRESS_MSG } from '../../shared/progress.js';
import { AppError, badRequest, conflict, forbidden } from '../core/errors.js';
import type { ClubAccess } from '../core/access.js';
import * as repo from './repo.js';
import type { TaskRow } from './repo.js';

/** Whose progress a request changes: the caller's own, or a member's recorded by a leader. */
export interface Target {
  profileId: string;
  onBehalf: boolean;
}

/**
 * The ways a task gets done: the own or on-behalf completion (check, quiz, form, accumulative,
 * milestone without subtasks, and a leader's record of a submission task), a milestone's subtask,
 * a member sending evidence, and a leader approving that evidence.
 */
export type CompletionPath = 'complete' | 'subtask' | 'submit' | 'approve';

export interface CompletionAttempt {
  access: ClubAccess;
  target: Target;
  task: TaskRow;
  path: CompletionPath;
}

/**
 * The one rule every completion path applies (issue 21), inside the transaction that holds the
 * member's row lock (so the daily count is exact):
 * - nobody records for themselves through the on-behalf path, whatever id they sent;
 * - a submission task is done by evidence and an approval by someone else; nobody approves their own.
 *   A leader recording it for another member is that approval (audited by the caller);
 * - availability and due dates hold, except for a leader recording for someone else (a past meeting
 *   typed in later, audited), who may not record for an inactive task either;
 * - an accumulative task's 'Limite por dia' caps one member's completions per club-local day.
 */
export async function assertCompletionAllowed(tx: Queryable, attempt: CompletionAttempt): Promise<void> {
  const { access, target, task, path } = attempt;
  if (path === 'approve') {
    // Evidence sent while the task was open may be judged after its due date.
    if (target.profileId === access.profileId) throw forbidden(PROGRESS_MSG.cannotApproveOwn);
    return;
  }
  if (target.onBehalf && target.profileId === access.profileId) throw forbidden(PROGRESS_MSG.cannotRecordForSelf);
  const flowFits = path === 'subtask' ? task.type === 'milestone'
    : path === 'submit' ? task.type === 'submission' && !target.onBehalf
    : task.type !== 'submission' || target.onBehalf;
  if (!flowFits) throw badRequest(PROGRESS_MSG.wrongFlow);
  assertAvailable(task, target);
  if (task.type === 'accumulative' && task.daily_limit !== null) {
    const done = await repo.countCompletionsToday(tx, access.clubId, task.id, target.profileId);
    if (done >= task.daily_limit) throw conflict(PROGRESS_MSG.dailyLimitReached);
  }
}

/** Open now for the member themselves; a leader recording for someone else needs only an active task. */
export function assertAvailable(task: TaskRow, target: Target): void {
  if (target.onBehalf ? !task.active : !task.available_now) throw new AppError('not_available', 409, PROGRESS_MSG.taskNotAvailable);
}
