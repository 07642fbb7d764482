import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLUB_MSG } from '../../shared/clubs.js';
import { addMember, call, createClub, createTestApp, signUp, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { summaryUnchangedForMs } from '../meetings/repo.js';
import { currentPeriodUnchangedForMs } from '../progress/home-repo.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  // The first account is the platform's super admin; these tests want ordinary users.
  await signUp(ctx.app, { name: 'Super Admin' });
});
afterAll(() => ctx.close());

describe(`clubs on ${engineName()}`, () => {
  it('creating a club makes the creator its admin and lists it', async () => {
    const ana = await signUp(ctx.app, { name: 'Ana' });
    const res = await call(ctx.app, 'POST', '/api/clubs', { as: ana, body: { name: 'Águias do Sul', slug: 'aguias-do-sul' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Águias do Sul', slug: 'aguias-do-sul', timezone: 'America/Sao_Paulo', active: true });
    const mine = await call(ctx.app, 'GET', '/api/clubs', { as: ana });
    expect(mine.json()).toEqual([expect.objectContaining({ slug: 'aguias-do-sul', role: 'admin', is_admin: true })]);
  });

  it('/api/boot answers the session and the same clubs as /api/clubs; a visitor gets neither', async () => {
    const dora = await signUp(ctx.app, { name: 'Dora' });
    await createClub(ctx.app, dora, 'Boot Clube');
    const boot = await call(ctx.app, 'GET', '/api/boot', { as: dora });
    expect(boot.statusCode).toBe(200);
    const session = await call(ctx.app, 'GET', '/api/auth/session', { as: dora });
    const clubs = await call(ctx.app, 'GET', '/api/clubs', { as: dora });
    expect(boot.json()).toEqual({ profile: session.json().profile, clubs: clubs.json() });
    expect(boot.json().clubs).toHaveLength(1);
    const visitor = await call(ctx.app, 'GET', '/api/boot');
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual({ profile: null, clubs: [] });
  });

  it('refuses a slug already taken and an invalid slug', async () => {
    const bia = await signUp(ctx.app);
    await call(ctx.app, 'POST', '/api/clubs', { as: bia, body: { name: 'Leões', slug: 'leoes' } });
    const taken = await call(ctx.app, 'POST', '/api/clubs', { as: bia, body: { name: 'Leões 2', slug: 'leoes' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(CLUB_MSG.slugTaken);
    const bad = await call(ctx.app, 'POST', '/api/clubs', { as: bia, body: { name: 'X', slug: 'Com Espaço' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(CLUB_MSG.slugInvalid);
    const noName = await call(ctx.app, 'POST', '/api/clubs', { as: bia, body: { name: ' ', slug: 'ok-slug' } });
    expect(noName.json().error.message).toBe(CLUB_MSG.nameRequired);
  });

  it('dashboard counts are real', async () => {
    const carla = await signUp(ctx.app);
    const club = await createClub(ctx.app, carla, 'Contadores');
    const other = await signUp(ctx.app);
    await addMember(ctx.db, club.id, other.profile.id);
    await ctx.db.query(`INSERT INTO units (club_id, name) VALUES ($1, 'Águia'), ($1, 'Falcão')`, [club.id]);
    const [task] = await ctx.db.query<{ id: string }>(`INSERT INTO tasks (club_id, title) VALUES ($1, 'T1'), ($1, 'T2') RETURNING id`, [club.id]);
    await ctx.db.query(`INSERT INTO tasks (club_id, title, active) VALUES ($1, 'Inativa', false)`, [club.id]);
    await ctx.db.query(`INSERT INTO assigned_tasks (club_id, task_id, profile_id) VALUES ($1, $2, $3)`, [club.id, task.id, other.profile.id]);
    const res = await call(ctx.app, 'GET', `/api/clubs/${club.id}/dashboard`, { as: carla });
    expect(res.json()).toEqual({ club_name: 'Contadores', active_members: 2, units: 2, active_tasks: 2, pending_tasks: 1, periods: 0 });
  });

  it('the panel is the dashboard in one read: each part is what its own route answers', async () => {
    const dir = await signUp(ctx.app);
    const club = await createClub(ctx.app, dir, 'Painel');
    const kid = await signUp(ctx.app);
    await addMember(ctx.db, club.id, kid.profile.id);
    const [task] = await ctx.db.query<{ id: string }>(`INSERT INTO tasks (club_id, title) VALUES ($1, 'T1') RETURNING id`, [club.id]);
    await ctx.db.query(`INSERT INTO assigned_tasks (club_id, task_id, profile_id) VALUES ($1, $2, $3)`, [club.id, task.id, kid.profile.id]);
    const base = `/api/clubs/${club.id}`;
    const panel = await call(ctx.app, 'GET', `${base}/panel`, { as: dir });
    expect(panel.statusCode).toBe(200);
    const own = async (path: string, as = dir) => (await call(ctx.app, 'GET', `${base}${path}`, { as })).json();
    expect(panel.json()).toEqual({
      counts: await own('/dashboard'),
      pending_approvals: (await own('/submissions/pending-count')).pending,
      meetings: await own('/meetings/summary'),
      home: await own('/home'),
    });
    // A member who reviews nothing gets no count of approvals, and their own home.
    const kids = (await call(ctx.app, 'GET', `${base}/panel`, { as: kid })).json();
    expect(kids.pending_approvals).toBeNull();
    expect(kids.home).toEqual(await own('/home', kid));
    expect((await call(ctx.app, 'GET', `${base}/panel`)).statusCode).toBe(401);
    expect((await call(ctx.app, 'GET', `${base}/panel`, { as: await signUp(ctx.app) })).statusCode).toBe(404);
  });

  it('the panel is kept: a write in the club shows at once; it holds until a meeting starts or its 3 hours pass', async () => {
    const dir = await signUp(ctx.app);
    const club = await createClub(ctx.app, dir, 'Painel guardado');
    const base = `/api/clubs/${club.id}`;
    const first = await call(ctx.app, 'GET', `${base}/panel`, { as: dir });
    const again = await ctx.app.inject({ method: 'GET', url: `${base}/panel`, headers: { cookie: dir.cookie, 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    await ctx.db.query(`INSERT INTO units (club_id, name) VALUES ($1, 'Águias')`, [club.id]);
    expect((await call(ctx.app, 'GET', `${base}/panel`, { as: dir })).json().counts.units).toBe(first.json().counts.units + 1);
    // How long the meetings' summary holds: nothing to come, then a meeting in 2 hours, then one that began an hour ago.
    expect(await summaryUnchangedForMs(ctx.db, club.id)).toBe(Infinity);
    const meeting = (at: string) => ctx.db.query(`INSERT INTO meetings (club_id, date, starts_at, title) VALUES ($1, (${at})::date, ${at}, 'Reunião')`, [club.id]);
    await meeting(`now() + interval '2 hours'`);
    const hours = async () => (await summaryUnchangedForMs(ctx.db, club.id)) / 3_600_000;
    expect(await hours()).toBeCloseTo(2, 1);
    await meeting(`now() - interval '1 hour'`);
    expect(await hours()).toBeCloseTo(2, 1);
    await ctx.db.query(`DELETE FROM meetings WHERE club_id = $1 AND starts_at > now()`, [club.id]);
    expect(await hours()).toBeCloseTo(2, 1);
    expect((await call(ctx.app, 'GET', `${base}/panel`, { as: dir })).json().meetings.next).not.toBeNull();
    // The home's period holds until an active period starts or ends (as its read compares them with now()).
    expect(await currentPeriodUnchangedForMs(ctx.db, club.id)).toBe(Infinity);
    await ctx.db.query(`INSERT INTO periods (club_id, name, start_date, end_date, active) VALUES ($1, 'Trimestre', current_date - 10, current_date + 5, true)`, [club.id]);
    const untilEnd = await ctx.db.query<{ ms: string }>(`SELECT floor(1000 * extract(epoch FROM (current_date + 5)::timestamptz - now()))::text AS ms`);
    expect(Math.abs((await currentPeriodUnchangedForMs(ctx.db, club.id)) - Number(untilEnd[0].ms))).toBeLessThan(5_000);
  });

  it('anonymous requests answer 401; another club answers 404', async () => {
    const dono = await signUp(ctx.app);
    const club = await createClub(ctx.app, dono, 'Privado');
    expect((await call(ctx.app, 'GET', '/api/clubs')).statusCode).toBe(401);
    expect((await call(ctx.app, 'GET', `/api/clubs/${club.id}`)).statusCode).toBe(401);
    expect((await call(ctx.app, 'GET', `/api/clubs/${club.id}/dashboard`)).statusCode).toBe(401);
    const stranger = await signUp(ctx.app);
    for (const url of [`/api/clubs/${club.id}`, `/api/clubs/${club.id}/dashboard`, '/api/clubs/not-a-uuid']) {
      const res = await call(ctx.app, 'GET', url, { as: stranger });
      expect(res.statusCode).toBe(404);
    }
  });

  it('an inactive membership gives no access', async () => {
    const dono = await signUp(ctx.app);
    const club = await createClub(ctx.app, dono, 'Inativos');
    const ex = await signUp(ctx.app);
    await addMember(ctx.db, club.id, ex.profile.id);
    await ctx.db.query('UPDATE club_members SET active = false WHERE profile_id = $1', [ex.profile.id]);
    expect((await call(ctx.app, 'GET', `/api/clubs/${club.id}`, { as: ex })).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', '/api/clubs', { as: ex })).json()).toEqual([]);
  });
});

describe('health and docs', () => {
  it('health checks the database; docs are served', async () => {
    const health = await call(ctx.app, 'GET', '/api/health');
    expect(health.json()).toEqual({ status: 'ok', engine: engineName() });
    const docs = await call(ctx.app, 'GET', '/api/docs/json');
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toContain('/api/clubs/{clubId}/dashboard');
  });

  it('readiness: 200 while the database answers, 503 when it does not and while the server drains; health stays 200 while draining', async () => {
    expect((await call(ctx.app, 'GET', '/api/ready')).json()).toEqual({ status: 'ready' });
    vi.spyOn(ctx.db, 'query').mockRejectedValueOnce(new Error('connection terminated'));
    const down = await call(ctx.app, 'GET', '/api/ready');
    expect([down.statusCode, down.json()]).toEqual([503, { status: 'database_unavailable' }]);
    ctx.app.lifecycle.draining = true;
    try {
      const draining = await call(ctx.app, 'GET', '/api/ready');
      expect([draining.statusCode, draining.json()]).toEqual([503, { status: 'draining' }]);
      expect((await call(ctx.app, 'GET', '/api/health')).statusCode).toBe(200);
    } finally {
      ctx.app.lifecycle.draining = false;
    }
    expect((await call(ctx.app, 'GET', '/api/ready')).statusCode).toBe(200);
  });

  it('unknown API paths answer JSON 404', async () => {
    const res = await call(ctx.app, 'GET', '/api/nao-existe');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
});
