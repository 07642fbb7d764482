import type { Queryable } from '../db/index.js';
import { maybeOne, one } from '../db/index.js';
import type { TRecurringTask, TRecurringValues } from '../../shared/recurring.js';
import type { TTaskType } from '../../shared/tasks.js';
import type { ScheduleRule } from './schedule.js';

const RT_COLUMNS = `rt.id, rt.club_id, rt.title, rt.description, rt.type, rt.points, rt.frequency, rt."interval",
  rt.days_of_week::int[] AS days_of_week, rt.day_of_month::int AS day_of_month, to_char(rt.generation_time, 'HH24:MI:SS') AS generation_time,
  rt.duration_hours, rt.start_date, rt.end_date, rt.active, rt.last_generated_date, rt.next_generation_date, rt.created_at, rt.updated_at,
  (SELECT count(*)::int FROM tasks t WHERE t.recurring_task_id = rt.id) AS generated_count`;

export function listRecurring(q: Queryable, clubId: string) {
  return q.query<TRecurringTask>(
    `SELECT ${RT_COLUMNS} FROM recurring_tasks rt WHERE rt.club_id = $1 ORDER BY rt.created_at DESC, rt.id`,
    [clubId],
  );
}

export function getRecurring(q: Queryable, clubId: string, id: string) {
  return maybeOne<TRecurringTask>(q, `SELECT ${RT_COLUMNS} FROM recurring_tasks rt WHERE rt.club_id = $1 AND rt.id = $2`, [clubId, id]);
}

/** The state the schedule needs, locked so that edits and the engine take turns on the row. */
export function lockRecurring(q: Queryable, clubId: string, id: string) {
  return maybeOne<TRecurringTask & { resume_from: string | null; timezone: string }>(
    q,
    `SELECT ${RT_COLUMNS}, rt.resume_from, c.timezone
       FROM recurring_tasks rt JOIN clubs c ON c.id = rt.club_id
      WHERE rt.club_id = $1 AND rt.id = $2 FOR UPDATE OF rt`,
    [clubId, id],
  );
}

export async function clubTimezone(q: Queryable, clubId: string): Promise<string> {
  const row = await one<{ timezone: string }>(q, `SELECT timezone FROM clubs WHERE id = $1`, [clubId]);
  return row.timezone;
}

const valueParams = (v: TRecurringValues) => [
  v.title, v.description, v.type, v.points, v.frequency, v.interval, v.days_of_week, v.day_of_month,
  v.generation_time, v.duration_hours, v.start_date, v.end_date, v.active,
];

export async function insertRecurring(q: Queryable, clubId: string, v: TRecurringValues, next: Date | null): Promise<string> {
  const row = await one<{ id: string }>(
    q,
    `INSERT INTO recurring_tasks (club_id, title, description, type, points, frequency, "interval", days_of_week, day_of_month,
                                  generation_time, duration_hours, start_date, end_date, active, next_generation_date)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::smallint[], $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
    [clubId, ...valueParams(v), next?.toISOString() ?? null],
  );
  return row.id;
}

export async function updateRecurring(q: Queryable, clubId: string, id: string, v: TRecurringValues, next: Date | null, resumeFrom: string | null): Promise<void> {
  await q.query(
    `UPDATE recurring_tasks SET title = $3, description = $4, type = $5, points = $6, frequency = $7, "interval" = $8,
            days_of_week = $9::smallint[], day_of_month = $10, generation_time = $11, duration_hours = $12, start_date = $13,
            end_date = $14, active = $15, next_generation_date = $16, resume_from = $17, updated_at = now()
      WHERE club_id = $1 AND id = $2`,
    [clubId, id, ...valueParams(v), next?.toISOString() ?? null, resumeFrom],
  );
}

export async function setActive(q: Queryable, clubId: string, id: string, active: boolean, next: Date | null, resumeFrom: string | null): Promise<void> {
  await q.query(
    `UPDATE recurring_tasks SET active = $3, next_generation_date = $4, resume_from = $5, updated_at = now() WHERE club_id = $1 AND id = $2`,
    [clubId, id, active, next?.toISOString() ?? null, resumeFrom],
  );
}

export async function deleteRecurring(q: Queryable, clubId: string, id: string): Promise<boolean> {
  const rows = await q.query(`DELETE FROM recurring_tasks WHERE club_id = $1 AND id = $2 RETURNING id`, [clubId, id]);
  return rows.length === 1;
}

// Engine ------------------------------------------------------------------------------------------

export interface GenerationRow extends ScheduleRule {
  id: string;
  club_id: string;
  title: string;
  description: string | null;
  type: TTaskType;
  points: number;
  duration_hours: number;
  last_generated_date: string | null;
  resume_from: string | null;
  timezone: string;
}

/**
 * Claims active recurring tasks for generation. FOR UPDATE SKIP LOCKED: a row another instance is
 * generating right now is skipped, never waited for and never generated twice.
 */
export function claimRecurring(q: Queryable, scope: { clubId: string | null; id: string | null; dueBy: Date | null; limit: number; skip?: readonly string[] }) {
  return q.query<GenerationRow>(
    `SELECT rt.id, rt.club_id, rt.title, rt.description, rt.type, rt.points, rt.frequency, rt."interval",
            rt.days_of_week::int[] AS days_of_week, rt.day_of_month::int AS day_of_month,
            to_char(rt.generation_time, 'HH24:MI:SS') AS generation_time, rt.duration_hours, rt.start_date, rt.end_date,
            rt.last_generated_date, rt.resume_from, c.timezone
       FROM recurring_tasks rt JOIN clubs c ON c.id = rt.club_id AND c.active
      WHERE rt.active
        AND ($1::uuid IS NULL OR rt.club_id = $1)
        AND ($2::uuid IS NULL OR rt.id = $2)
        AND ($3::timestamptz IS NULL OR rt.next_generation_date <= $3)
        AND NOT (rt.id = ANY ($5::uuid[]))
      ORDER BY rt.next_generation_date NULLS FIRST, rt.id
      LIMIT $4
      FOR UPDATE OF rt SKIP LOCKED`,
    [scope.clubId, scope.id, scope.dueBy?.toISOString() ?? null, scope.limit, scope.skip ?? []],
  );
}

/** One task per occurrence; an occurrence that already has its task is left alone (the unique key). */
export async function insertInstances(q: Queryable, rt: GenerationRow, starts: readonly Date[]): Promise<number> {
  if (starts.length === 0) return 0;
  const rows = await q.query(
    `INSERT INTO tasks (club_id, title, description, type, points, available_date, due_date, active, recurring_task_id, occurrence_start)
     SELECT $1, $2, $3, $4, $5, o.start, o.start + make_interval(hours => $6), true, $7, o.start
       FROM unnest($8::timestamptz[]) AS o(start)
     ON CONFLICT (recurring_task_id, occurrence_start) DO NOTHING
     RETURNING id`,
    [rt.club_id, rt.title, rt.description, rt.type, rt.points, rt.duration_hours, rt.id, starts.map((d) => d.toISOString())],
  );
  return rows.length;
}

export async function markGenerated(q: Queryable, id: string, lastGenerated: string | null, next: Date | null): Promise<void> {
  await q.query(`UPDATE recurring_tasks SET last_generated_date = $2, next_generation_date = $3 WHERE id = $1`, [
    id, lastGenerated, next?.toISOString() ?? null,
  ]);
}
