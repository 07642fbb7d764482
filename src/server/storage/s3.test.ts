import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { generateRecurringInstances } from '../recurring/engine.js';
import { NO_LIMITS, call, setUpClubWithMember, type Session, type TestContext } from '../../../test/api.js';
import { engineName, openPostgresLikeApp, openTestDb } from '../../../test/db.js';
import { insertBadge, insertTask } from '../../../test/gamification.js';
import { s3Storage } from './s3.js';

/**
 * Uploads in an S3-compatible bucket (s3rver in-process) and, on PostgreSQL, two app instances on one
 * database behind a round-robin: a session works on both, a file uploaded through one is served by
 * the other, and the background work runs exactly once when both run it at the same time.
 */

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let s3: S3rver;
let s3Dir: string;
let s3Url: string;
const dirs: string[] = [];
beforeAll(async () => {
  s3Dir = await mkdtemp(path.join(tmpdir(), 'trilha-s3-'));
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: 'trilha', configs: [] }] });
  const { port } = (await s3.run()) as AddressInfo;
  s3Url = `http://S3RVER:S3RVER@127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3.close();
  await Promise.all([s3Dir, ...dirs].map((d) => rm(d, { recursive: true, force: true })));
});

async function instance(db: TestContext['db']): Promise<FastifyInstance> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'trilha-s3-app-'));
  dirs.push(dataDir);
  const app = await buildApp({ db, dataDir, limits: NO_LIMITS, storage: s3Storage({ url: s3Url, bucket: 'trilha', region: 'us-east-1' }) });
  await app.ready();
  return app;
}

function multipart(filename: string, bytes: Buffer): { payload: Buffer; contentType: string } {
  const boundary = '----trilha-s3';
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

function upload(app: FastifyInstance, as: Session, url: string, bytes: Buffer): Promise<LightMyRequestResponse> {
  const body = multipart('foto.png', bytes);
  return app.inject({ method: 'POST', url, payload: body.payload, headers: { 'content-type': body.contentType, cookie: as.cookie, 'x-trilha-client': 'web' } });
}

describe(`S3 storage on ${engineName()}`, () => {
  it('logos and evidence live in the bucket: uploaded, served, downloaded and removed through the app', async () => {
    const db = await openTestDb();
    const app = await instance(db);
    try {
      const { admin, member, club } = await setUpClubWithMember({ app, db, dataDir: '', close: async () => undefined }, 'Clube no Bucket');
      const logo = await upload(app, admin, `/api/clubs/${club.id}/logo`, PNG);
      expect(logo.statusCode).toBe(200);
      const logoUrl: string = logo.json().logo_url;
      const served = await app.inject({ method: 'GET', url: logoUrl });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(Buffer.from(served.rawPayload).equals(PNG)).toBe(true);
      expect((await app.inject({ method: 'GET', url: '/uploads/logos/club-logos/nao-existe.png' })).statusCode).toBe(404);

      const taskId = await insertTask(db, club.id, { title: 'Foto do acampamento', type: 'submission' });
      const sent = await upload(app, member, `/api/clubs/${club.id}/my-tasks/${taskId}/submissions`, PNG);
      expect(sent.statusCode).toBe(201);
      const [sub] = await db.query<{ id: string; evidence_key: string }>('SELECT id, evidence_key FROM task_submissions WHERE task_id = $1', [taskId]);
      if (!sub) throw new Error('no submission');
      const evidence = await call(app, 'GET', `/api/clubs/${club.id}/submissions/${sub.id}/evidence`, { as: admin });
      expect(evidence.statusCode).toBe(200);
      expect(Buffer.from(evidence.rawPayload).equals(PNG)).toBe(true);

      const removed = await call(app, 'DELETE', `/api/clubs/${club.id}/logo`, { as: admin });
      expect(removed.statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: logoUrl })).statusCode).toBe(404);
    } finally {
      await app.close();
      await db.dispose();
    }
  });
});

// PGlite is one process's database: several instances need PostgreSQL.
describe.runIf(engineName() === 'postgres')('two app instances on one PostgreSQL behind a round-robin', () => {
  it('a session, an upload and the background jobs work across both, each job exactly once', async () => {
    const dbA = await openTestDb();
    if (!dbA.directUrl) throw new Error('postgres test database without url');
    const dbB = openPostgresLikeApp(dbA.directUrl, { max: 5 });
    const a = await instance(dbA);
    const b = await instance(Object.assign(dbB, { dispose: () => dbB.close() }));
    const apps = [a, b];
    let turn = 0;
    const next = () => apps[turn++ % 2] as FastifyInstance;
    try {
      // Signed up and logged in through alternating instances.
      const { admin, member, club } = await setUpClubWithMember({ app: a, db: dbA, dataDir: '', close: async () => undefined }, 'Dois Servidores');
      for (let i = 0; i < 4; i += 1) expect((await call(next(), 'GET', '/api/auth/me', { as: member })).statusCode).toBe(200);

      // The logo sent to one instance is served by the other.
      const logo = await upload(a, admin, `/api/clubs/${club.id}/logo`, PNG);
      expect(logo.statusCode).toBe(200);
      const fromB = await b.inject({ method: 'GET', url: logo.json().logo_url });
      expect(Buffer.from(fromB.rawPayload).equals(PNG)).toBe(true);

      // Evidence uploaded through B is downloaded by the director through A.
      const taskId = await insertTask(dbA, club.id, { title: 'Envio', type: 'submission' });
      expect((await upload(b, member, `/api/clubs/${club.id}/my-tasks/${taskId}/submissions`, PNG)).statusCode).toBe(201);
      const [sub] = await dbA.query<{ id: string }>('SELECT id FROM task_submissions WHERE task_id = $1', [taskId]);
      const ev = await call(a, 'GET', `/api/clubs/${club.id}/submissions/${sub?.id ?? ''}/evidence`, { as: admin });
      expect(Buffer.from(ev.rawPayload).equals(PNG)).toBe(true);

      // A recurring rule whose occurrences are due, generated by both instances at once: every
      // occurrence is created by exactly one of the four runs, and none of them fails.
      const rule = await call(next(), 'POST', `/api/clubs/${club.id}/recurring-tasks`, {
        as: admin,
        body: { title: 'Leitura diária', start_date: '2026-01-01', generation_time: '00:00', points: 5, active: false },
      });
      expect(rule.statusCode).toBe(201);
      await dbA.query('UPDATE recurring_tasks SET active = true, next_generation_date = now() - interval \'1 day\' WHERE club_id = $1', [club.id]);
      const before = await dbA.query<{ n: number }>('SELECT count(*)::int AS n FROM tasks WHERE recurring_task_id IS NOT NULL');
      const runs = await Promise.all([generateRecurringInstances(dbA), generateRecurringInstances(dbB), generateRecurringInstances(dbA), generateRecurringInstances(dbB)]);
      const after = await dbA.query<{ n: number }>('SELECT count(*)::int AS n FROM tasks WHERE recurring_task_id IS NOT NULL');
      const created = runs.reduce((n, r) => n + r.created, 0);
      expect(created).toBeGreaterThan(0);
      expect((after[0]?.n ?? 0) - (before[0]?.n ?? 0)).toBe(created);

      // Two completions at the same moment, one through each instance, both make the member eligible for
      // the same automatic badge (two tasks done): it is awarded once, its XP booked once, and the two answers name it once.
      const badgeId = await insertBadge(dbA, { name: 'Primeiros passos', points: 7, criteria: { type: 'task_count', count: 2 } });
      const [t1, t2] = [await insertTask(dbA, club.id, { title: 'Um' }), await insertTask(dbA, club.id, { title: 'Dois' })];
      const done = await Promise.all([
        call(a, 'POST', `/api/clubs/${club.id}/my-tasks/${t1}/complete`, { as: member, body: {} }),
        call(b, 'POST', `/api/clubs/${club.id}/my-tasks/${t2}/complete`, { as: member, body: {} }),
      ]);
      expect(done.map((r) => r.statusCode)).toEqual([200, 200]);
      const named = done.flatMap((r) => (r.json().badges_awarded as Array<{ id: string }>).filter((x) => x.id === badgeId));
      expect(named).toHaveLength(1);
      const [awards] = await dbA.query<{ badges: number; xp: number }>(
        `SELECT (SELECT count(*)::int FROM member_badges WHERE badge_id = $1 AND profile_id = $2) AS badges,
                (SELECT count(*)::int FROM point_events WHERE badge_id = $1 AND profile_id = $2) AS xp`, [badgeId, member.profile.id]);
      expect(awards).toEqual({ badges: 1, xp: 1 });
    } finally {
      await a.close();
      await b.close();
      await dbB.close();
      await dbA.dispose();
    }
  });
});
