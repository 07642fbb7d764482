import type { Queryable } from '../db/index.js';
import { maybeOne, one } from '../db/index.js';
import { isoUtc, jsonArray } from '../db/json-text.js';
import { withServedIcon, type StoredIcon } from '../badges/icon.js';
import type { TBadgeSummary, TQuestion, TSubtask, TTask, TTaskBadge, TTaskType, TTaskValues } from '../../shared/tasks.js';

const TASK_SELECT = `
  SELECT t.id, t.club_id, t.title, t.description, t.type, t.points, t.available_date, t.due_date, t.active, t.daily_limit,
         t.recurring_task_id, t.occurrence_start, t.created_at, t.updated_at,
         (SELECT count(*)::int FROM questions q WHERE q.task_id = t.id) AS question_count,
         (SELECT count(*)::int FROM subtasks s WHERE s.parent_task_id = t.id) AS subtask_count,
         (SELECT count(*)::int FROM task_badges tb WHERE tb.task_id = t.id) AS badge_count
    FROM tasks t`;

const TASK_ORDER = 't.created_at DESC, t.occurrence_start DESC NULLS LAST, t.id';

/** ZTask's columns, in its order, with the instants as the driver writes them. */
const TASK_JSON_SELECT = ['available_date', 'due_date', 'occurrence_start', 'created_at', 'updated_at']
  .reduce((sql, col) => sql.replace(`t.${col}`, `${isoUtc(`t.${col}`)} AS ${col}`), TASK_SELECT);

/**
 * A club's tasks, newest first (generated ones of one run: latest occurrence first), as the JSON array
 * the route answers, written by the database.
 */
export function listTasksJson(q: Queryable, clubId: string, onlyActive: boolean): Promise<string> {
  return jsonArray(q, `SELECT row_to_json(x)::text AS j FROM (${TASK_JSON_SELECT} WHERE t.club_id = $1 AND (t.active OR NOT $2) ORDER BY ${TASK_ORDER}) x`, [clubId, onlyActive]);
}

export function getTask(q: Queryable, clubId: string, taskId: string) {
  return maybeOne<TTask>(q, `${TASK_SELECT} WHERE t.club_id = $1 AND t.id = $2`, [clubId, taskId]);
}

/** Locks the task row: concurrent additions of questions or subtasks to one task take turns. */
export function lockTask(q: Queryable, clubId: string, taskId: string) {
  return maybeOne<{ id: string; type: TTaskType }>(q, `SELECT id, type FROM tasks WHERE club_id = $1 AND id = $2 FOR UPDATE`, [clubId, taskId]);
}

export async function insertTask(q: Queryable, clubId: string, t: TTaskValues): Promise<string> {
  const row = await one<{ id: string }>(
    q,
    `INSERT INTO tasks (club_id, title, description, type, points, available_date, due_date, active, daily_limit)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [clubId, t.title, t.description, t.type, t.points, t.available_date, t.due_date, t.active, t.daily_limit],
  );
  return row.id;
}

export async function updateTask(q: Queryable, clubId: string, taskId: string, t: TTaskValues): Promise<boolean> {
  const rows = await q.query(
    `UPDATE tasks SET title = $3, description = $4, type = $5, points = $6, available_date = $7, due_date = $8,
            active = $9, daily_limit = $10, updated_at = now()
      WHERE club_id = $1 AND id = $2 RETURNING id`,
    [clubId, taskId, t.title, t.description, t.type, t.points, t.available_date, t.due_date, t.active, t.daily_limit],
  );
  return rows.length === 1;
}

export async function deleteTask(q: Queryable, clubId: string, taskId: string): Promise<boolean> {
  const rows = await q.query(`DELETE FROM tasks WHERE club_id = $1 AND id = $2 RETURNING id`, [clubId, taskId]);
  return rows.length === 1;
}

// Questions and subtasks: ordered children of a task -------------------------------------------

const QUESTION_COLUMNS = 'id, task_id, text, answer_type, options, correct_answer, order_position';
const SUBTASK_COLUMNS = 'id, parent_task_id, title, description, points, required, order_position';

export function listQuestions(q: Queryable, taskId: string) {
  return q.query<TQuestion>(`SELECT ${QUESTION_COLUMNS} FROM questions WHERE task_id = $1 ORDER BY order_position`, [taskId]);
}

export interface QuestionValues {
  text: string;
  answer_type: TQuestion['answer_type'];
  options: string[] | null;
  correct_answer: string | null;
}

/** Appends a question at the end: order_position = highest + 1, starting at 1 (caller holds the task lock). */
export function insertQuestion(q: Queryable, taskId: string, v: QuestionValues) {
  return one<TQuestion>(
    q,
    `INSERT INTO questions (task_id, text, answer_type, options, correct_answer, order_position)
     VALUES ($1, $2, $3, $4::jsonb, $5, (SELECT coalesce(max(order_position), 0) + 1 FROM questions WHERE task_id = $1))
     RETURNING ${QUESTION_COLUMNS}`,
    [taskId, v.text, v.answer_type, v.options === null ? null : JSON.stringify(v.options), v.correct_answer],
  );
}

export function updateQuestion(q: Queryable, taskId: string, questionId: string, v: QuestionValues) {
  return maybeOne<TQuestion>(
    q,
    `UPDATE questions SET text = $3, answer_type = $4, options = $5::jsonb, correct_answer = $6, updated_at = now()
      WHERE task_id = $1 AND id = $2 RETURNING ${QUESTION_COLUMNS}`,
    [taskId, questionId, v.text, v.answer_type, v.options === null ? null : JSON.stringify(v.options), v.correct_answer],
  );
}

export interface SubtaskValues {
  title: string;
  description: string | null;
  points: number;
  required: boolean;
}

export function listSubtasks(q: Queryable, taskId: string) {
  return q.query<TSubtask>(`SELECT ${SUBTASK_COLUMNS} FROM subtasks WHERE parent_task_id = $1 ORDER BY order_position`, [taskId]);
}

export function insertSubtask(q: Queryable, taskId: string, v: SubtaskValues) {
  return one<TSubtask>(
    q,
    `INSERT INTO subtasks (parent_task_id, title, description, points, required, order_position)
     VALUES ($1, $2, $3, $4, $5, (SELECT coalesce(max(order_position), 0) + 1 FROM subtasks WHERE parent_task_id = $1))
     RETURNING ${SUBTASK_COLUMNS}`,
    [taskId, v.title, v.description, v.points, v.required],
  );
}

export function updateSubtask(q: Queryable, taskId: string, subtaskId: string, v: SubtaskValues) {
  return maybeOne<TSubtask>(
    q,
    `UPDATE subtasks SET title = $3, description = $4, points = $5, required = $6, updated_at = now()
      WHERE parent_task_id = $1 AND id = $2 RETURNING ${SUBTASK_COLUMNS}`,
    [taskId, subtaskId, v.title, v.description, v.points, v.required],
  );
}

/** The two ordered children of a task share their SQL shape: table and parent column. */
export type OrderedChild = { table: 'questions'; parent: 'task_id' } | { table: 'subtasks'; parent: 'parent_task_id' };
export const QUESTIONS: OrderedChild = { table: 'questions', parent: 'task_id' };
export const SUBTASKS: OrderedChild = { table: 'subtasks', parent: 'parent_task_id' };

/** Deletes one child and closes the gap, so positions stay 1..n (the unique key is checked per statement). */
export async function deleteOrderedChild(q: Queryable, kind: OrderedChild, taskId: string, id: string): Promise<Record<string, unknown> | null> {
  const removed = await maybeOne<Record<string, unknown> & { order_position: number }>(
    q,
    `DELETE FROM ${kind.table} WHERE ${kind.parent} = $1 AND id = $2 RETURNING *`,
    [taskId, id],
  );
  if (!removed) return null;
  await q.query(
    `UPDATE ${kind.table} SET order_position = order_position - 1 WHERE ${kind.parent} = $1 AND order_position > $2`,
    [taskId, removed.order_position],
  );
  return removed;
}

export async function childIds(q: Queryable, kind: OrderedChild, taskId: string): Promise<string[]> {
  const rows = await q.query<{ id: string }>(`SELECT id FROM ${kind.table} WHERE ${kind.parent} = $1`, [taskId]);
  return rows.map((r) => r.id);
}

/** Renumbers 1..n in the given order, in one statement (the DEFERRABLE unique key is checked at its end). */
export async function reorderChildren(q: Queryable, kind: OrderedChild, taskId: string, ids: readonly string[]): Promise<void> {
  await q.query(
    `UPDATE ${kind.table} c SET order_position = o.pos, updated_at = now()
       FROM unnest($2::uuid[]) WITH ORDINALITY AS o(id, pos)
      WHERE c.${kind.parent} = $1 AND c.id = o.id`,
    [taskId, ids],
  );
}

// Task badges ------------------------------------------------------------------------------------

const BADGE_JSON = `json_build_object('id', b.id, 'name', b.name, 'description', b.description, 'icon_svg', b.icon_svg,
                                      'icon_sanitized_v', b.icon_sanitized_v, 'rarity', b.rarity, 'points', b.points)`;

/** A task's linked badges; an icon stored by an older sanitiser is cleaned on the way out (ADR 023). */
export async function listTaskBadges(q: Queryable, taskId: string): Promise<TTaskBadge[]> {
  const rows = await q.query<Omit<TTaskBadge, 'badge'> & { badge: TTaskBadge['badge'] & StoredIcon }>(
    `SELECT tb.id, tb.task_id, tb.badge_id, tb.created_at, ${BADGE_JSON} AS badge
       FROM task_badges tb JOIN badges b ON b.id = tb.badge_id
      WHERE tb.task_id = $1 ORDER BY tb.created_at, b.name`,
    [taskId],
  );
  return rows.map((r) => ({ ...r, badge: withServedIcon(r.badge) }));
}

/** Active badges not yet linked to the task, by rarity then name (spec 7: "list active ordered by rarity"). */
export async function listLinkableBadges(q: Queryable, taskId: string): Promise<TBadgeSummary[]> {
  const rows = await q.query<TBadgeSummary & StoredIcon>(
    `SELECT b.id, b.name, b.description, b.icon_svg, b.icon_sanitized_v, b.rarity, b.points
       FROM badges b
      WHERE b.active AND NOT EXISTS (SELECT 1 FROM task_badges tb WHERE tb.task_id = $1 AND tb.badge_id = b.id)
        AND (b.club_id IS NULL OR b.club_id = (SELECT t.club_id FROM tasks t WHERE t.id = $1))
      ORDER BY array_position(ARRAY['common','rare','epic','legendary'], b.rarity), pt_sort_key(b.name) COLLATE "C", b.name`,
    [taskId],
  );
  return rows.map(withServedIcon);
}

/** An active platform badge, or an active badge of this club's own (issue 19). */
export function isActiveBadge(q: Queryable, badgeId: string, clubId: string) {
  return maybeOne<{ id: string }>(q, `SELECT id FROM badges WHERE id = $1 AND active AND (club_id IS NULL OR club_id = $2)`, [badgeId, clubId]);
}

/** Links a badge; null when it was already linked. */
export async function linkBadge(q: Queryable, taskId: string, badgeId: string): Promise<string | null> {
  const row = await maybeOne<{ id: string }>(
    q,
    `INSERT INTO task_badges (task_id, badge_id) VALUES ($1, $2) ON CONFLICT (task_id, badge_id) DO NOTHING RETURNING id`,
    [taskId, badgeId],
  );
  return row?.id ?? null;
}

export async function unlinkBadge(q: Queryable, taskId: string, badgeId: string): Promise<boolean> {
  const rows = await q.query(`DELETE FROM task_badges WHERE task_id = $1 AND badge_id = $2 RETURNING id`, [taskId, badgeId]);
  return rows.length === 1;
}

/** A task's questions in their order, id and text. */
export function listQuestionTexts(q: Queryable, taskId: string) {
  return q.query<{ id: string; text: string }>(
    `SELECT id, text FROM questions WHERE task_id = $1 ORDER BY order_position`, [taskId]);
}

/** Every answer given to a task's questions, with who answered and when they last answered. */
export function listTaskAnswers(q: Queryable, clubId: string, taskId: string) {
  return q.query<{ profile_id: string; full_name: string; answered_at: string; question_id: string; answer: string }>(
    `SELECT a.profile_id, p.full_name, max(ta.created_at) OVER (PARTITION BY a.id)::text AS answered_at, ta.question_id, ta.answer
       FROM task_answers ta
       JOIN assigned_tasks a ON a.id = ta.assignment_id AND a.club_id = ta.club_id
       JOIN profiles p ON p.id = a.profile_id
      WHERE ta.club_id = $1 AND a.task_id = $2`,
    [clubId, taskId],
  );
}
