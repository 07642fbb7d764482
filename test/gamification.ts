import type { TestDb } from './db.js';

/** Direct-SQL fixtures for the gamification tests (task CRUD lives in another domain). */
export async function insertTask(
  db: TestDb,
  clubId: string,
  t: { title?: string; type?: string; points?: number; available?: string | null; due?: string | null; active?: boolean } = {},
): Promise<string> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO tasks (club_id, title, type, points, available_date, due_date, active) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [clubId, t.title ?? 'Tarefa', t.type ?? 'check', t.points ?? 10, t.available ?? null, t.due ?? null, t.active ?? true],
  );
  return rows[0].id;
}

export async function insertQuestion(
  db: TestDb,
  taskId: string,
  q: { text: string; type: 'multiple_choice' | 'single_choice' | 'free_text'; options?: string[] | null; correct?: string | null; order: number },
): Promise<string> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO questions (task_id, text, answer_type, options, correct_answer, order_position) VALUES ($1, $2, $3, $4::jsonb, $5, $6) RETURNING id`,
    [taskId, q.text, q.type, q.options ? JSON.stringify(q.options) : null, q.correct ?? null, q.order],
  );
  return rows[0].id;
}

export async function insertSubtask(db: TestDb, taskId: string, s: { title: string; points: number; required?: boolean; order: number }): Promise<string> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO subtasks (parent_task_id, title, points, required, order_position) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [taskId, s.title, s.points, s.required ?? true, s.order],
  );
  return rows[0].id;
}

export async function insertBadge(
  db: TestDb,
  b: { name: string; points?: number; type?: 'auto' | 'manual'; criteria?: Record<string, string | number> | null; active?: boolean; svg?: string },
): Promise<string> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO badges (name, description, icon_svg, points, badge_type, auto_criteria, active) VALUES ($1, 'Descrição', $2, $3, $4, $5::jsonb, $6) RETURNING id`,
    [b.name, b.svg ?? '<svg xmlns="http://www.w3.org/2000/svg"><circle cx="5" cy="5" r="4"/></svg>', b.points ?? 0, b.type ?? 'auto',
      b.criteria ? JSON.stringify(b.criteria) : null, b.active ?? true],
  );
  return rows[0].id;
}

export async function insertUnit(db: TestDb, clubId: string, name: string, color = '#0ea5e9'): Promise<string> {
  const rows = await db.query<{ id: string }>(`INSERT INTO units (club_id, name, color) VALUES ($1, $2, $3) RETURNING id`, [clubId, name, color]);
  return rows[0].id;
}

export async function pointsOf(db: TestDb, clubId: string, profileId: string): Promise<number> {
  const rows = await db.query<{ n: number }>(`SELECT coalesce(sum(points), 0)::int AS n FROM point_events WHERE club_id = $1 AND profile_id = $2`, [clubId, profileId]);
  return rows[0].n;
}
