import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import type { Db } from '../db/index.js';
import { engineName, openPostgresLikeApp, openTestDb, type TestDb } from '../../../test/db.js';
import { TIMEOUT_MESSAGE } from '../core/errors.js';

let testDb: TestDb;
let dataDir: string;

/** The app with one extra route that runs `sql`, registered by this test only. */
async function appWith(db: Db, sql: string): Promise<FastifyInstance> {
  const app = await buildApp({ db, dataDir });
  app.post('/api/test/slow', async () => {
    await db.transaction(async (tx) => {
      await tx.query("INSERT INTO profiles (full_name) VALUES ('Escrita que não pode ficar')");
      await tx.query(sql);
    });
    return { ok: true };
  });
  await app.ready();
  return app;
}

beforeAll(async () => {
  testDb = await openTestDb();
  dataDir = await mkdtemp(path.join(tmpdir(), 'trilha-timeout-'));
});
afterAll(async () => {
  await testDb.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

async function leftovers(): Promise<number> {
  return (await testDb.query("SELECT 1 FROM profiles WHERE full_name = 'Escrita que não pode ficar'")).length;
}

describe(`request timeouts on ${engineName()}`, () => {
  it('a cancelled query (57014) answers 503 in pt-BR and its transaction changes nothing', async () => {
    const app = await appWith(testDb, "DO $$ BEGIN RAISE EXCEPTION 'cancel' USING ERRCODE = '57014'; END $$");
    const res = await app.inject({ method: 'POST', url: '/api/test/slow', headers: { 'x-trilha-client': 'web' } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: { code: 'timeout', message: TIMEOUT_MESSAGE, request_id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/) } });
    expect(await leftovers()).toBe(0);
    await app.close();
  });

  it.skipIf(engineName() !== 'postgres')('statement_timeout on the pool cancels a slow statement', async () => {
    const db = openPostgresLikeApp(testDb.directUrl ?? '', { statementTimeoutMs: 300 });
    const app = await appWith(db, 'SELECT pg_sleep(5)');
    const started = Date.now();
    const res = await app.inject({ method: 'POST', url: '/api/test/slow', headers: { 'x-trilha-client': 'web' } });
    expect(res.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await leftovers()).toBe(0);
    await app.close();
    await db.close();
  });

  it.skipIf(engineName() !== 'postgres')('a flood of one slow route leaves connections for /api/health (per-route cap)', async () => {
    const db = openPostgresLikeApp(testDb.directUrl ?? '', { max: 4, statementTimeoutMs: 5000 });
    const app = await buildApp({ db, dataDir });
    app.get('/api/test/sleep', async () => db.query('SELECT pg_sleep(1)'));
    await app.ready();
    const flood = Array.from({ length: 12 }, () => app.inject({ method: 'GET', url: '/api/test/sleep' }));
    await new Promise((r) => setTimeout(r, 200));
    const started = Date.now();
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(500);
    expect((await Promise.all(flood)).map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    await app.close();
    await db.close();
  });
});
