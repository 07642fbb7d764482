import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { insertTask, insertUnit } from '../../../test/gamification.js';
import { ZMemberPage } from '../../shared/members.js';
import { ZTransactionPage } from '../../shared/finance.js';
import { ZMyTask, ZSubmissionPage } from '../../shared/progress.js';
import { ZTask } from '../../shared/tasks.js';
import { ZAdminClubList } from '../../shared/admin.js';
import { serializerFor } from './serializer.js';

// The paged lists (members, transactions, approvals, the super admin's clubs) and the task lists answer with the JSON text
// PostgreSQL writes for their rows (json-text.ts). It must be byte for byte what the compiled
// serializer writes for the same values, whatever the names hold, on every page.


const NAMES = ['Ana "Aspas"', 'Barra \\ invertida', 'Linha\nnova\te tab', 'Controle \u0001\u001f', 'Emoji 🏕️ ção', 'Zoë </script> \u2028'];

let ctx: TestContext;
let director: Session;
let club: { id: string };

beforeAll(async () => {
  ctx = await createTestApp();
  director = await signUp(ctx.app, { name: 'Super "Admin" \\ 🦉' });
  club = await createClub(ctx.app, director, 'Clube JSON');
  await ctx.db.query(`UPDATE clubs SET name = $2 WHERE id = $1`, [club.id, 'Clube "JSON" \\ 🏕️']);
  const unit = await insertUnit(ctx.db, club.id, 'Águias "do" \\ Norte\n🦅');
  const task = await insertTask(ctx.db, club.id, { title: 'Foto "da" \\ trilha\n📷', type: 'submission', points: 15 });
  const cash = (await call(ctx.app, 'POST', `/api/clubs/${club.id}/cash-accounts`, { as: director, body: { name: 'Caixa "central" \\ 💰', initial_balance: '1234.56' } })).json().id;
  for (const [i, name] of NAMES.entries()) {
    const [p] = await ctx.db.query<{ id: string }>(`INSERT INTO profiles (full_name, email) VALUES ($1, $2) RETURNING id`, [name, `json${i}@example.com`]);
    await addMember(ctx.db, club.id, p.id, 'member', i % 2 === 0 ? unit : null);
    // Microseconds in the instant: the answer carries milliseconds, as the driver's parser writes them.
    await ctx.db.query(`UPDATE club_members SET created_at = $3 WHERE club_id = $1 AND profile_id = $2`, [club.id, p.id, `2026-03-0${i + 1} 10:00:00.12345${i}+00`]);
    const [a] = await ctx.db.query<{ id: string }>(`INSERT INTO assigned_tasks (club_id, task_id, profile_id, status) VALUES ($1, $2, $3, 'submitted') RETURNING id`, [club.id, task, p.id]);
    await ctx.db.query(
      `INSERT INTO task_submissions (club_id, assignment_id, task_id, profile_id, evidence_key, evidence_name, evidence_mime, evidence_size, comment, status, reviewed_by, reviewed_at, reject_reason)
       VALUES ($1, $2, $3, $4, 'k', $5, 'image/png', 10, $6, $7, $8, CASE WHEN $7 <> 'submitted' THEN now() END, CASE WHEN $7 = 'rejected' THEN $6 END)`,
      [club.id, a?.id, task, p.id, `${name}.png`, name, i % 3 === 0 ? 'rejected' : 'submitted', i % 3 === 0 ? director.profile.id : null],
    );
    const tx = await call(ctx.app, 'POST', `/api/clubs/${club.id}/transactions`, {
      as: director, body: { cash_account_id: cash, type: i % 2 === 0 ? 'income' : 'expense', amount: `${i + 1},0${i}`, description: name, transaction_date: `2026-03-0${i + 1}`, profile_id: p.id },
    });
    expect(tx.statusCode).toBe(201);
  }
});
afterAll(() => ctx.close());

/** Walks every page of a list with `limit`, checking each answer's bytes against the serializer. */
async function walkChecked(url: string, schema: z.ZodType, key: string, limit: number): Promise<Array<Record<string, unknown>>> {
  const text = serializerFor(schema);
  const rows: Array<Record<string, unknown>> = [];
  let after: string | null = null;
  for (let guard = 0; guard < 50; guard++) {
    const sep = url.includes('?') ? '&' : '?';
    const res = await call(ctx.app, 'GET', `${url}${sep}limit=${limit}${after ? `&after=${after}` : ''}`, { as: director });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json() as Record<string, unknown>;
    expect(res.body).toBe(text(body));
    rows.push(...(body[key] as Array<Record<string, unknown>>));
    after = body.next_cursor as string | null;
    if (!after) return rows;
  }
  throw new Error('too many pages');
}

describe(`paged lists written by the database on ${engineName()}`, () => {
  it('members: every page is the serializer\'s text; names come back as stored, instants in milliseconds', async () => {
    const members = await walkChecked(`/api/clubs/${club.id}/members`, ZMemberPage, 'members', 4);
    for (const name of NAMES) expect(members.map((m) => m.full_name)).toContain(name);
    expect(members.find((m) => m.full_name === NAMES[3])).toMatchObject({ created_at: '2026-03-04T10:00:00.123Z', email: 'json3@example.com', unit_name: null });
    expect(members.find((m) => m.full_name === NAMES[0])).toMatchObject({ unit_name: 'Águias "do" \\ Norte\n🦅', has_account: false, active: true });
    const empty = await call(ctx.app, 'GET', `/api/clubs/${club.id}/members?q=ninguem-com-este-nome`, { as: director });
    expect(empty.body).toBe('{"members":[],"total":0,"next_cursor":null}');
  });

  it('transactions: amounts stay decimal text, dates stay days; every page is the serializer\'s text', async () => {
    const txs = await walkChecked(`/api/clubs/${club.id}/transactions`, ZTransactionPage, 'transactions', 4);
    expect(txs).toHaveLength(NAMES.length);
    expect(txs.find((t) => t.description === NAMES[4])).toMatchObject({
      amount: '5.04', type: 'income', transaction_date: '2026-03-05', cash_account_name: 'Caixa "central" \\ 💰', profile_name: NAMES[4], reversed_by: null,
    });
  });

  it('approvals: the waiting queue and the rejected ones, every page the serializer\'s text', async () => {
    const waiting = await walkChecked(`/api/clubs/${club.id}/submissions?status=submitted`, ZSubmissionPage, 'submissions', 2);
    expect(waiting).toHaveLength(4);
    expect(waiting[0]).toMatchObject({ task_title: 'Foto "da" \\ trilha\n📷', task_points: 15, reviewed_at: null, reviewer_name: null });
    const rejected = await walkChecked(`/api/clubs/${club.id}/submissions?status=rejected`, ZSubmissionPage, 'submissions', 1);
    expect(rejected.map((s) => s.reject_reason).sort()).toEqual([NAMES[0], NAMES[3]].sort());
    expect(rejected[0]?.reviewer_name).toBe('Super "Admin" \\ 🦉');
  });

  it('super admin clubs: totals, matching, the page and the cursor in the schema\'s order', async () => {
    const clubs = await walkChecked('/api/admin/clubs', ZAdminClubList, 'clubs', 1);
    expect(clubs.find((c) => c.id === club.id)).toMatchObject({ name: 'Clube "JSON" \\ 🏕️', member_count: NAMES.length + 1, task_count: 1 });
    const none = await call(ctx.app, 'GET', '/api/admin/clubs?q=nenhum-clube-assim', { as: director });
    expect(none.json()).toMatchObject({ matching: 0, clubs: [], next_cursor: null });
    expect(none.json().totals.clubs).toBeGreaterThanOrEqual(1);
    expect(none.body).toBe(serializerFor(ZAdminClubList)(none.json()));
  });

  it('tasks and my tasks: the arrays are the serializer\'s text, dates in milliseconds, progress included', async () => {
    const task = await insertTask(ctx.db, club.id, { title: NAMES[2], type: 'accumulative', points: 3, available: '2026-01-01 08:00:00.987654+00', due: '2099-12-31 23:59:59.5+00' });
    await ctx.db.query(`UPDATE tasks SET daily_limit = 2, description = $2 WHERE id = $1`, [task, NAMES[5]]);
    const done = await call(ctx.app, 'POST', `/api/clubs/${club.id}/my-tasks/${task}/complete`, { as: director, body: {} });
    expect(done.statusCode).toBeLessThan(300);

    const tasks = await call(ctx.app, 'GET', `/api/clubs/${club.id}/tasks`, { as: director });
    expect(tasks.body).toBe(serializerFor(z.array(ZTask))(tasks.json()));
    expect(tasks.json().find((t: { id: string }) => t.id === task)).toMatchObject({
      title: NAMES[2], description: NAMES[5], available_date: '2026-01-01T08:00:00.987Z', due_date: '2099-12-31T23:59:59.500Z', daily_limit: 2, occurrence_start: null,
    });

    const mine = await call(ctx.app, 'GET', `/api/clubs/${club.id}/my-tasks`, { as: director });
    expect(mine.body).toBe(serializerFor(z.array(ZMyTask))(mine.json()));
    const row = mine.json().find((t: { id: string }) => t.id === task);
    expect(row).toMatchObject({ available_now: true, completions: 1, completions_today: 1, points_earned: 3, status: expect.any(String) });
    expect(row.last_completed_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const [me] = await ctx.db.query<{ id: string }>(`SELECT id FROM club_members WHERE club_id = $1 AND profile_id = $2`, [club.id, director.profile.id]);
    const theirs = await call(ctx.app, 'GET', `/api/clubs/${club.id}/members/${me?.id}/tasks`, { as: director });
    expect(theirs.body).toBe(mine.body);
  });
});
