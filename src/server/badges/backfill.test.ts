import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ICON_TEMPLATES } from '../../shared/badges.js';
import { addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { runBadgeBackfill } from './backfill.js';

let ctx: TestContext;
let superAdmin: Session;
let admin: Session;
let clubA: string;
let clubB: string;

const badgeBody = (name: string, points: number) => ({
  name, description: `Somou ${points} pontos`, icon_svg: ICON_TEMPLATES[0].svg, rarity: 'rare', points: 50, active: true,
  badge_type: 'auto', category: 'progress', criteria_type: 'points_total', criteria_value: points,
});

async function kid(clubId: string, name: string, points: number): Promise<string> {
  const [p] = await ctx.db.query<{ id: string }>(`INSERT INTO profiles (full_name) VALUES ($1) RETURNING id`, [name]);
  await addMember(ctx.db, clubId, p.id, 'Desbravador(a)');
  if (points) await ctx.db.query(`INSERT INTO point_events (club_id, profile_id, source, points, reason) VALUES ($1, $2, 'manual', $3, 'antes do badge')`, [clubId, p.id, points]);
  return p.id;
}

async function holders(badgeId: string) {
  return ctx.db.query<{ club_id: string; profile_id: string }>(`SELECT club_id, profile_id FROM member_badges WHERE badge_id = $1 ORDER BY club_id, profile_id`, [badgeId]);
}
async function xpEvents(badgeId: string) {
  return (await ctx.db.query(`SELECT 1 FROM point_events WHERE badge_id = $1 AND source = 'badge'`, [badgeId])).length;
}

beforeAll(async () => {
  ctx = await createTestApp();
  superAdmin = await signUp(ctx.app, { name: 'Super Admin' });
  admin = await signUp(ctx.app, { name: 'Diretora' });
  clubA = (await createClub(ctx.app, admin, 'Clube A')).id;
  clubB = (await createClub(ctx.app, admin, 'Clube B')).id;
});
afterAll(() => ctx.close());

describe(`automatic badges reach those who already qualify on ${engineName()} (issue 18)`, () => {
  it('a badge created after the members scored is awarded by the job, once, and not again after more points', async () => {
    const ana = await kid(clubA, 'Ana Cem', 150);
    const bia = await kid(clubB, 'Bia Cem', 100);
    const caio = await kid(clubA, 'Caio Pouco', 40);
    const created = await call(ctx.app, 'POST', '/api/admin/badges', { as: superAdmin, body: badgeBody('100 pontos', 100) });
    expect(created.statusCode, created.body).toBe(201);
    const badgeId: string = created.json().id;
    expect(await holders(badgeId)).toHaveLength(0);

    // Two instances running the job at the same moment: each member gets it once, with its XP once.
    await Promise.all([runBadgeBackfill(ctx.db), runBadgeBackfill(ctx.db)]);
    const got = await holders(badgeId);
    expect(got.map((h) => h.profile_id).sort()).toEqual([ana, bia].sort());
    expect(await xpEvents(badgeId)).toBe(2);
    const list = await call(ctx.app, 'GET', `/api/admin/badges/${badgeId}`, { as: superAdmin });
    expect(list.json().awarded_count).toBe(2);

    // The profile explains the new total: 150 from adjustments + 50 XP de badges.
    const profile = (await call(ctx.app, 'GET', `/api/clubs/${clubA}/members/${ana}/profile`, { as: admin })).json();
    expect(profile).toMatchObject({ total_points: 200, points_tasks: 0, points_badges: 50, points_adjustments: 150 });

    // More points and more runs never award it twice; Caio gets it when he passes 100.
    await ctx.db.query(`INSERT INTO point_events (club_id, profile_id, source, points, reason) VALUES ($1, $2, 'manual', 500, 'mais')`, [clubA, ana]);
    const adj = await call(ctx.app, 'POST', `/api/clubs/${clubA}/point-adjustments`, { as: admin, body: { profile_id: caio, points: 70, reason: 'Acampamento' } });
    expect(adj.statusCode, adj.body).toBe(201);
    await runBadgeBackfill(ctx.db);
    await runBadgeBackfill(ctx.db);
    expect((await holders(badgeId)).map((h) => h.profile_id).sort()).toEqual([ana, bia, caio].sort());
    expect(await xpEvents(badgeId)).toBe(3);
    await ctx.db.query(`UPDATE badges SET active = false WHERE id = $1`, [badgeId]);
  });

  it('works in batches from a saved cursor (restart-safe), and re-aiming a badge walks everyone again', async () => {
    const ids = [];
    for (let i = 0; i < 5; i += 1) ids.push(await kid(clubB, `Lote ${i}`, 300));
    const created = await call(ctx.app, 'POST', '/api/admin/badges', { as: superAdmin, body: badgeBody('1000 pontos', 1000) });
    const badgeId: string = created.json().id;
    await runBadgeBackfill(ctx.db, { batchSize: 2 });
    expect(await holders(badgeId)).toHaveLength(0);
    const [queue] = await ctx.db.query<{ done_at: string | null }>(`SELECT done_at FROM badge_award_queue WHERE badge_id = $1`, [badgeId]);
    expect(queue.done_at).not.toBeNull();

    // New criterion (300 points): one batch per run, as if the server stopped between them.
    const put = await call(ctx.app, 'PUT', `/api/admin/badges/${badgeId}`, { as: superAdmin, body: badgeBody('300 pontos', 300) });
    expect(put.statusCode, put.body).toBe(200);
    await runBadgeBackfill(ctx.db, { batchSize: 2, maxBatches: 1 });
    // Which two members come first depends on their random ids: the saved cursor is what proves the batch.
    const [mid] = await ctx.db.query<{ cursor_profile_id: string | null; done_at: string | null }>(
      `SELECT cursor_profile_id, done_at FROM badge_award_queue WHERE badge_id = $1`, [badgeId]);
    expect(mid.cursor_profile_id).not.toBeNull();
    expect(mid.done_at).toBeNull();
    for (let i = 0; i < 10; i += 1) await runBadgeBackfill(ctx.db, { batchSize: 2, maxBatches: 1 });
    const all = (await holders(badgeId)).map((h) => h.profile_id);
    for (const id of ids) expect(all).toContain(id);
    expect(new Set(all).size).toBe(all.length);
    expect(await xpEvents(badgeId)).toBe(all.length);
    // An update that does not change the aim queues nothing new.
    await call(ctx.app, 'PUT', `/api/admin/badges/${badgeId}`, { as: superAdmin, body: { ...badgeBody('300 pontos', 300), description: 'Outro texto' } });
    const [again] = await ctx.db.query<{ done_at: string | null }>(`SELECT done_at FROM badge_award_queue WHERE badge_id = $1`, [badgeId]);
    expect(again.done_at).not.toBeNull();
  });
});
