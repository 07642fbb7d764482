import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFile, mkdir, access } from 'node:fs/promises';
import path from 'node:path';
import { ADMIN_MSG } from '../../shared/admin.js';
import { AUTH_MSG } from '../../shared/auth.js';
import { CLUB_MSG } from '../../shared/clubs.js';
import { PAGINATION_MSG } from '../../shared/pagination.js';
import { addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';

let ctx: TestContext;
let superAdmin: Session;
let slugN = 0;
const slug = (p: string) => `${p}-${++slugN}`;

beforeAll(async () => {
  ctx = await createTestApp();
  superAdmin = await signUp(ctx.app, { name: 'Super' });
});
afterAll(() => ctx.close());

describe(`super admin clubs on ${engineName()}`, () => {
  it('creates a club for someone else, who becomes its first admin and sees it', async () => {
    const dona = await signUp(ctx.app, { name: 'Dona' });
    const body = { name: 'Falcões do Norte', slug: slug('falcoes'), timezone: 'America/Manaus', description: 'Clube novo', admin_email: dona.profile.email?.toUpperCase() };
    const res = await call(ctx.app, 'POST', '/api/admin/clubs', { as: superAdmin, body });
    expect(res.statusCode).toBe(201);
    const club = res.json();
    expect(club).toMatchObject({ name: 'Falcões do Norte', timezone: 'America/Manaus', active: true, member_count: 1, task_count: 0 });
    const mine = await call(ctx.app, 'GET', '/api/clubs', { as: dona });
    expect(mine.json()).toEqual([expect.objectContaining({ id: club.id, is_admin: true })]);
    // The super admin is not made a member.
    expect((await call(ctx.app, 'GET', '/api/clubs', { as: superAdmin })).json()).toEqual([]);
    const [audit] = await ctx.db.query<{ actor_id: string; club_id: string }>(
      `SELECT actor_id, club_id FROM audit_log WHERE action = 'club.create' AND entity_id = $1`, [club.id]);
    expect(audit).toEqual({ actor_id: superAdmin.profile.id, club_id: club.id });
  });

  it('refuses an e-mail without account, a blocked account, a taken slug and missing fields with pt-BR messages', async () => {
    const base = { name: 'Clube X', slug: slug('clube-x'), timezone: 'America/Sao_Paulo' };
    const missing = await call(ctx.app, 'POST', '/api/admin/clubs', { as: superAdmin, body: { ...base, admin_email: 'ninguem@teste.com' } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.message).toBe(ADMIN_MSG.adminAccountMissing);

    const blocked = await signUp(ctx.app);
    await ctx.db.query('UPDATE profiles SET blocked_at = now() WHERE id = $1', [blocked.profile.id]);
    const res = await call(ctx.app, 'POST', '/api/admin/clubs', { as: superAdmin, body: { ...base, admin_email: blocked.profile.email } });
    expect(res.json().error.message).toBe(ADMIN_MSG.adminAccountBlocked);

    const ok = await signUp(ctx.app);
    const taken = await createClub(ctx.app, ok, 'Ocupado');
    const dup = await call(ctx.app, 'POST', '/api/admin/clubs', { as: superAdmin, body: { ...base, slug: taken.slug, admin_email: ok.profile.email } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe(CLUB_MSG.slugTaken);

    for (const [patch, message] of [
      [{ admin_email: '' }, ADMIN_MSG.adminEmailRequired],
      [{ admin_email: 'sem-arroba' }, AUTH_MSG.emailInvalid],
      [{ name: '  ', admin_email: ok.profile.email }, CLUB_MSG.nameRequired],
      [{ slug: 'Com Espaço', admin_email: ok.profile.email }, CLUB_MSG.slugInvalid],
    ] as const) {
      const r = await call(ctx.app, 'POST', '/api/admin/clubs', { as: superAdmin, body: { ...base, ...patch } });
      expect(r.statusCode).toBe(400);
      expect(r.json().error.message).toBe(message);
    }
    expect(await ctx.db.query('SELECT 1 FROM clubs WHERE slug = $1', [base.slug])).toHaveLength(0);
  });

  it('lists every club with member and task counts and the totals', async () => {
    const before = (await call(ctx.app, 'GET', '/api/admin/clubs', { as: superAdmin })).json();
    const owner = await signUp(ctx.app);
    const club = await createClub(ctx.app, owner, 'Contado');
    const m = await signUp(ctx.app);
    await addMember(ctx.db, club.id, m.profile.id);
    const gone = await signUp(ctx.app);
    await addMember(ctx.db, club.id, gone.profile.id);
    await ctx.db.query('UPDATE club_members SET active = false WHERE profile_id = $1', [gone.profile.id]);
    await ctx.db.query(`INSERT INTO tasks (club_id, title) VALUES ($1, 'T1'), ($1, 'T2')`, [club.id]);
    const res = await call(ctx.app, 'GET', '/api/admin/clubs', { as: superAdmin });
    const body = res.json();
    expect(body.clubs[0]).toMatchObject({ id: club.id, member_count: 2, task_count: 2, active: true });
    expect(body.totals).toEqual({
      clubs: before.totals.clubs + 1,
      active_clubs: before.totals.active_clubs + 1,
      members: before.totals.members + 2,
    });
  });

  it('pages through the clubs with a cursor: no repeats, no gaps, a club created meanwhile does not shift the pages; search and bad cursors', async () => {
    const owner = await signUp(ctx.app);
    const mine = [];
    for (let i = 0; i < 7; i += 1) mine.push(await createClub(ctx.app, owner, `Paginado ${i}`));
    const total = (await call(ctx.app, 'GET', '/api/admin/clubs?limit=1', { as: superAdmin })).json().matching as number;
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/admin/clubs?limit=3${after ? `&after=${after}` : ''}`;
      const page: { clubs: Array<{ id: string }>; next_cursor: string | null } = (await call(ctx.app, 'GET', url, { as: superAdmin })).json();
      expect(page.clubs.length).toBeLessThanOrEqual(3);
      seen.push(...page.clubs.map((c: { id: string }) => c.id));
      after = page.next_cursor;
      pages += 1;
      // A club created after the first page is newer than everything listed: it never shows up later.
      if (pages === 1) await createClub(ctx.app, owner, 'Criado no meio');
    } while (after);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(total);
    expect(seen.slice(0, 7)).toEqual(mine.map((c) => c.id).reverse());

    const found = (await call(ctx.app, 'GET', '/api/admin/clubs?q=paginado%203', { as: superAdmin })).json();
    expect(found.clubs.map((c: { id: string }) => c.id)).toEqual([mine[3]?.id]);
    expect(found).toMatchObject({ matching: 1, next_cursor: null });

    // 30 February parses in JavaScript but not in PostgreSQL: the cursor check refuses it before any query.
    const impossibleDay = Buffer.from(JSON.stringify(['2026-02-30 10:00:00+00', '00000000-0000-4000-8000-000000000000'])).toString('base64url');
    for (const bad of ['nao-e-cursor', Buffer.from('["x","y"]').toString('base64url'), Buffer.from('[1]').toString('base64url'), impossibleDay]) {
      const res = await call(ctx.app, 'GET', `/api/admin/clubs?after=${bad}`, { as: superAdmin });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(PAGINATION_MSG.invalidCursor);
    }
    const zero = await call(ctx.app, 'GET', '/api/admin/clubs?limit=0', { as: superAdmin });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error.message).toBe(PAGINATION_MSG.limit);
    expect((await call(ctx.app, 'GET', '/api/admin/clubs', { as: owner })).statusCode).toBe(403);
  });

  it('edits, deactivates and activates a club, audited', async () => {
    const owner = await signUp(ctx.app);
    const club = await createClub(ctx.app, owner, 'Editável');
    const newSlug = slug('editado');
    const edit = await call(ctx.app, 'PATCH', `/api/admin/clubs/${club.id}`, {
      as: superAdmin, body: { name: 'Editado', slug: newSlug, description: '', timezone: 'Europe/Lisbon' },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ name: 'Editado', slug: newSlug, description: null, timezone: 'Europe/Lisbon', active: true });

    const off = await call(ctx.app, 'PATCH', `/api/admin/clubs/${club.id}`, { as: superAdmin, body: { active: false } });
    expect(off.json()).toMatchObject({ name: 'Editado', active: false });
    const on = await call(ctx.app, 'PATCH', `/api/admin/clubs/${club.id}`, { as: superAdmin, body: { active: true } });
    expect(on.json().active).toBe(true);
    const actions = await ctx.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE entity_id = $1 AND actor_id = $2 ORDER BY at, action`, [club.id, superAdmin.profile.id]);
    expect(actions.map((a) => a.action)).toEqual(['club.update', 'club.deactivate', 'club.activate']);

    const other = await createClub(ctx.app, owner, 'Outro');
    const dup = await call(ctx.app, 'PATCH', `/api/admin/clubs/${club.id}`, { as: superAdmin, body: { slug: other.slug } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe(CLUB_MSG.slugTaken);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nao-e-uuid']) {
      expect((await call(ctx.app, 'PATCH', `/api/admin/clubs/${id}`, { as: superAdmin, body: { active: false } })).statusCode).toBe(404);
    }
  });

  it('opens a club as admin: audited, returns the club, and the club screens answer', async () => {
    const owner = await signUp(ctx.app);
    const club = await createClub(ctx.app, owner, 'Aberto');
    const res = await call(ctx.app, 'POST', `/api/admin/clubs/${club.id}/open`, { as: superAdmin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: club.id, name: 'Aberto' });
    const rows = await ctx.db.query(`SELECT 1 FROM audit_log WHERE action = 'club.open_as_admin' AND club_id = $1 AND actor_id = $2`,
      [club.id, superAdmin.profile.id]);
    expect(rows).toHaveLength(1);
    expect((await call(ctx.app, 'GET', `/api/clubs/${club.id}/dashboard`, { as: superAdmin })).statusCode).toBe(200);
    expect((await call(ctx.app, 'POST', '/api/admin/clubs/00000000-0000-4000-8000-000000000000/open', { as: superAdmin })).statusCode).toBe(404);
  });

  it('deletes a club only when its name is typed, removing all its data in one go', async () => {
    const owner = await signUp(ctx.app);
    const club = await createClub(ctx.app, owner, 'Clube Cheio');
    const keep = await createClub(ctx.app, owner, 'Clube Mantido');
    const kid = await signUp(ctx.app);
    await fillClub(club.id, owner.profile.id, kid.profile.id);
    await fillClub(keep.id, owner.profile.id, kid.profile.id);
    const logoKey = `club-logos/${club.id}-1.png`;
    await mkdir(path.join(ctx.dataDir, 'uploads', 'club-logos'), { recursive: true });
    await writeFile(path.join(ctx.dataDir, 'uploads', logoKey), 'png');
    await ctx.db.query('UPDATE clubs SET logo_url = $2 WHERE id = $1', [club.id, `/uploads/${logoKey}`]);

    const wrong = await call(ctx.app, 'DELETE', `/api/admin/clubs/${club.id}`, { as: superAdmin, body: { confirm_name: 'Clube cheio' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(ADMIN_MSG.confirmNameMismatch);
    expect(await ctx.db.query('SELECT 1 FROM clubs WHERE id = $1', [club.id])).toHaveLength(1);

    const before = await countClubRows(keep.id);
    const res = await call(ctx.app, 'DELETE', `/api/admin/clubs/${club.id}`, { as: superAdmin, body: { confirm_name: 'Clube Cheio' } });
    expect(res.statusCode).toBe(204);
    expect(Object.values(await countClubRows(club.id)).every((n) => n === 0)).toBe(true);
    expect(await countClubRows(keep.id)).toEqual(before);
    // The people stay; only the club's data goes.
    expect(await ctx.db.query('SELECT 1 FROM profiles WHERE id = $1', [kid.profile.id])).toHaveLength(1);
    const [audit] = await ctx.db.query<{ club_id: string | null; actor_id: string; before: { name: string } }>(
      `SELECT club_id, actor_id, before FROM audit_log WHERE action = 'club.delete' AND entity_id = $1`, [club.id]);
    expect(audit).toMatchObject({ club_id: null, actor_id: superAdmin.profile.id, before: { name: 'Clube Cheio' } });
    await expect(access(path.join(ctx.dataDir, 'uploads', logoKey))).rejects.toThrow();
    await expect(access(path.join(ctx.dataDir, 'uploads', 'evidence', club.id, 'prova.png'))).rejects.toThrow();
    await access(path.join(ctx.dataDir, 'uploads', 'evidence', keep.id, 'prova.png'));
    expect((await call(ctx.app, 'DELETE', `/api/admin/clubs/${club.id}`, { as: superAdmin, body: { confirm_name: 'Clube Cheio' } })).statusCode).toBe(404);
  });
});

const CLUB_TABLES = ['units', 'club_members', 'club_invitations', 'periods', 'recurring_tasks', 'tasks', 'assigned_tasks',
  'task_completions', 'task_answers', 'subtask_completions', 'task_submissions', 'member_badges',
  'point_events', 'cash_accounts', 'savings_goals', 'chart_of_accounts', 'transactions'] as const;

async function countClubRows(clubId: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of CLUB_TABLES) {
    const [row] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t} WHERE club_id = $1`, [clubId]);
    out[t] = row.n;
  }
  const [q] = await ctx.db.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM questions q JOIN tasks t ON t.id = q.task_id WHERE t.club_id = $1)
          + (SELECT count(*) FROM subtasks s JOIN tasks t ON t.id = s.parent_task_id WHERE t.club_id = $1)
          + (SELECT count(*) FROM task_badges tb JOIN tasks t ON t.id = tb.task_id WHERE t.club_id = $1) AS n`, [clubId]);
  out.task_children = Number(q.n);
  return out;
}

/** One row in every club-owned table, including the ones behind RESTRICT keys. */
async function fillClub(clubId: string, adminId: string, kidId: string): Promise<void> {
  const q = <T = Record<string, unknown>>(sql: string, params: unknown[]) => ctx.db.query<T>(sql, params);
  const [unit] = await q<{ id: string }>(`INSERT INTO units (club_id, name) VALUES ($1, 'Águia') RETURNING id`, [clubId]);
  await q(`INSERT INTO club_members (club_id, profile_id, unit_id) VALUES ($1, $2, $3)`, [clubId, kidId, unit.id]);
  await q(`INSERT INTO periods (club_id, name, start_date, end_date) VALUES ($1, 'P', now(), now())`, [clubId]);
  const [rt] = await q<{ id: string }>(`INSERT INTO recurring_tasks (club_id, title) VALUES ($1, 'R') RETURNING id`, [clubId]);
  const [task] = await q<{ id: string }>(
    `INSERT INTO tasks (club_id, title, recurring_task_id, occurrence_start) VALUES ($1, 'T', $2, now()) RETURNING id`, [clubId, rt.id]);
  await q(`INSERT INTO questions (task_id, text, answer_type, order_position) VALUES ($1, 'Q?', 'free_text', 1)`, [task.id]);
  await q(`INSERT INTO subtasks (parent_task_id, title, order_position) VALUES ($1, 'S', 1)`, [task.id]);
  const [badge] = await q<{ id: string }>(`INSERT INTO badges (name, description, icon_svg) VALUES ('B', 'd', '<svg/>') RETURNING id`, []);
  await q(`INSERT INTO task_badges (task_id, badge_id) VALUES ($1, $2)`, [task.id, badge.id]);
  const [asg] = await q<{ id: string }>(
    `INSERT INTO assigned_tasks (club_id, task_id, profile_id, status, completed_at) VALUES ($1, $2, $3, 'completed', now()) RETURNING id`,
    [clubId, task.id, kidId]);
  await q(`INSERT INTO task_completions (club_id, task_id, profile_id, assignment_id, points) VALUES ($1, $2, $3, $4, 10)`, [clubId, task.id, kidId, asg.id]);
  await q(`INSERT INTO task_answers (club_id, assignment_id, question_id, answer)
           SELECT $1, $2, id, 'Resposta' FROM questions WHERE task_id = $3`, [clubId, asg.id, task.id]);
  await q(`INSERT INTO subtask_completions (club_id, subtask_id, profile_id, points) SELECT $1, id, $2, 5 FROM subtasks WHERE parent_task_id = $3`,
    [clubId, kidId, task.id]);
  const evidenceKey = `evidence/${clubId}/prova.png`;
  await mkdir(path.join(ctx.dataDir, 'uploads', 'evidence', clubId), { recursive: true });
  await writeFile(path.join(ctx.dataDir, 'uploads', evidenceKey), 'png');
  await q(`INSERT INTO task_submissions (club_id, assignment_id, task_id, profile_id, evidence_key, evidence_name, evidence_mime, evidence_size)
           VALUES ($1, $2, $3, $4, $5, 'prova.png', 'image/png', 3)`, [clubId, asg.id, task.id, kidId, evidenceKey]);
  await q(`INSERT INTO club_invitations (club_id, email, token_hash) VALUES ($1, 'convite@teste.com', md5($2))`, [clubId, clubId]);
  await q(`INSERT INTO member_badges (club_id, profile_id, badge_id, awarded_by) VALUES ($1, $2, $3, $4)`, [clubId, kidId, badge.id, adminId]);
  await q(`INSERT INTO point_events (club_id, profile_id, unit_id, source, task_id, points) VALUES ($1, $2, $3, 'task_completion', $4, 10)`,
    [clubId, kidId, unit.id, task.id]);
  const [cash] = await q<{ id: string }>(`INSERT INTO cash_accounts (club_id, name, initial_balance, current_balance) VALUES ($1, 'Caixa', 100, 100) RETURNING id`, [clubId]);
  const [goal] = await q<{ id: string }>(`INSERT INTO savings_goals (club_id, name, goal_amount, profile_id) VALUES ($1, 'Meta', 50, $2) RETURNING id`, [clubId, kidId]);
  const [chart] = await q<{ id: string }>(`INSERT INTO chart_of_accounts (club_id, name, type) VALUES ($1, 'Mensalidade', 'income') RETURNING id`, [clubId]);
  await q(`INSERT INTO transactions (club_id, type, amount, description, cash_account_id, profile_id, chart_account_id, savings_goal_id, created_by)
           VALUES ($1, 'income', 10, 'Entrada', $2, $3, $4, $5, $6)`, [clubId, cash.id, kidId, chart.id, goal.id, adminId]);
}
