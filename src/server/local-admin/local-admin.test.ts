import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { call, createClub, signUp } from '../../../test/api.js';
import { engineName, openTestDb, type TestDb } from '../../../test/db.js';
import { LOCAL_ADMIN_HEADER } from './channel.js';

const TOKEN = 'segredo-do-data-dir';
let db: TestDb;
let dataDir: string;
let app: FastifyInstance;
beforeAll(async () => {
  db = await openTestDb();
  dataDir = await mkdtemp(path.join(tmpdir(), 'trilha-local-admin-'));
  app = await buildApp({ db, dataDir, localAdmin: { token: TOKEN } });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await db.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

describe(`local admin channel on ${engineName()}`, () => {
  it('answers 404 without the token or with a wrong one, also to a signed-in super admin', async () => {
    const someone = await signUp(app);
    await db.query("UPDATE profiles SET user_type = 'super_admin' WHERE id = $1", [someone.profile.id]);
    for (const route of ['seed-demo', 'promote-superadmin', 'backup']) {
      expect((await call(app, 'POST', `/api/local-admin/${route}`, { body: {} })).statusCode).toBe(404);
      expect((await call(app, 'POST', `/api/local-admin/${route}`, { as: someone, body: {} })).statusCode).toBe(404);
      expect((await call(app, 'POST', `/api/local-admin/${route}`, { body: {}, headers: { [LOCAL_ADMIN_HEADER]: `${TOKEN}x` } })).statusCode).toBe(404);
    }
    expect(await db.query("SELECT 1 FROM clubs WHERE slug = 'clube-demo-aguias'")).toHaveLength(0);
  });

  it('does the work with the token, and is not part of the OpenAPI document', async () => {
    const target = await signUp(app);
    const promoted = await call(app, 'POST', '/api/local-admin/promote-superadmin', { body: { email: target.profile.email }, headers: { [LOCAL_ADMIN_HEADER]: TOKEN } });
    expect(promoted.json()).toEqual({ promoted: true });
    const doc = (await call(app, 'GET', '/api/docs/json')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((p) => p.includes('local-admin'))).toEqual([]);
  });

  it('seed-demo beside another club that has its own badge builds the whole demo club, all or nothing', async () => {
    const neighbour = await signUp(app, { name: 'Diretor Vizinho' });
    const club = await createClub(app, neighbour, 'Clube Vizinho');
    const badge = await call(app, 'POST', `/api/clubs/${club.id}/badges`, {
      as: neighbour,
      body: { name: 'Badge do Vizinho', description: 'Só deste clube', icon_key: 'tent', icon_color: '#16a34a', rarity: 'rare', points: 20, active: true, badge_type: 'manual', category: 'specialties', criteria_type: '', criteria_value: 0 },
    });
    expect(badge.statusCode).toBe(201);
    const seed = () => call(app, 'POST', '/api/local-admin/seed-demo', { body: {}, headers: { [LOCAL_ADMIN_HEADER]: TOKEN } });

    // A step that fails half-way (a demo member's e-mail already taken) leaves nothing, and says why.
    const squatter = await signUp(app, { email: 'lucas@demo.trilha.app' });
    const refused = await seed();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/^O clube de demonstração não foi criado: /);
    expect(await db.query("SELECT 1 FROM clubs WHERE slug = 'clube-demo-aguias'")).toHaveLength(0);
    expect(await db.query("SELECT 1 FROM profiles WHERE email IN ('demo@trilha.app', 'ana@demo.trilha.app')")).toHaveLength(0);
    await db.query('DELETE FROM profiles WHERE id = $1', [squatter.profile.id]);

    expect((await seed()).json()).toEqual({ created: true });
    const [demo] = await db.query<{ id: string }>("SELECT id FROM clubs WHERE slug = 'clube-demo-aguias'");
    const count = async (sql: string) => (await db.query<{ n: number }>(sql, [demo.id]))[0].n;
    expect(await count('SELECT count(*)::int AS n FROM club_members WHERE club_id = $1')).toBe(15);
    expect(await count('SELECT count(*)::int AS n FROM units WHERE club_id = $1')).toBe(4);
    // The plain tasks, and the recurring rules' occurrences due by now (how many depends on the hour the seed runs).
    expect(await count('SELECT count(*)::int AS n FROM tasks WHERE club_id = $1 AND recurring_task_id IS NULL')).toBe(7);
    expect(await count('SELECT count(*)::int AS n FROM tasks WHERE club_id = $1 AND recurring_task_id IS NOT NULL')).toBeGreaterThan(0);
    expect(await count('SELECT count(*)::int AS n FROM meetings WHERE club_id = $1')).toBeGreaterThan(0);
    expect(await count('SELECT count(*)::int AS n FROM cash_accounts WHERE club_id = $1')).toBe(2);
    // Only platform badges are linked to the demo's tasks; the neighbour's badge stays the neighbour's.
    expect(await count(`SELECT count(*)::int AS n FROM task_badges tb JOIN tasks t ON t.id = tb.task_id JOIN badges b ON b.id = tb.badge_id
                         WHERE t.club_id = $1 AND b.club_id IS NOT NULL`)).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM task_badges tb JOIN tasks t ON t.id = tb.task_id WHERE t.club_id = $1')).toBeGreaterThan(0);
    expect((await seed()).json()).toEqual({ created: false });
    // The whole demo is seeded twice (once refused half-way): ~12 s alone, more on a busy machine.
  }, 120_000);
});
