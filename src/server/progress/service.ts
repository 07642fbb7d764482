import type { z } from 'zod';
import type { Db, Queryable } from '../db/index.js';
import { PROGRESS_MSG, type TCompletionResult, type ZCompleteTask, type ZPointAdjustment } from '../../shared/progress.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../core/errors.js';
import { assertUnitInReach, canManageUnit, scopeOf, type ClubAccess } from '../core/access.js';
import { COUNSELOR_POINT_LIMIT, PERMISSION_MSG, type TClubPermission } from '../../shared/permissions.js';
import { writeAudit } from '../audit/repo.js';
import { assertAvailable, assertCompletionAllowed, type Target } from './completion-rule.js';
import { awardAfterEvent, awardTaskBadges } from '../badges/engine.js';
import { appendPointEvent } from './ledger-repo.js';
import * as repo from './repo.js';

/** Unit counsellors ('counselor') may record tasks for the members of their own unit. */
export function isCounsellor(role: string): boolean {
  return role === 'counselor';
}

/** The unit whose members a unit-scoped function sees (a counsellor's), or null for the whole club. */
export function unitFilter(access: ClubAccess, permission: TClubPermission): string | null {
  return scopeOf(access, permission) === 'unit' ? (access.unitId ?? null) : null;
}

/** How many submissions wait for the caller's review: the whole club's, or a counsellor's unit's. */
export function pendingApprovalCount(q: Queryable, access: ClubAccess): Promise<number> {
  return repo.countWaitingSubmissions(q, access.clubId, unitFilter(access, 'submissions.review'));
}

/** 403 unless the caller may act with this permission on that member (a counsellor: their unit only). */
export async function assertMemberInReach(q: Queryable, access: ClubAccess, profileId: string, permission: TClubPermission): Promise<void> {
  if (scopeOf(access, permission) === 'club') return;
  const member = await repo.findMember(q, access.clubId, profileId);
  assertUnitInReach(access, member?.unit_id ?? null, permission);
}

export type { Target } from './completion-rule.js';

/**
 * Whose progress a request changes: the caller, or a member they may record for (admins; counsellors
 * for their unit). Any id sent counts as the on-behalf path, even the caller's own profile or
 * membership id: the completion rule refuses that for writes (issue 21), reads just show their own.
 */
export async function resolveTarget(q: Queryable, access: ClubAccess, memberId?: string | null): Promise<Target> {
  if (!memberId) return { profileId: access.profileId, onBehalf: false };
  const target = await repo.findMember(q, access.clubId, memberId);
  if (!target) throw notFound(PROGRESS_MSG.memberNotFound);
  if (target.profile_id === access.profileId || canManageUnit(access, target.unit_id, 'progress.record')) {
    return { profileId: target.profile_id, onBehalf: true };
  }
  throw forbidden(PROGRESS_MSG.cannotRecordForMember);
}

/** Locks the member (their progress events run one at a time) and reads the task. */
async function lockTargetAndTask(tx: Queryable, access: ClubAccess, target: Target, taskId: string) {
  const member = await repo.lockMember(tx, access.clubId, target.profileId);
  if (!member) throw notFound(PROGRESS_MSG.memberNotFound);
  const task = await repo.getTask(tx, access.clubId, taskId);
  if (!task) throw notFound(PROGRESS_MSG.taskNotFound);
  return { member, task };
}

interface Grading {
  points: number;
  questionCount: number | null;
  correctCount: number | null;
  answers: Array<{ questionId: string; answer: string; isCorrect: boolean | null }>;
}

/** Quiz: graded against correct_answer, points = task points × right fraction, rounded down. Form: full points. */
async function gradeAnswers(tx: Queryable, task: repo.TaskRow, given: Array<{ question_id: string; answer: string }>): Promise<Grading> {
  const questions = await repo.listQuestions(tx, task.id);
  const byId = new Map(given.map((a) => [a.question_id, a.answer]));
  const answers: Grading['answers'] = [];
  let gradable = 0;
  let correct = 0;
  for (const qu of questions) {
    const answer = byId.get(qu.id);
    if (answer === undefined || answer.trim() === '') throw badRequest(PROGRESS_MSG.answerAll);
    if (qu.answer_type !== 'free_text' && qu.options && !qu.options.includes(answer)) throw badRequest(PROGRESS_MSG.answerInvalid);
    let isCorrect: boolean | null = null;
    if (task.type === 'quiz' && qu.answer_type !== 'free_text') {
      gradable += 1;
      isCorrect = answer === qu.correct_answer;
      if (isCorrect) correct += 1;
    }
    answers.push({ questionId: qu.id, answer, isCorrect });
  }
  if (given.some((a) => !questions.some((qu) => qu.id === a.question_id))) throw badRequest(PROGRESS_MSG.answerInvalid);
  if (task.type !== 'quiz') return { points: task.points, questionCount: null, correctCount: null, answers };
  const points = gradable === 0 ? task.points : Math.floor((task.points * correct) / gradable);
  return { points, questionCount: gradable, correctCount: correct, answers };
}

/**
 * Completes a check, quiz, form, accumulative or milestone-without-subtasks task (and, when a leader
 * records for another member, a submission task: their record is the approval). One transaction;
 * the member's row lock makes a double click or a concurrent request award once.
 */
export async function completeTask(db: Db, access: ClubAccess, taskId: string, body: z.output<typeof ZCompleteTask>): Promise<TCompletionResult> {
  const target = await resolveTarget(db, access, body.profile_id);
  return db.transaction(async (tx) => {
    const { task } = await lockTargetAndTask(tx, access, target, taskId);
    await assertCompletionAllowed(tx, { access, target, task, path: 'complete' });
    if (task.type === 'milestone' && (await repo.countSubtasks(tx, task.id)) > 0) throw badRequest(PROGRESS_MSG.wrongFlow);
    const assignment = await repo.ensureAssignment(tx, access.clubId, task.id, target.profileId);
    const done = assignment.status === 'completed' || assignment.status === 'approved';
    if (done && task.type !== 'accumulative') {
      throw conflict(target.onBehalf ? PROGRESS_MSG.memberAlreadyCompleted : PROGRESS_MSG.alreadyCompleted);
    }
    const grading: Grading = task.type === 'quiz' || task.type === 'form'
      ? await gradeAnswers(tx, task, body.answers ?? [])
      : { points: task.points, questionCount: null, correctCount: null, answers: [] };
    await repo.insertAnswers(tx, access.clubId, assignment.id, grading.answers);
    const status = task.type === 'submission' ? 'approved' : 'completed';
    await finishTask(tx, access, target, task, assignment.id, status, grading);
    if (target.onBehalf) {
      await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'progress.record', entity: 'task', entityId: task.id, after: { profile_id: target.profileId, points: grading.points } });
    }
    const badges = [...(await awardTaskBadges(tx, access.clubId, target.profileId, task.id)), ...(await awardAfterEvent(tx, access.clubId, target.profileId))];
    return { status, points_awarded: grading.points, correct_count: grading.correctCount, question_count: grading.questionCount, badges_awarded: badges };
  });
}

/** Books a completion: the completion row, the assignment's status and the ledger event. */
async function finishTask(
  tx: Queryable,
  access: ClubAccess,
  target: Target,
  task: repo.TaskRow,
  assignmentId: string,
  status: 'completed' | 'approved',
  grading: Pick<Grading, 'points' | 'questionCount' | 'correctCount'>,
): Promise<void> {
  await repo.insertCompletion(tx, {
    clubId: access.clubId, taskId: task.id, profileId: target.profileId, assignmentId, points: grading.points,
    questionCount: grading.questionCount, correctCount: grading.correctCount, recordedBy: access.profileId,
  });
  await repo.setAssignmentStatus(tx, assignmentId, status, true);
  if (grading.points > 0) {
    await appendPointEvent(tx, {
      clubId: access.clubId, profileId: target.profileId, source: status === 'approved' ? 'submission_approval' : 'task_completion',
      points: grading.points, taskId: task.id, createdBy: access.profileId,
    });
  }
}

/** 'Choosing a task creates my assignment' (spec 4): idempotent. */
export async function startTask(db: Db, access: ClubAccess, taskId: string): Promise<{ status: string }> {
  return db.transaction(async (tx) => {
    const target: Target = { profileId: access.profileId, onBehalf: false };
    const { task } = await lockTargetAndTask(tx, access, target, taskId);
    assertAvailable(task, target);
    const a = await repo.ensureAssignment(tx, access.clubId, task.id, access.profileId);
    return { status: a.status };
  });
}

/** Ticks one milestone subtask (its points), and the milestone's own points when every required one is done. */
export async function completeSubtask(db: Db, access: ClubAccess, taskId: string, subtaskId: string, memberId?: string | null): Promise<TCompletionResult> {
  const target = await resolveTarget(db, access, memberId);
  return db.transaction(async (tx) => {
    const { task } = await lockTargetAndTask(tx, access, target, taskId);
    await assertCompletionAllowed(tx, { access, target, task, path: 'subtask' });
    const subtask = await repo.getSubtask(tx, task.id, subtaskId);
    if (!subtask) throw notFound(PROGRESS_MSG.taskNotFound);
    const assignment = await repo.ensureAssignment(tx, access.clubId, task.id, target.profileId);
    const fresh = await repo.insertSubtaskCompletion(tx, { clubId: access.clubId, subtaskId: subtask.id, profileId: target.profileId, points: subtask.points, recordedBy: access.profileId });
    if (!fresh) throw conflict(PROGRESS_MSG.subtaskDone);
    let points = 0;
    if (subtask.points > 0) {
      points += subtask.points;
      await appendPointEvent(tx, { clubId: access.clubId, profileId: target.profileId, source: 'subtask_completion', points: subtask.points, taskId: task.id, reason: subtask.title, createdBy: access.profileId });
    }
    let status = assignment.status;
    const badges = [];
    if (assignment.status !== 'completed' && (await repo.milestoneDone(tx, task.id, target.profileId))) {
      await finishTask(tx, access, target, task, assignment.id, 'completed', { points: task.points, questionCount: null, correctCount: null });
      points += task.points;
      status = 'completed';
      badges.push(...(await awardTaskBadges(tx, access.clubId, target.profileId, task.id)));
    }
    if (target.onBehalf) {
      await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'progress.record_subtask', entity: 'subtask', entityId: subtask.id, after: { profile_id: target.profileId } });
    }
    badges.push(...(await awardAfterEvent(tx, access.clubId, target.profileId)));
    return { status, points_awarded: points, correct_count: null, question_count: null, badges_awarded: badges };
  });
}

/** Manual points with a reason: a bonus or penalty for a member, or points for a whole unit. Audited. */
export async function adjustPoints(db: Db, access: ClubAccess, input: z.output<typeof ZPointAdjustment>) {
  if (scopeOf(access, 'points.adjust') === 'unit' && Math.abs(input.points) > COUNSELOR_POINT_LIMIT) {
    throw new AppError('permission_denied', 403, PERMISSION_MSG.counselorPointLimit);
  }
  return db.transaction(async (tx) => {
    let profileId: string | null = null;
    let unitId: string | null = null;
    if (input.profile_id) {
      const member = await repo.findMember(tx, access.clubId, input.profile_id);
      if (!member) throw notFound(PROGRESS_MSG.memberNotFound);
      // Nobody scores for themselves: a leader's own points come from tasks others approve (issue 21).
      if (member.profile_id === access.profileId) throw new AppError('self_adjustment', 403, PROGRESS_MSG.selfAdjustment);
      assertUnitInReach(access, member.unit_id, 'points.adjust');
      await repo.lockMember(tx, access.clubId, member.profile_id);
      profileId = member.profile_id;
    } else if (input.unit_id) {
      const unit = await repo.findUnit(tx, access.clubId, input.unit_id);
      if (!unit) throw notFound(PROGRESS_MSG.unitNotFound);
      assertUnitInReach(access, unit.id, 'points.adjust');
      unitId = unit.id;
    }
    const id = await appendPointEvent(tx, { clubId: access.clubId, profileId, unitId, source: 'manual', points: input.points, reason: input.reason, createdBy: access.profileId });
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'points.adjust', entity: 'point_event', entityId: id, after: { profile_id: profileId, unit_id: unitId, points: input.points, reason: input.reason } });
    const badges = profileId ? await awardAfterEvent(tx, access.clubId, profileId) : [];
    return { id, points: input.points, badges_awarded: badges };
  });
}
