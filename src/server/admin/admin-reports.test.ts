import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { monthLabel, type TPlatformReport } from '../../shared/admin.js';
import { addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';

let ctx: TestContext;
let superAdmin: Session;

beforeAll(async () => {
  ctx = await createTestApp();
  superAdmin = await signUp(ctx.app, { name: 'Super' });
});
afterAll(() => ctx.close());

/** 'YYYY-MM' of a date in São Paulo, n months before now. */
function monthAgo(n: number): string {
  const now = new Date(Date.now() - 3 * 3600_000);
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}
/** The 15th of the month n months ago, at noon in São Paulo. */
const midMonth = (n: number) => `${monthAgo(n)}-15T12:00:00-03:00`;

describe(`platform report on ${engineName()}`, () => {
  it('counts new clubs, new users and task completions per month, and members active in 30 days', async () => {
    const owner = await signUp(ctx.app, { name: 'Dona' });
    const club = await createClub(ctx.app, owner, 'Relatado');
    const old = await createClub(ctx.app, owner, 'Antigo');
    await ctx.db.query('UPDATE clubs SET created_at = $2 WHERE id = $1', [old.id, midMonth(2)]);
    const kid = await signUp(ctx.app, { name: 'Kid' });
    await ctx.db.query('UPDATE profiles SET created_at = $2 WHERE id = $1', [kid.profile.id, midMonth(1)]);
    await addMember(ctx.db, club.id, kid.profile.id);
    const quiet = await signUp(ctx.app, { name: 'Quieto' });
    await addMember(ctx.db, old.id, quiet.profile.id);
    await ctx.db.query(`UPDATE sessions SET last_seen_at = now() - interval '40 days' WHERE profile_id = $1`, [quiet.profile.id]);

    const [t1, t2, t3] = await ctx.db.query<{ id: string }>(
      `INSERT INTO tasks (club_id, title) VALUES ($1, 'Ledger'), ($1, 'Sem pontos'), ($1, 'Pendente') RETURNING id`, [club.id]);
    // Twice through the ledger (an accumulative task) this month: two completions, one assignment.
    await ctx.db.query(`INSERT INTO assigned_tasks (club_id, task_id, profile_id, status, completed_at) VALUES ($1, $2, $3, 'completed', now())`,
      [club.id, t1.id, kid.profile.id]);
    await ctx.db.query(`INSERT INTO point_events (club_id, profile_id, source, task_id, points, occurred_at)
                        VALUES ($1, $2, 'task_completion', $3, 10, now()), ($1, $2, 'task_completion', $3, 10, now())`,
      [club.id, kid.profile.id, t1.id]);
    // A finished assignment with no ledger row, last month.
    await ctx.db.query(`INSERT INTO assigned_tasks (club_id, task_id, profile_id, status, completed_at) VALUES ($1, $2, $3, 'approved', $4)`,
      [club.id, t2.id, quiet.profile.id, midMonth(1)]);
    await ctx.db.query(`INSERT INTO assigned_tasks (club_id, task_id, profile_id) VALUES ($1, $2, $3)`, [club.id, t3.id, kid.profile.id]);
    // Manual points and badge XP are not task completions.
    await ctx.db.query(`INSERT INTO point_events (club_id, profile_id, source, points, reason) VALUES ($1, $2, 'manual', 5, 'Bônus')`,
      [club.id, kid.profile.id]);

    const res = await call(ctx.app, 'GET', '/api/admin/reports?months=3', { as: superAdmin });
    expect(res.statusCode).toBe(200);
    const report: TPlatformReport = res.json();
    expect(report.months).toEqual([
      { month: monthAgo(2), new_clubs: 1, new_users: 0, tasks_completed: 0 },
      { month: monthAgo(1), new_clubs: 0, new_users: 1, tasks_completed: 1 },
      { month: monthAgo(0), new_clubs: 1, new_users: 3, tasks_completed: 2 },
    ]);
    // Owner and kid signed in recently; 'quiet' last came 40 days ago; the super admin is no member.
    expect(report.active_members_30d).toBe(2);
    // Per club a person counts in each club they are active in (the owner runs both).
    expect(report.active_members_by_club).toEqual([
      { club_id: club.id, club_name: 'Relatado', active_members: 2 },
      { club_id: old.id, club_name: 'Antigo', active_members: 1 },
    ]);

    expect((await call(ctx.app, 'GET', '/api/admin/reports', { as: superAdmin })).json().months).toHaveLength(12);
    expect((await call(ctx.app, 'GET', '/api/admin/reports?months=0', { as: superAdmin })).statusCode).toBe(400);
  });

  it('exports the same figures as a CSV download', async () => {
    const res = await call(ctx.app, 'GET', '/api/admin/reports/export.csv?months=3', { as: superAdmin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="trilha-relatorio-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = Papa.parse<string[]>(res.body.replace(/^\uFEFF/, ''), { delimiter: ';', skipEmptyLines: true }).data;
    expect(rows[0]).toEqual(['Mês', 'Novos clubes', 'Novos usuários', 'Tarefas concluídas']);
    expect(rows[3]).toEqual([monthLabel(monthAgo(0)), '1', '3', '2']);
    expect(rows).toContainEqual(['Membros ativos nos últimos 30 dias', '2']);
    expect(rows).toContainEqual(['Relatado', '2']);
  });
});
