import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, call, createClub, createTestApp, login, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { insertTask, insertUnit } from '../../../test/gamification.js';
import { addGuardian, memberIdOf } from '../../../test/club.js';
import { notifyWaitingSubmissions } from './club-events.js';

/** The moments wired to notifications (issue 36), each through its real route or job. */
let ctx: TestContext;
let director: Session;
let kid: Session;
let guardian: Session;
let club: { id: string };
let unitId: string;

const titlesOf = async (as: Session) => (await call(ctx.app, 'GET', '/api/notifications', { as })).json().notifications.map((n: { title: string }) => n.title) as string[];

beforeAll(async () => {
  ctx = await createTestApp();
  await signUp(ctx.app, { name: 'Super Admin' });
  director = await signUp(ctx.app, { name: 'Diretora' });
  kid = await signUp(ctx.app, { name: 'Kid' });
  guardian = await signUp(ctx.app, { name: 'Mãe' });
  club = await createClub(ctx.app, director, 'Eventos');
  unitId = await insertUnit(ctx.db, club.id, 'Águias');
  await addMember(ctx.db, club.id, kid.profile.id, 'member', unitId);
  // Old enough for their own e-mail and phone (src/shared/minor.ts: no birth date means a minor).
  await ctx.db.query(`UPDATE club_members SET birth_date = '2000-01-01' WHERE club_id = $1 AND profile_id = $2`, [club.id, kid.profile.id]);
});
afterAll(() => ctx.close());

describe(`notified moments on ${engineName()}`, () => {
  it('points given by a batch tell each member, with the reason, and never another member\'s name', async () => {
    const res = await call(ctx.app, 'POST', `/api/clubs/${club.id}/point-adjustments/batch`, { as: director, body: { profile_ids: [kid.profile.id], points: 15, reason: 'Acampamento' } });
    expect(res.statusCode).toBe(201);
    const [n] = (await call(ctx.app, 'GET', '/api/notifications', { as: kid })).json().notifications;
    expect(n).toMatchObject({ kind: 'points.batch', title: 'Você ganhou 15 pontos', body: 'Motivo: Acampamento', club_id: club.id });
  });

  it('a new task tells every Desbravador(a) once, in its transaction: not its author, not while inactive, not when refused', async () => {
    const tasksUrl = `/api/clubs/${club.id}/tasks`;
    const created = await call(ctx.app, 'POST', tasksUrl, { as: director, body: { title: 'Nó de escota', type: 'check', points: 20 } });
    expect(created.statusCode).toBe(201);
    const [n] = (await call(ctx.app, 'GET', '/api/notifications', { as: kid })).json().notifications;
    expect(n).toMatchObject({ kind: 'task.created', title: 'Nova tarefa: Nó de escota', body: 'Vale 20 pontos.', club_id: club.id });
    expect(await titlesOf(director)).not.toContain('Nova tarefa: Nó de escota');
    // Refused: nothing is created, nobody is told.
    expect((await call(ctx.app, 'POST', tasksUrl, { as: director, body: { title: 'Recusada', points: -1 } })).statusCode).toBe(400);
    // Inactive: told when it is switched on, and only the first time.
    const hidden = (await call(ctx.app, 'POST', tasksUrl, { as: director, body: { title: 'Surpresa', type: 'check', active: false } })).json();
    expect(await titlesOf(kid)).not.toContain('Nova tarefa: Surpresa');
    for (const active of [true, false, true]) {
      expect((await call(ctx.app, 'PUT', `${tasksUrl}/${hidden.id}`, { as: director, body: { title: 'Surpresa', type: 'check', active } })).statusCode).toBe(200);
    }
    expect((await titlesOf(kid)).filter((t) => t === 'Nova tarefa: Surpresa').length).toBe(1);
    expect((await titlesOf(kid)).filter((t) => t.startsWith('Nova tarefa: Recusada')).length).toBe(0);
  });

  it('a sign-in from a new browser tells the account at once; the same browser again does not', async () => {
    const email = kid.profile.email ?? '';
    await login(ctx.app, email);
    const before = (await titlesOf(kid)).filter((t) => t === 'Novo acesso à sua conta').length;
    await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'segredo123' }, headers: { 'x-trilha-client': 'web', 'user-agent': 'Celular novo' } });
    await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'segredo123' }, headers: { 'x-trilha-client': 'web', 'user-agent': 'Celular novo' } });
    const after = (await titlesOf(kid)).filter((t) => t === 'Novo acesso à sua conta').length;
    expect(after).toBe(before + 1);
    const [row] = await ctx.db.query<{ club_id: string | null; urgent: boolean; email_mode: string }>(
      `SELECT club_id, urgent, email_mode FROM notifications WHERE profile_id = $1 AND kind = 'security.new_device' ORDER BY created_at DESC LIMIT 1`, [kid.profile.id]);
    expect(row).toEqual({ club_id: null, urgent: true, email_mode: 'immediate' });
  });

  it('leaders hear of submissions waiting more than 3 days, once a day', async () => {
    const taskId = await insertTask(ctx.db, club.id, { title: 'Foto', type: 'submission' });
    const [assignment] = await ctx.db.query<{ id: string }>(`INSERT INTO assigned_tasks (club_id, task_id, profile_id) VALUES ($1, $2, $3) RETURNING id`, [club.id, taskId, kid.profile.id]);
    await ctx.db.query(
      `INSERT INTO task_submissions (club_id, assignment_id, task_id, profile_id, evidence_key, evidence_name, evidence_mime, evidence_size, created_at)
       VALUES ($1, $2, $3, $4, 'k', 'foto.png', 'image/png', 10, now() - interval '4 days')`, [club.id, assignment?.id, taskId, kid.profile.id]);
    expect(await notifyWaitingSubmissions(ctx.db)).toBe(1);
    expect(await notifyWaitingSubmissions(ctx.db)).toBe(0);
    expect(await titlesOf(director)).toContain('1 envio espera aprovação há mais de 3 dias');
    expect(await titlesOf(kid)).not.toContain('1 envio espera aprovação há mais de 3 dias');
  });

  it('the guardian hears of three absences in a row at the third roll call, once', async () => {
    const member = { id: (await addGuardian(ctx.db, club.id, kid.profile.id, guardian, { consent: true })).memberId };
    const meetings: string[] = [];
    for (const day of ['2026-11-07', '2026-11-14', '2026-11-21']) {
      const [m] = await ctx.db.query<{ id: string }>(`INSERT INTO meetings (club_id, date, starts_at, title) VALUES ($1, $2, $2::date + time '15:00', 'Reunião') RETURNING id`, [club.id, day]);
      meetings.push(m?.id ?? '');
    }
    const rollCall = (meetingId: string) => call(ctx.app, 'PUT', `/api/clubs/${club.id}/meetings/${meetingId}/attendance`, { as: director, body: { marks: [{ member_id: member?.id, status: 'absent' }] } });
    for (const id of meetings.slice(0, 2)) expect((await rollCall(id)).statusCode).toBe(200);
    expect(await titlesOf(guardian)).toEqual([]);
    expect((await rollCall(meetings[2] ?? '')).statusCode).toBe(200);
    expect((await rollCall(meetings[2] ?? '')).statusCode).toBe(200);
    expect(await titlesOf(guardian)).toEqual(['Kid faltou às três últimas reuniões']);
    // Filtered by the child's club, the guardian (not a member) still reads it.
    expect((await call(ctx.app, 'GET', `/api/notifications?club_id=${club.id}`, { as: guardian })).statusCode).toBe(200);
  });
  it('an approval tells the kid and the guardian, in the family category; a second approval tells nobody again', async () => {
    const [sub] = await ctx.db.query<{ id: string }>(`SELECT id FROM task_submissions WHERE club_id = $1 AND status = 'submitted'`, [club.id]);
    const approve = () => call(ctx.app, 'POST', `/api/clubs/${club.id}/submissions/${sub?.id}/approve`, { as: director });
    expect((await approve()).statusCode).toBe(200);
    expect(await titlesOf(kid)).toContain('Envio aprovado: Foto');
    expect((await titlesOf(guardian)).filter((t) => t === 'Kid: envio aprovado (Foto)')).toHaveLength(1);
    const [row] = await ctx.db.query<{ category: string; link: string }>(`SELECT category, link FROM notifications WHERE profile_id = $1 AND kind = 'submission.approved'`, [guardian.profile.id]);
    expect(row).toEqual({ category: 'family', link: '/familia' });
    expect((await approve()).statusCode).toBeGreaterThanOrEqual(400);
    expect((await titlesOf(guardian)).filter((t) => t === 'Kid: envio aprovado (Foto)')).toHaveLength(1);
  });

  it('a withdrawn consent silences every notice about the child: charges, absences, approvals (as /familia answers 404)', async () => {
    const memberId = await memberIdOf(ctx.db, club.id, kid.profile.id);
    expect((await call(ctx.app, 'DELETE', `/api/family/children/${memberId}/consent`, { as: guardian })).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', `/api/family/children/${memberId}/events`, { as: guardian })).statusCode).toBe(404);
    const before = await titlesOf(guardian);
    // A new charge: the member is told, the guardian is not.
    expect((await call(ctx.app, 'POST', `/api/clubs/${club.id}/charges`, { as: director, body: { profile_id: kid.profile.id, description: 'Camiseta', amount: '40,00', due_date: '2026-12-10', origin: 'avulsa' } })).statusCode).toBe(201);
    expect(await titlesOf(kid)).toContain('Nova cobrança: Camiseta');
    // Three more absences in a row.
    for (const day of ['2026-11-28', '2026-12-05', '2026-12-12']) {
      const [m] = await ctx.db.query<{ id: string }>(`INSERT INTO meetings (club_id, date, starts_at, title) VALUES ($1, $2, $2::date + time '15:00', 'Reunião') RETURNING id`, [club.id, day]);
      expect((await call(ctx.app, 'PUT', `/api/clubs/${club.id}/meetings/${m?.id}/attendance`, { as: director, body: { marks: [{ member_id: memberId, status: 'absent' }] } })).statusCode).toBe(200);
    }
    // An approval.
    const taskId = await insertTask(ctx.db, club.id, { title: 'Foto 2', type: 'submission' });
    const [assignment] = await ctx.db.query<{ id: string }>(`INSERT INTO assigned_tasks (club_id, task_id, profile_id) VALUES ($1, $2, $3) RETURNING id`, [club.id, taskId, kid.profile.id]);
    const [sub] = await ctx.db.query<{ id: string }>(
      `INSERT INTO task_submissions (club_id, assignment_id, task_id, profile_id, evidence_key, evidence_name, evidence_mime, evidence_size)
       VALUES ($1, $2, $3, $4, 'k2', 'foto.png', 'image/png', 10) RETURNING id`, [club.id, assignment?.id, taskId, kid.profile.id]);
    expect((await call(ctx.app, 'POST', `/api/clubs/${club.id}/submissions/${sub?.id}/approve`, { as: director })).statusCode).toBe(200);
    expect(await titlesOf(kid)).toContain('Envio aprovado: Foto 2');
    expect(await titlesOf(guardian)).toEqual(before);
    // Consent given again: the guardian hears about the child again.
    const version = (await call(ctx.app, 'GET', `/api/family/children/${memberId}/consent-text`, { as: guardian })).json().version;
    expect((await call(ctx.app, 'POST', `/api/family/children/${memberId}/consent`, { as: guardian, body: { accept: true, consent_version: version } })).statusCode).toBe(200);
    expect((await call(ctx.app, 'POST', `/api/clubs/${club.id}/charges`, { as: director, body: { profile_id: kid.profile.id, description: 'Boné', amount: '20,00', due_date: '2026-12-10', origin: 'avulsa' } })).statusCode).toBe(201);
    expect(await titlesOf(guardian)).toContain('Nova cobrança: Boné');
  });
});
