import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { openTestDb, type TestDb } from '../../../test/db.js';
import { NO_LIMITS } from '../../../test/api.js';
import { bearerMatches } from './routes.js';

const TOKEN = 'segredo-das-metricas-0123456789';

describe('GET /metrics and request ids', () => {
  let db: TestDb;
  let dataDir: string;
  let app: FastifyInstance;
  let closed: FastifyInstance;

  beforeAll(async () => {
    db = await openTestDb();
    dataDir = await mkdtemp(path.join(tmpdir(), 'trilha-metrics-'));
    app = await buildApp({ db, dataDir, limits: NO_LIMITS, metricsToken: TOKEN });
    // A route that fails as a bug would: its 500 carries the request id.
    app.get('/api/test-failure', { config: { permission: 'public' }, schema: { hide: true } }, async () => {
      throw new Error('falha de teste');
    });
    await app.ready();
    closed = await buildApp({ db, dataDir, limits: NO_LIMITS, metricsToken: null });
    await closed.ready();
  });
  afterAll(async () => {
    await app?.close();
    await closed?.close();
    await db?.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('with no token configured /metrics answers 404, with or without a bearer', async () => {
    expect((await closed.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await closed.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
  });

  it('refuses a scrape without the token or with another one (401, WWW-Authenticate: Bearer)', async () => {
    for (const authorization of [undefined, 'Bearer errado', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`]) {
      const res = await app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).not.toContain('trilha_');
    }
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
  });

  it('counts requests per route pattern (not per URL), their latency, the 5xx, the pool, the replica and the queues', async () => {
    for (let i = 0; i < 3; i += 1) await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({ method: 'GET', url: `/api/clubs/${crypto.randomUUID()}/members` });
    await app.inject({ method: 'GET', url: '/api/test-failure' });
    const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toMatch(/^trilha_http_requests_total\{method="GET",route="\/api\/health",status="\d{3}"\} 3$/m);
    expect(text).toMatch(/^trilha_http_requests_total\{method="GET",route="\/api\/clubs\/:clubId\/members",status="401"\} 1$/m);
    expect(text).not.toMatch(/route="\/api\/clubs\/[0-9a-f-]{36}/);
    expect(text).toMatch(/^trilha_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/health"\} 3$/m);
    expect(text).toMatch(/^trilha_http_errors_total\{method="GET",route="\/api\/test-failure"\} 1$/m);
    expect(text).toMatch(/^trilha_queue_depth\{queue="mail"\} \d+$/m);
    expect(text).toMatch(/^trilha_queue_depth\{queue="push"\} \d+$/m);
    expect(text).toMatch(/^trilha_replica_up 0$/m);
    expect(text).toMatch(/^trilha_replica_lag_seconds -1$/m);
    expect(text).toMatch(/^trilha_process_cpu_user_seconds_total /m);
    if (db.engine === 'postgres') {
      expect(text).toMatch(/^trilha_db_pool_connections\{db="primary",state="max"\} \d+$/m);
      // The per-route gate in front of the pool (PGlite's one connection has none).
      expect(text).toMatch(/^trilha_bulkhead_waiting \d+$/m);
      expect(text).toMatch(/^# TYPE trilha_bulkhead_waits_total counter$/m);
    }
  });

  it('every answer carries its request id; a plain X-Request-Id from a proxy is kept, anything else replaced', async () => {
    const kept = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-42.abc:7' } });
    expect(kept.headers['x-request-id']).toBe('lb-42.abc:7');
    const replaced = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'com espaço' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const fresh = await app.inject({ method: 'GET', url: '/api/health' });
    expect(fresh.headers['x-request-id']).not.toBe(replaced.headers['x-request-id']);
    // Refusals before any route runs carry it too: an unknown address, a body over the limit.
    const unknown = await app.inject({ method: 'GET', url: '/api/nada-aqui', headers: { 'x-request-id': 'lb-404' } });
    expect([unknown.statusCode, unknown.headers['x-request-id']]).toEqual([404, 'lb-404']);
    const tooBig = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'x-request-id': 'lb-413', 'content-type': 'application/json', 'x-trilha-client': 'web' }, payload: `{"email":"${'a'.repeat(1_100_000)}"}` });
    expect([tooBig.statusCode, tooBig.headers['x-request-id']]).toEqual([413, 'lb-413']);
    const noClient = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'x-request-id': 'lb-403', 'content-type': 'application/json' }, payload: '{}' });
    expect([noClient.statusCode, noClient.headers['x-request-id']]).toEqual([403, 'lb-403']);
    const badUrl = await app.inject({ method: 'GET', url: `/api/clubs/${'x'.repeat(600)}/members`, headers: { 'x-request-id': 'lb-414' } });
    expect([badUrl.statusCode, badUrl.headers['x-request-id']]).toEqual([414, 'lb-414']);
  });

  it('a 500 tells the request id in its body, the same as the header (the error page shows it)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test-failure', headers: { 'x-request-id': 'suporte-123' } });
    expect(res.statusCode).toBe(500);
    expect(res.headers['x-request-id']).toBe('suporte-123');
    expect(res.json()).toEqual({ error: { code: 'internal', message: expect.any(String), request_id: 'suporte-123' } });
  });
});
