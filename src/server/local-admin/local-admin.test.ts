import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { call, signUp } from '../../../test/api.js';
import { engineName, openTestDb, type TestDb } from '../../../test/db.js';
import { LOCAL_ADMIN_HEADER } from './routes.js';

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
});
