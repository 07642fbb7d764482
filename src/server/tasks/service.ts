import type { z } from 'zod';
import type { Db, Queryable } from '../db/index.js';
import { can, type ClubAccess } from '../core/access.js';
import { AppError, badRequest, conflict, isInUse, notFound } from '../core/errors.js';
import { writeAudit } from '../audit/repo.js';
import {
  QUESTION_MSG, QUESTION_TASK_TYPES, quizAnswerIssue, SUBTASK_MSG, SUBTASK_TASK_TYPE, TASK_BADGE_MSG, TASK_MSG,
  type TQuestion, type TTask, type TTaskType, type TTaskValues, type ZQuestionInput, type ZSubtaskInput,
} from '../../shared/tasks.js';
import * as repo from './repo.js';
import { membersWithRoles, notify } from '../notifications/notify.js';
import { isUuid } from '../../shared/ids.js';


/** A malformed id is simply a record that does not exist (no SQL cast error, no probing). */
function requireId(id: string, message: string): string {
  if (!isUuid(id)) throw notFound(message);
  return id;
}

/** Admins see every task of their club; members only active ones (ARCHITECTURE §5): the list as JSON text. */
export function listTasksJson(db: Db, access: ClubAccess): Promise<string> {
  return repo.listTasksJson(db, access.clubId, !can(access, 'tasks.manage'));
}

/** The task if this user may see it, or 404 (an inactive task is invisible to members). */
export async function getVisibleTask(q: Queryable, access: ClubAccess, taskId: string): Promise<TTask> {
  const task = await repo.getTask(q, access.clubId, requireId(taskId, TASK_MSG.notFound));
  if (!task || (!task.active && !can(access, 'tasks.manage'))) throw notFound(TASK_MSG.notFound);
  return task;
}

async function reload(q: Queryable, clubId: string, taskId: string): Promise<TTask> {
  const task = await repo.getTask(q, clubId, taskId);
  if (!task) throw notFound(TASK_MSG.notFound);
  return task;
}

/**
 * A task the members can do now appears (created active, or switched on): every active Desbravador(a)
 * of the club is told, in the task's transaction (issue 36), once per task (a task switched off and on
 * again does not notify twice). Tasks are club-wide, so every unit's members hear of it.
 */
async function tellMembersOfNewTask(tx: Queryable, access: ClubAccess, task: TTask): Promise<void> {
  const to = (await membersWithRoles(tx, access.clubId, ['member'])).filter((id) => id !== access.profileId);
  await notify(tx, {
    clubId: access.clubId, to, category: 'tasks', kind: 'task.created', link: '/dashboard/minhas-tarefas', dedupeKey: `task.created:${task.id}`,
    title: `Nova tarefa: ${task.title}`, body: task.points > 0 ? `Vale ${task.points} pontos.` : 'Veja em Minhas Tarefas.',
  });
}

export async function createTask(db: Db, access: ClubAccess, input: TTaskValues): Promise<TTask> {
  return db.transaction(async (tx) => {
    const id = await repo.insertTask(tx, access.clubId, input);
    const task = await reload(tx, access.clubId, id);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'task.create', entity: 'task', entityId: id, after: task });
    if (task.active) await tellMembersOfNewTask(tx, access, task);
    return task;
  });
}

export async function updateTask(db: Db, access: ClubAccess, taskId: string, input: TTaskValues): Promise<TTask> {
  requireId(taskId, TASK_MSG.notFound);
  return db.transaction(async (tx) => {
    const before = await reload(tx, access.clubId, taskId);
    await repo.updateTask(tx, access.clubId, taskId, input);
    const after = await reload(tx, access.clubId, taskId);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'task.update', entity: 'task', entityId: taskId, before, after });
    if (after.active && !before.active) await tellMembersOfNewTask(tx, access, after);
    return after;
  });
}

export async function deleteTask(db: Db, access: ClubAccess, taskId: string): Promise<void> {
  requireId(taskId, TASK_MSG.notFound);
  try {
    await db.transaction(async (tx) => {
      const before = await reload(tx, access.clubId, taskId);
      await repo.deleteTask(tx, access.clubId, taskId);
      await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'task.delete', entity: 'task', entityId: taskId, before });
    });
  } catch (err) {
    if (isInUse(err)) throw new AppError('in_use', 409, TASK_MSG.deleteError);
    throw err;
  }
}

// Questions and subtasks -----------------------------------------------------------------------

/** Locks the parent task (concurrent additions take turns) and checks it takes this kind of child. */
async function lockParent(tx: Queryable, access: ClubAccess, taskId: string, allowed: readonly TTaskType[], wrongType: string) {
  const task = await repo.lockTask(tx, access.clubId, requireId(taskId, TASK_MSG.notFound));
  if (!task) throw notFound(TASK_MSG.notFound);
  if (!allowed.includes(task.type)) throw badRequest(wrongType);
  return task;
}

/** Members never receive the right answer of a quiz. */
function forViewer(questions: TQuestion[], access: ClubAccess): TQuestion[] {
  if (can(access, 'tasks.manage')) return questions;
  return questions.map(({ correct_answer: _hidden, ...q }) => q);
}

export async function listQuestions(db: Db, access: ClubAccess, taskId: string): Promise<TQuestion[]> {
  await getVisibleTask(db, access, taskId);
  return forViewer(await repo.listQuestions(db, taskId), access);
}

type QuestionValues = z.output<typeof ZQuestionInput>;
type SubtaskValues = z.output<typeof ZSubtaskInput>;

/** A quiz's question keeps its right answer (required); a form only collects answers, so it has none. */
function questionFor(type: TTaskType, input: QuestionValues): QuestionValues {
  if (type !== 'quiz') return { ...input, correct_answer: null };
  const issue = quizAnswerIssue(input);
  if (issue) throw badRequest(issue);
  return input;
}

export function createQuestion(db: Db, access: ClubAccess, taskId: string, input: QuestionValues) {
  return db.transaction(async (tx) => {
    const task = await lockParent(tx, access, taskId, QUESTION_TASK_TYPES, QUESTION_MSG.wrongTaskType);
    return repo.insertQuestion(tx, taskId, questionFor(task.type, input));
  });
}

export async function updateQuestion(db: Db, access: ClubAccess, taskId: string, questionId: string, input: QuestionValues) {
  return db.transaction(async (tx) => {
    const task = await lockParent(tx, access, taskId, QUESTION_TASK_TYPES, QUESTION_MSG.wrongTaskType);
    const q = await repo.updateQuestion(tx, taskId, requireId(questionId, QUESTION_MSG.notFound), questionFor(task.type, input));
    if (!q) throw notFound(QUESTION_MSG.notFound);
    return q;
  });
}

export function createSubtask(db: Db, access: ClubAccess, taskId: string, input: SubtaskValues) {
  return db.transaction(async (tx) => {
    await lockParent(tx, access, taskId, [SUBTASK_TASK_TYPE], SUBTASK_MSG.wrongTaskType);
    return repo.insertSubtask(tx, taskId, input);
  });
}

export async function updateSubtask(db: Db, access: ClubAccess, taskId: string, subtaskId: string, input: SubtaskValues) {
  return db.transaction(async (tx) => {
    await lockParent(tx, access, taskId, [SUBTASK_TASK_TYPE], SUBTASK_MSG.wrongTaskType);
    const s = await repo.updateSubtask(tx, taskId, requireId(subtaskId, SUBTASK_MSG.notFound), input);
    if (!s) throw notFound(SUBTASK_MSG.notFound);
    return s;
  });
}

export async function listSubtasks(db: Db, access: ClubAccess, taskId: string) {
  await getVisibleTask(db, access, taskId);
  return repo.listSubtasks(db, taskId);
}

const CHILD = {
  question: { kind: repo.QUESTIONS, msg: QUESTION_MSG, types: QUESTION_TASK_TYPES },
  subtask: { kind: repo.SUBTASKS, msg: SUBTASK_MSG, types: [SUBTASK_TASK_TYPE] as readonly TTaskType[] },
} as const;
type ChildName = keyof typeof CHILD;

/** Deletes a question or subtask; the ones after it move up one place. */
export async function deleteChild(db: Db, access: ClubAccess, child: ChildName, taskId: string, id: string): Promise<void> {
  const { kind, msg } = CHILD[child];
  requireId(id, msg.notFound);
  await db.transaction(async (tx) => {
    const task = await repo.lockTask(tx, access.clubId, requireId(taskId, TASK_MSG.notFound));
    if (!task) throw notFound(TASK_MSG.notFound);
    const removed = await repo.deleteOrderedChild(tx, kind, taskId, id);
    if (!removed) throw notFound(msg.notFound);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: `${child}.delete`, entity: child, entityId: id, before: removed });
  });
}

/** Puts a task's questions or subtasks in the given order (every id exactly once). */
export async function reorderChildren(db: Db, access: ClubAccess, child: ChildName, taskId: string, ids: string[]): Promise<void> {
  const { kind, msg } = CHILD[child];
  await db.transaction(async (tx) => {
    const task = await repo.lockTask(tx, access.clubId, requireId(taskId, TASK_MSG.notFound));
    if (!task) throw notFound(TASK_MSG.notFound);
    const current = new Set(await repo.childIds(tx, kind, taskId));
    const wanted = new Set(ids);
    if (wanted.size !== ids.length || wanted.size !== current.size || ids.some((id) => !current.has(id))) throw badRequest(msg.badOrder);
    await repo.reorderChildren(tx, kind, taskId, ids);
  });
}

// Task badges -----------------------------------------------------------------------------------

export async function listTaskBadges(db: Db, access: ClubAccess, taskId: string) {
  await getVisibleTask(db, access, taskId);
  return repo.listTaskBadges(db, taskId);
}

export async function listLinkableBadges(db: Db, access: ClubAccess, taskId: string) {
  await getVisibleTask(db, access, taskId);
  return repo.listLinkableBadges(db, taskId);
}

export async function linkBadge(db: Db, access: ClubAccess, taskId: string, badgeId: string) {
  await getVisibleTask(db, access, taskId);
  if (!(await repo.isActiveBadge(db, badgeId, access.clubId))) throw notFound(TASK_BADGE_MSG.badgeUnavailable);
  const id = await repo.linkBadge(db, taskId, badgeId);
  if (!id) throw conflict(TASK_BADGE_MSG.alreadyLinked);
  return repo.listTaskBadges(db, taskId);
}

export async function unlinkBadge(db: Db, access: ClubAccess, taskId: string, badgeId: string): Promise<void> {
  await getVisibleTask(db, access, taskId);
  await db.transaction(async (tx) => {
    if (!(await repo.unlinkBadge(tx, taskId, requireId(badgeId, TASK_BADGE_MSG.notLinked)))) throw notFound(TASK_BADGE_MSG.notLinked);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'task_badge.delete', entity: 'task_badge', entityId: `${taskId}:${badgeId}` });
  });
}
