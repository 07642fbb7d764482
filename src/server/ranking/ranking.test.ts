import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { insertTask, insertUnit } from '../../../test/gamification.js';

let ctx: TestContext;
let admin: Session;
let club: { id: string };
const ids: Record<string, string> = {};
let aguias: string;
let falcoes: string;
let periodA: string;
let periodB: string;

async function ledger(profile: string | null, unit: string | null, points: number, at: string, source = 'manual') {
  await ctx.db.query(
    `INSERT INTO point_events (club_id, profile_id, unit_id, source, points, reason, occurred_at) VALUES ($1, $2, $3, $4, $5, 'teste', $6)`,
    [club.id, profile, unit, source, points, at],
  );
}

beforeAll(async () => {
  ctx = await createTestApp();
  await signUp(ctx.app, { name: 'Super Admin' });
  admin = await signUp(ctx.app, { name: 'Zeladora' });
  club = await createClub(ctx.app, admin, 'Ranking');
  aguias = await insertUnit(ctx.db, club.id, 'Águias', '#0ea5e9');
  falcoes = await insertUnit(ctx.db, club.id, 'Falcões', '#f59e0b');
  for (const [name, unit] of [['Ana', aguias], ['Bia', aguias], ['Caio', falcoes], ['Davi', falcoes]] as const) {
    const [p] = await ctx.db.query<{ id: string }>(`INSERT INTO profiles (full_name) VALUES ($1) RETURNING id`, [name]);
    await addMember(ctx.db, club.id, p.id, 'Desbravador(a)', unit);
    ids[name] = p.id;
  }
  const [a] = await ctx.db.query<{ id: string }>(`INSERT INTO periods (club_id, name, start_date, end_date) VALUES ($1, '1º Trimestre', '2026-01-01', '2026-03-31T23:59:59Z') RETURNING id`, [club.id]);
  const [b] = await ctx.db.query<{ id: string }>(`INSERT INTO periods (club_id, name, start_date, end_date) VALUES ($1, '2º Trimestre', '2026-04-01', '2026-06-30T23:59:59Z') RETURNING id`, [club.id]);
  periodA = a.id;
  periodB = b.id;
});
afterAll(() => ctx.close());

const get = (path: string) => call(ctx.app, 'GET', `/api/clubs/${club.id}${path}`, { as: admin });

describe(`ranking on ${engineName()}`, () => {
  it('is empty before any points', async () => {
    expect((await get('/ranking/individual')).json()).toEqual([]);
    expect((await get('/ranking/units')).json()).toEqual([]);
  });

  it('ranks members with ties sharing a position, and units including unit-wide points', async () => {
    await ledger(ids.Ana, aguias, 30, '2026-02-10T12:00:00Z');
    await ledger(ids.Bia, aguias, 20, '2026-02-11T12:00:00Z');
    await ledger(ids.Caio, falcoes, 20, '2026-05-01T12:00:00Z');
    await ledger(ids.Davi, falcoes, 5, '2026-05-02T12:00:00Z');
    await ledger(ids.Davi, falcoes, 10, '2026-02-15T12:00:00Z');
    await ledger(null, falcoes, 40, '2026-05-03T12:00:00Z');
    // A completion counts as a task for its member.
    const t = await insertTask(ctx.db, club.id, { title: 'Contada' });
    const [a] = await ctx.db.query<{ id: string }>(`INSERT INTO assigned_tasks (club_id, task_id, profile_id, status) VALUES ($1, $2, $3, 'completed') RETURNING id`, [club.id, t, ids.Bia]);
    await ctx.db.query(`INSERT INTO task_completions (club_id, task_id, profile_id, assignment_id, points, completed_at) VALUES ($1, $2, $3, $4, 0, '2026-02-11T12:00:00Z')`, [club.id, t, ids.Bia, a.id]);

    const individual = (await get('/ranking/individual')).json();
    expect(individual.map((r: { full_name: string; ranking: number; total_points: number; total_tasks: number; unit_name: string }) =>
      [r.ranking, r.full_name, r.unit_name, r.total_tasks, r.total_points])).toEqual([
      [1, 'Ana', 'Águias', 0, 30],
      [2, 'Bia', 'Águias', 1, 20],
      [2, 'Caio', 'Falcões', 0, 20],
      [4, 'Davi', 'Falcões', 0, 15],
    ]);
    const units = (await get('/ranking/units')).json();
    expect(units.map((u: { ranking: number; unit_name: string; total_members: number; total_points: number; color: string }) =>
      [u.ranking, u.unit_name, u.total_members, u.total_points, u.color])).toEqual([
      [1, 'Falcões', 2, 75, '#f59e0b'],
      [2, 'Águias', 2, 50, '#0ea5e9'],
    ]);
  });

  it('filters by period', async () => {
    const q1 = (await get(`/ranking/individual?period_id=${periodA}`)).json();
    expect(q1.map((r: { ranking: number; full_name: string; total_points: number; total_tasks: number }) => [r.ranking, r.full_name, r.total_points, r.total_tasks])).toEqual([
      [1, 'Ana', 30, 0],
      [2, 'Bia', 20, 1],
      [3, 'Davi', 10, 0],
      // Issue 18: a participant without points in the period is listed at 0, last.
      [4, 'Caio', 0, 0],
    ]);
    const q2 = (await get(`/ranking/individual?period_id=${periodB}`)).json();
    expect(q2.map((r: { ranking: number; full_name: string; total_points: number }) => [r.ranking, r.full_name, r.total_points])).toEqual([
      [1, 'Caio', 20],
      [2, 'Davi', 5],
      [3, 'Ana', 0],
      [3, 'Bia', 0],
    ]);
    const u2 = (await get(`/ranking/units?period_id=${periodB}`)).json();
    expect(u2.map((u: { unit_name: string; total_points: number }) => [u.unit_name, u.total_points])).toEqual([['Falcões', 65], ['Águias', 0]]);
    const periods = (await get('/ranking/periods')).json();
    expect(periods.map((p: { name: string }) => p.name)).toEqual(['2º Trimestre', '1º Trimestre']);
  });

  it('an inactive member leaves the ranking; another club\'s period answers 404; strangers 404', async () => {
    await ctx.db.query('UPDATE club_members SET active = false WHERE profile_id = $1', [ids.Davi]);
    const names = (await get('/ranking/individual')).json().map((r: { full_name: string }) => r.full_name);
    expect(names).toEqual(['Ana', 'Bia', 'Caio']);
    const other = await signUp(ctx.app);
    const otherClub = await createClub(ctx.app, other, 'Alheio');
    const [p] = await ctx.db.query<{ id: string }>(`INSERT INTO periods (club_id, name, start_date, end_date) VALUES ($1, 'X', '2026-01-01', '2026-02-01') RETURNING id`, [otherClub.id]);
    expect((await get(`/ranking/individual?period_id=${p.id}`)).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', `/api/clubs/${club.id}/ranking/individual`, { as: other })).statusCode).toBe(404);
  });

  it('a unit with unit-wide points cannot be deleted (its history stays); one without can', async () => {
    await expect(ctx.db.query('DELETE FROM units WHERE id = $1', [falcoes])).rejects.toMatchObject({ code: '23503' });
    const empty = await insertUnit(ctx.db, club.id, 'Sem pontos');
    await ctx.db.query('DELETE FROM units WHERE id = $1', [empty]);
    expect(await ctx.db.query('SELECT 1 FROM units WHERE id = $1', [empty])).toHaveLength(0);
  });

  it('lists every participant (0 points share the last place) and every active unit; leaders only with points (issue 18)', async () => {
    const [eva] = await ctx.db.query<{ id: string }>(`INSERT INTO profiles (full_name) VALUES ('Eva Zero') RETURNING id`);
    await addMember(ctx.db, club.id, eva.id, 'member');
    const [nina] = await ctx.db.query<{ id: string }>(`INSERT INTO profiles (full_name) VALUES ('Nina Zero') RETURNING id`);
    await addMember(ctx.db, club.id, nina.id, 'Desbravador(a)', aguias);
    const [lia] = await ctx.db.query<{ id: string }>(`INSERT INTO profiles (full_name) VALUES ('Lia Conselheira') RETURNING id`);
    await addMember(ctx.db, club.id, lia.id, 'Conselheiro(a)', aguias);
    const corujas = await insertUnit(ctx.db, club.id, 'Corujas');

    const individual = (await get('/ranking/individual')).json() as Array<{ ranking: number; full_name: string; total_points: number; unit_name: string | null }>;
    expect(individual.map((r) => [r.ranking, r.full_name, r.total_points])).toEqual([
      [1, 'Ana', 30], [2, 'Bia', 20], [2, 'Caio', 20], [4, 'Eva Zero', 0], [4, 'Nina Zero', 0],
    ]);
    expect(individual.find((r) => r.full_name === 'Eva Zero')?.unit_name).toBeNull();
    // The admin (Zeladora) and the counsellor have no points: not listed. With points, a leader is.
    await ledger(lia.id, aguias, 3, '2026-02-20T12:00:00Z');
    const withLia = (await get('/ranking/individual')).json().map((r: { full_name: string; ranking: number }) => [r.ranking, r.full_name]);
    expect(withLia).toContainEqual([4, 'Lia Conselheira']);
    expect(withLia).toContainEqual([5, 'Eva Zero']);
    expect(withLia.some(([, n]: [number, string]) => n === 'Zeladora')).toBe(false);

    const units = (await get('/ranking/units')).json().map((u: { ranking: number; unit_name: string; total_members: number; total_points: number }) => [u.ranking, u.unit_name, u.total_members, u.total_points]);
    expect(units).toContainEqual([3, 'Corujas', 0, 0]);
    await ctx.db.query('DELETE FROM units WHERE id = $1', [corujas]);
  });

  it('stays empty while nobody in the club (or the period) has scored, even with members (issue 18)', async () => {
    const owner = await signUp(ctx.app, { name: 'Dona Nova' });
    const fresh = await createClub(ctx.app, owner, 'Clube Novo');
    const [kid] = await ctx.db.query<{ id: string }>(`INSERT INTO profiles (full_name) VALUES ('Criança Nova') RETURNING id`);
    await addMember(ctx.db, fresh.id, kid.id, 'Desbravador(a)');
    await insertUnit(ctx.db, fresh.id, 'Unidade Nova');
    const [period] = await ctx.db.query<{ id: string }>(`INSERT INTO periods (club_id, name, start_date, end_date) VALUES ($1, 'P', '2020-01-01', '2020-12-31') RETURNING id`, [fresh.id]);
    const read = (path: string) => call(ctx.app, 'GET', `/api/clubs/${fresh.id}${path}`, { as: owner }).then((r) => r.json());
    expect(await read('/ranking/individual')).toEqual([]);
    expect(await read('/ranking/units')).toEqual([]);
    await ctx.db.query(`INSERT INTO point_events (club_id, profile_id, source, points, reason) VALUES ($1, $2, 'manual', 5, 'x')`, [fresh.id, kid.id]);
    expect((await read('/ranking/individual')).map((r: { full_name: string }) => r.full_name)).toEqual(['Criança Nova']);
    expect(await read(`/ranking/individual?period_id=${period.id}`)).toEqual([]);
  });

});
