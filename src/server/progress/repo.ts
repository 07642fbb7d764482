import type { Queryable } from '../db/index.js';
import { maybeOne, one } from '../db/index.js';
import { isoUtc, jsonArray, jsonPage, type JsonPage } from '../db/json-text.js';
import { clubNextPeriodStart, clubPeriodStart } from '../db/club-clock.js';
import type { TAssignmentStatus, TMyQuestion, TMySubtask, TMyTask, TSubmissionInfo, TSubmissionQueueStatus, TTaskType } from '../../shared/progress.js';

export interface MemberRow {
  profile_id: string;
  role: string;
  unit_id: string | null;
}

/** Locks the member's row: every progress event of one member runs one at a time. */
export function lockMember(q: Queryable, clubId: string, profileId: string) {
  return maybeOne<MemberRow>(
    q,
    `SELECT profile_id, role, unit_id FROM club_members WHERE club_id = $1 AND profile_id = $2 AND active FOR UPDATE`,
    [clubId, profileId],
  );
}

/** An active member found by profile id or by membership id. */
export function findMember(q: Queryable, clubId: string, memberOrProfileId: string) {
  return maybeOne<MemberRow>(
    q,
    `SELECT profile_id, role, unit_id FROM club_members
      WHERE club_id = $1 AND (profile_id::text = $2 OR id::text = $2) AND active`,
    [clubId, memberOrProfileId],
  );
}

export interface TaskRow {
  id: string;
  title: string;
  type: TTaskType;
  points: number;
  active: boolean;
  available_now: boolean;
  /** Accumulative tasks: most completions per member per club-local day (null = no cap). */
  daily_limit: number | null;
}

const AVAILABLE_NOW = `(t.active AND (t.available_date IS NULL OR t.available_date <= now()) AND (t.due_date IS NULL OR t.due_date >= now()))`;

export function getTask(q: Queryable, clubId: string, taskId: string) {
  return maybeOne<TaskRow>(
    q,
    `SELECT t.id, t.title, t.type, t.points, t.active, ${AVAILABLE_NOW} AS available_now, t.daily_limit
       FROM tasks t WHERE t.club_id = $1 AND t.id::text = $2`,
    [clubId, taskId],
  );
}

/** One member's completions of one task since midnight in the club's time zone. */
export async function countCompletionsToday(q: Queryable, clubId: string, taskId: string, profileId: string): Promise<number> {
  const row = await one<{ n: number }>(
    q,
    `SELECT count(*)::int AS n
       FROM task_completions tc JOIN clubs c ON c.id = tc.club_id
      WHERE tc.club_id = $1 AND tc.task_id = $2 AND tc.profile_id = $3
        AND tc.completed_at >= ${clubPeriodStart('day')}`,
    [clubId, taskId, profileId],
  );
  return row.n;
}

export interface AssignmentRow {
  id: string;
  status: TAssignmentStatus;
}

/** The member's assignment for the task, created on first use (spec 4), locked for this transaction. */
export async function ensureAssignment(q: Queryable, clubId: string, taskId: string, profileId: string): Promise<AssignmentRow> {
  await q.query(
    `INSERT INTO assigned_tasks (club_id, task_id, profile_id) VALUES ($1, $2, $3) ON CONFLICT (task_id, profile_id) DO NOTHING`,
    [clubId, taskId, profileId],
  );
  return one<AssignmentRow>(
    q,
    `SELECT id, status FROM assigned_tasks WHERE club_id = $1 AND task_id = $2 AND profile_id = $3 FOR UPDATE`,
    [clubId, taskId, profileId],
  );
}

export async function setAssignmentStatus(q: Queryable, assignmentId: string, status: TAssignmentStatus, completed: boolean): Promise<void> {
  await q.query(
    `UPDATE assigned_tasks SET status = $2, updated_at = now(), completed_at = CASE WHEN $3 THEN now() ELSE completed_at END WHERE id = $1`,
    [assignmentId, status, completed],
  );
}

export async function insertCompletion(
  q: Queryable,
  c: { clubId: string; taskId: string; profileId: string; assignmentId: string; points: number; questionCount?: number | null; correctCount?: number | null; recordedBy: string },
): Promise<void> {
  await q.query(
    `INSERT INTO task_completions (club_id, task_id, profile_id, assignment_id, points, question_count, correct_count, recorded_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [c.clubId, c.taskId, c.profileId, c.assignmentId, c.points, c.questionCount ?? null, c.correctCount ?? null, c.recordedBy],
  );
}

export interface QuestionRow {
  id: string;
  answer_type: 'multiple_choice' | 'single_choice' | 'free_text';
  options: string[] | null;
  correct_answer: string | null;
}

export function listQuestions(q: Queryable, taskId: string) {
  return q.query<QuestionRow>(
    `SELECT id, answer_type, options, correct_answer FROM questions WHERE task_id = $1 ORDER BY order_position`,
    [taskId],
  );
}

export async function insertAnswers(q: Queryable, clubId: string, assignmentId: string, answers: Array<{ questionId: string; answer: string; isCorrect: boolean | null }>): Promise<void> {
  if (answers.length === 0) return;
  await q.query(
    `INSERT INTO task_answers (club_id, assignment_id, question_id, answer, is_correct)
     SELECT $1, $2, a.question_id, a.answer, a.is_correct
       FROM jsonb_to_recordset($3::jsonb) AS a(question_id uuid, answer text, is_correct boolean)`,
    [clubId, assignmentId, JSON.stringify(answers.map((a) => ({ question_id: a.questionId, answer: a.answer, is_correct: a.isCorrect })))],
  );
}

export function getSubtask(q: Queryable, taskId: string, subtaskId: string) {
  return maybeOne<{ id: string; title: string; points: number }>(
    q,
    `SELECT id, title, points FROM subtasks WHERE parent_task_id = $1 AND id::text = $2`,
    [taskId, subtaskId],
  );
}

/** Inserts the tick; false when the member had already ticked it. */
export async function insertSubtaskCompletion(q: Queryable, s: { clubId: string; subtaskId: string; profileId: string; points: number; recordedBy: string }): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO subtask_completions (club_id, subtask_id, profile_id, points, recorded_by) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (subtask_id, profile_id) DO NOTHING RETURNING id`,
    [s.clubId, s.subtaskId, s.profileId, s.points, s.recordedBy],
  );
  return rows.length > 0;
}

/** Whether the milestone is now done: every required subtask ticked (every subtask when none is required). */
export async function milestoneDone(q: Queryable, taskId: string, profileId: string): Promise<boolean> {
  const r = await one<{ required_total: number; required_done: number; total: number; done: number }>(
    q,
    `SELECT count(*) FILTER (WHERE s.required)::int AS required_total,
            count(sc.id) FILTER (WHERE s.required)::int AS required_done,
            count(*)::int AS total, count(sc.id)::int AS done
       FROM subtasks s LEFT JOIN subtask_completions sc ON sc.subtask_id = s.id AND sc.profile_id = $2
      WHERE s.parent_task_id = $1`,
    [taskId, profileId],
  );
  return r.required_total > 0 ? r.required_done === r.required_total : r.total > 0 && r.done === r.total;
}

export async function countSubtasks(q: Queryable, taskId: string): Promise<number> {
  const row = await one<{ n: number }>(q, `SELECT count(*)::int AS n FROM subtasks WHERE parent_task_id = $1`, [taskId]);
  return row.n;
}

const MY_TASK_COLUMNS = `
  t.id, t.title, t.description, t.type, t.points, t.available_date, t.due_date,
  ${AVAILABLE_NOW} AS available_now,
  a.status,
  c.completions,
  coalesce(pts.points_earned, 0)::int AS points_earned,
  c.last_completed_at,
  t.daily_limit,
  CASE WHEN t.daily_limit IS NOT NULL THEN
    (SELECT count(*)::int FROM task_completions tc JOIN clubs cl ON cl.id = tc.club_id
      WHERE tc.assignment_id = a.id AND tc.completed_at >= ${clubPeriodStart('day', 'cl')})
  END AS completions_today,
  (SELECT count(*)::int FROM subtasks s WHERE s.parent_task_id = t.id) AS subtasks_total,
  (SELECT count(*)::int FROM subtask_completions sc JOIN subtasks s ON s.id = sc.subtask_id
    WHERE s.parent_task_id = t.id AND sc.profile_id = $2) AS subtasks_done,
  (SELECT coalesce(sum(s.points), 0)::int FROM subtasks s WHERE s.parent_task_id = t.id) AS subtasks_points,
  CASE WHEN a.status = 'rejected' THEN
    (SELECT ts.reject_reason FROM task_submissions ts WHERE ts.assignment_id = a.id ORDER BY ts.created_at DESC LIMIT 1)
  END AS reject_reason`;

/**
 * The club's tasks ($1) with the member's ($2) assignment. Completions are read per assignment from
 * task_completions_assignment_idx (an index-only probe for the count and the last one); the points
 * of every task are summed from the member's own ledger rows, grouped once.
 */
const MY_TASK_FROM = `
  tasks t
  LEFT JOIN assigned_tasks a ON a.task_id = t.id AND a.profile_id = $2
  LEFT JOIN LATERAL (
    SELECT count(*)::int AS completions, max(tc.completed_at) AS last_completed_at
      FROM task_completions tc WHERE tc.assignment_id = a.id
  ) c ON true
  LEFT JOIN (
    SELECT pe.task_id, sum(pe.points) AS points_earned
      FROM point_events pe
     WHERE pe.club_id = $1 AND pe.profile_id = $2 AND pe.task_id IS NOT NULL AND pe.source <> 'badge'
     GROUP BY pe.task_id
  ) pts ON pts.task_id = t.id`;

const MY_TASKS_WHERE = `WHERE t.club_id = $1 AND (${AVAILABLE_NOW} OR a.id IS NOT NULL)
      ORDER BY ${AVAILABLE_NOW} DESC, t.due_date ASC NULLS LAST, t.created_at DESC`;

/** Tasks open now plus every task the member has started, with their progress. */
export function listMemberTasks(q: Queryable, clubId: string, profileId: string) {
  return q.query<TMyTask>(`SELECT ${MY_TASK_COLUMNS} FROM ${MY_TASK_FROM} ${MY_TASKS_WHERE}`, [clubId, profileId]);
}

/** ZMyTask's columns, in its order, with the instants as the driver writes them. */
const MY_TASK_JSON_COLUMNS = MY_TASK_COLUMNS
  .replace('t.available_date, t.due_date,', `${isoUtc('t.available_date')} AS available_date, ${isoUtc('t.due_date')} AS due_date,`)
  .replace('c.last_completed_at', `${isoUtc('c.last_completed_at')} AS last_completed_at`);

/**
 * How long from now 'Minhas Tarefas' stays the same while the club's data does not change (ADR 026):
 * until the next instant one of the club's tasks opens (available_date) or closes (due_date), or the
 * club's next midnight (the day's completions of a task with a daily limit start again). Index probes
 * on tasks_club_available_idx and tasks_club_due_idx.
 */
export async function myTasksUnchangedForMs(q: Queryable, clubId: string): Promise<number> {
  const row = await one<{ ms: string }>(
    q,
    `SELECT floor(1000 * extract(epoch FROM least(
              (SELECT min(t.available_date) FROM tasks t WHERE t.club_id = c.id AND t.available_date > now()),
              (SELECT min(t.due_date) FROM tasks t WHERE t.club_id = c.id AND t.due_date >= now()),
              ${clubNextPeriodStart('day')}
            ) - now()))::text AS ms
       FROM clubs c WHERE c.id = $1`,
    [clubId],
  );
  return Number(row.ms);
}

/** listMemberTasks as the JSON array 'Minhas Tarefas' answers, written by the database. */
export function listMemberTasksJson(q: Queryable, clubId: string, profileId: string): Promise<string> {
  return jsonArray(q, `SELECT row_to_json(x)::text AS j FROM (SELECT ${MY_TASK_JSON_COLUMNS} FROM ${MY_TASK_FROM} ${MY_TASKS_WHERE}) x`, [clubId, profileId]);
}

export function getMemberTask(q: Queryable, clubId: string, profileId: string, taskId: string) {
  return maybeOne<TMyTask & { assignment_id: string | null }>(
    q,
    `SELECT ${MY_TASK_COLUMNS}, a.id AS assignment_id
       FROM ${MY_TASK_FROM}
      WHERE t.club_id = $1 AND t.id::text = $3 AND (${AVAILABLE_NOW} OR a.id IS NOT NULL)`,
    [clubId, profileId, taskId],
  );
}

/** Questions without correct answers unless the member has already answered (then theirs and the right one). */
export function listMemberQuestions(q: Queryable, taskId: string, assignmentId: string | null) {
  return q.query<TMyQuestion>(
    `SELECT qu.id, qu.text, qu.answer_type, qu.options, qu.order_position,
            ta.answer AS my_answer, ta.is_correct,
            CASE WHEN ta.id IS NOT NULL THEN qu.correct_answer END AS correct_answer
       FROM questions qu LEFT JOIN task_answers ta ON ta.question_id = qu.id AND ta.assignment_id = $2
      WHERE qu.task_id = $1 ORDER BY qu.order_position`,
    [taskId, assignmentId],
  );
}

export function listMemberSubtasks(q: Queryable, taskId: string, profileId: string) {
  return q.query<TMySubtask>(
    `SELECT s.id, s.title, s.description, s.points, s.required, s.order_position,
            sc.id IS NOT NULL AS done, sc.completed_at
       FROM subtasks s LEFT JOIN subtask_completions sc ON sc.subtask_id = s.id AND sc.profile_id = $2
      WHERE s.parent_task_id = $1 ORDER BY s.order_position`,
    [taskId, profileId],
  );
}

const SUBMISSION_COLUMNS = `ts.id, ts.status, ts.comment, ts.evidence_name, ts.evidence_mime, ts.evidence_size, ts.reject_reason, ts.created_at, ts.reviewed_at`;

export function listAssignmentSubmissions(q: Queryable, assignmentId: string | null) {
  return q.query<TSubmissionInfo>(
    `SELECT ${SUBMISSION_COLUMNS} FROM task_submissions ts WHERE ts.assignment_id = $1 ORDER BY ts.created_at DESC`,
    [assignmentId],
  );
}

export function insertSubmission(
  q: Queryable,
  s: { clubId: string; assignmentId: string; taskId: string; profileId: string; comment: string | null; key: string; name: string; mime: string; size: number },
) {
  return one<TSubmissionInfo>(
    q,
    `INSERT INTO task_submissions AS ts (club_id, assignment_id, task_id, profile_id, comment, evidence_key, evidence_name, evidence_mime, evidence_size)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${SUBMISSION_COLUMNS}`,
    [s.clubId, s.assignmentId, s.taskId, s.profileId, s.comment, s.key, s.name, s.mime, s.size],
  );
}

export interface SubmissionRow {
  id: string;
  assignment_id: string;
  task_id: string;
  profile_id: string;
  status: 'submitted' | 'approved' | 'rejected';
  evidence_key: string;
  evidence_name: string;
  evidence_mime: string;
}

export function lockSubmission(q: Queryable, clubId: string, submissionId: string) {
  return maybeOne<SubmissionRow>(
    q,
    `SELECT id, assignment_id, task_id, profile_id, status, evidence_key, evidence_name, evidence_mime
       FROM task_submissions WHERE club_id = $1 AND id::text = $2 FOR UPDATE`,
    [clubId, submissionId],
  );
}

export function getSubmission(q: Queryable, clubId: string, submissionId: string) {
  return maybeOne<SubmissionRow>(
    q,
    `SELECT id, assignment_id, task_id, profile_id, status, evidence_key, evidence_name, evidence_mime
       FROM task_submissions WHERE club_id = $1 AND id::text = $2`,
    [clubId, submissionId],
  );
}

export async function reviewSubmission(q: Queryable, id: string, r: { status: 'approved' | 'rejected'; reviewerId: string; reason: string | null }): Promise<void> {
  await q.query(
    `UPDATE task_submissions SET status = $2, reviewed_by = $3, reviewed_at = now(), reject_reason = $4 WHERE id = $1`,
    [id, r.status, r.reviewerId, r.reason],
  );
}

/** The approval queue ('submitted' first, oldest first) or the decided ones (newest first). */
const QUEUE_FROM = `task_submissions ts LEFT JOIN club_members cm ON cm.club_id = ts.club_id AND cm.profile_id = ts.profile_id`;
/** $1 club, $2 status, $3 unit (a counsellor's queue: only their unit's members). */
const QUEUE_FILTER = `ts.club_id = $1 AND ts.status = $2 AND ($3::uuid IS NULL OR cm.unit_id = $3::uuid)`;
/**
 * Waiting: oldest first, the order they are reviewed in (index task_submissions_queue_idx). Reviewed:
 * latest decision first (task_submissions_reviewed_idx). The id breaks ties, so the keyset is total.
 */
const QUEUE_ORDER = {
  waiting: { key: 'ts.created_at', after: `(ts.created_at, ts.id) > ($4::timestamptz, $5::uuid)`, order: 'ts.created_at, ts.id' },
  reviewed: {
    key: 'coalesce(ts.reviewed_at, ts.created_at)',
    after: `(coalesce(ts.reviewed_at, ts.created_at), ts.id) < ($4::timestamptz, $5::uuid)`,
    order: 'coalesce(ts.reviewed_at, ts.created_at) DESC, ts.id DESC',
  },
} as const;

/** ZQueuedSubmission's columns, in its order, with the instants as the driver writes them (JSON text). */
const QUEUED_JSON_COLUMNS = `${SUBMISSION_COLUMNS
  .replace('ts.created_at', `${isoUtc('ts.created_at')} AS created_at`)
  .replace('ts.reviewed_at', `${isoUtc('ts.reviewed_at')} AS reviewed_at`)},
  ts.task_id, t.title AS task_title, t.points AS task_points, ts.profile_id, p.full_name, u.name AS unit_name, rv.full_name AS reviewer_name`;

/**
 * One page of the approvals queue of a status and the status's total (within a counsellor's unit): one
 * statement, the rows written as JSON by the database.
 */
export function listSubmissionsPage(
  q: Queryable, clubId: string, status: TSubmissionQueueStatus, unitId: string | null, after: readonly [string, string] | null, limit: number,
): Promise<JsonPage> {
  const sort = status === 'submitted' ? QUEUE_ORDER.waiting : QUEUE_ORDER.reviewed;
  return jsonPage(q, {
    count: `SELECT count(*)::int AS total FROM ${QUEUE_FROM} WHERE ${QUEUE_FILTER}`,
    page: `WITH ids AS (
       SELECT ts.id FROM ${QUEUE_FROM}
        WHERE ${QUEUE_FILTER} AND ($4::timestamptz IS NULL OR ${sort.after})
        ORDER BY ${sort.order}
        LIMIT $6
     )
     SELECT row_to_json(x)::text AS j, (${sort.key})::text AS k0, ts.id AS k1
       FROM ids
       JOIN task_submissions ts ON ts.id = ids.id
       JOIN tasks t ON t.id = ts.task_id
       JOIN profiles p ON p.id = ts.profile_id
       LEFT JOIN club_members cm ON cm.club_id = ts.club_id AND cm.profile_id = ts.profile_id
       LEFT JOIN units u ON u.id = cm.unit_id
       LEFT JOIN profiles rv ON rv.id = ts.reviewed_by,
       LATERAL (SELECT ${QUEUED_JSON_COLUMNS}) x
      ORDER BY ${sort.order}`,
  }, [clubId, status, unitId, after?.[0] ?? null, after?.[1] ?? null, limit + 1], limit, 2);
}

/** Submissions waiting for review; with a unit, only its members' (a counsellor's queue). */
export async function countWaitingSubmissions(q: Queryable, clubId: string, unitId: string | null = null): Promise<number> {
  const row = await one<{ n: number }>(
    q,
    `SELECT count(*)::int AS n FROM task_submissions ts
      WHERE ts.club_id = $1 AND ts.status = 'submitted'
        AND ($2::uuid IS NULL OR EXISTS (SELECT 1 FROM club_members cm WHERE cm.club_id = ts.club_id AND cm.profile_id = ts.profile_id AND cm.unit_id = $2::uuid))`,
    [clubId, unitId],
  );
  return row.n;
}

export function findUnit(q: Queryable, clubId: string, unitId: string) {
  return maybeOne<{ id: string; name: string }>(q, `SELECT id, name FROM units WHERE club_id = $1 AND id::text = $2`, [clubId, unitId]);
}

export async function getProfileName(q: Queryable, profileId: string): Promise<string | null> {
  return (await maybeOne<{ full_name: string }>(q, `SELECT full_name FROM profiles WHERE id = $1`, [profileId]))?.full_name ?? null;
}
