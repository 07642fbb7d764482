import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { insertTask, insertUnit } from '../../../test/gamification.js';

let ctx: TestContext;
let admin: Session;
let kid: Session;
let club: { id: string };

beforeAll(async () => {
  ctx = await createTestApp();
  await signUp(ctx.app, { name: 'Super Admin' });
  admin = await signUp(ctx.app, { name: 'Diretora' });
  club = await createClub(ctx.app, admin, 'Casa');
  const eagles = await insertUnit(ctx.db, club.id, 'Águias', '#16a34a');
  const lions = await insertUnit(ctx.db, club.id, 'Leões', '#dc2626');
  kid = await signUp(ctx.app, { name: 'Kid' });
  await addMember(ctx.db, club.id, kid.profile.id, 'Desbravador(a)', eagles);
  for (const [name, unit, points] of [['Ana', lions, 50], ['Bia', lions, 5]] as const) {
    const s = await signUp(ctx.app, { name });
    await addMember(ctx.db, club.id, s.profile.id, 'Desbravador(a)', unit);
    await ctx.db.query(`INSERT INTO point_events (club_id, profile_id, unit_id, source, points, reason) VALUES ($1, $2, $3, 'manual', $4, 'x')`, [club.id, s.profile.id, unit, points]);
  }
  await ctx.db.query(`INSERT INTO point_events (club_id, profile_id, unit_id, source, points, reason, occurred_at) VALUES ($1, $2, $3, 'manual', 20, 'antes', now() - interval '60 days'), ($1, $2, $3, 'manual', 7, 'agora', now())`,
    [club.id, kid.profile.id, eagles]);
  await ctx.db.query(`INSERT INTO periods (club_id, name, start_date, end_date) VALUES ($1, 'Trimestre', now() - interval '10 days', now() + interval '20 days')`, [club.id]);
  for (const [title, due] of [['Sem prazo', null], ['Logo', '2099-01-02'], ['Depois', '2099-03-01'], ['Mais tarde', '2099-06-01']] as const) {
    await insertTask(ctx.db, club.id, { title, due });
  }
  // Sent for approval, with the soonest deadline: waiting, never a next task (issue 31).
  const sent = await insertTask(ctx.db, club.id, { title: 'Foto enviada', type: 'submission', due: '2099-01-01' });
  await ctx.db.query(`INSERT INTO assigned_tasks (club_id, task_id, profile_id, status) VALUES ($1, $2, $3, 'submitted')`, [club.id, sent, kid.profile.id]);
});
afterAll(() => ctx.close());

describe(`a member's home on ${engineName()}`, () => {
  it('shows my points (total and this period), my position of everyone, my unit and its position, the next 3 tasks', async () => {
    const res = await call(ctx.app, 'GET', `/api/clubs/${club.id}/home`, { as: kid });
    expect(res.statusCode).toBe(200);
    const home = res.json();
    expect(home).toMatchObject({ full_name: 'Kid', total_points: 27, period: { name: 'Trimestre', points: 7 }, ranking: 2 });
    // Everyone listed on the ranking counts, the director too (issue 18).
    expect(home.ranked_count).toBeGreaterThanOrEqual(3);
    expect(home.unit).toMatchObject({ name: 'Águias', ranking: 2, unit_count: 2 });
    expect(home.next_tasks.map((t: { title: string }) => t.title)).toEqual(['Logo', 'Depois', 'Mais tarde']);
    expect(home.awaiting_approval).toBe(1);
    expect(home.latest_badges).toEqual([]);
  });

  it('a stranger gets 404', async () => {
    const stranger = await signUp(ctx.app, { name: 'Fora' });
    expect((await call(ctx.app, 'GET', `/api/clubs/${club.id}/home`, { as: stranger })).statusCode).toBe(404);
  });
});
