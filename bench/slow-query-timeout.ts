// BENCH_DATABASE_URL=postgres://… npx tsx bench/slow-query-timeout.ts : 50 connections hammer a deliberately
// slow endpoint (pg_sleep) registered by this bench only, while GET /api/health and GET /api/auth/me are
// measured beside it: once as before issue 11 (no statement_timeout, no per-route cap) and once as now
// (statement_timeout, and each route capped two connections below the pool size).
// PostgreSQL only (it creates and drops a throw-away database): PGlite has one connection by design.
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { buildApp } from '../src/server/app.js';
import { openPostgres } from '../src/server/db/postgres.js';
import { migrate } from '../src/server/db/migrate.js';

const TIMEOUT_MS = Number(process.env.BENCH_STATEMENT_TIMEOUT_MS ?? 1000);
const SLOW_S = 30;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);

interface Probe {
  ok: number;
  total: number;
  p50: number;
  p99: number;
}

async function probe(url: string, headers: Record<string, string> = {}): Promise<Probe> {
  const r = await autocannon({ url, connections: 2, duration: DURATION_S, headers, timeout: DURATION_S + 5 });
  return { ok: r['2xx'], total: r['2xx'] + r.non2xx + r.timeouts + r.errors, p50: r.latency.p50, p99: r.latency.p99 };
}

async function scenario(dbUrl: string, statementTimeoutMs: number | undefined): Promise<void> {
  const db = openPostgres(dbUrl, { max: 10, statementTimeoutMs });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'trilha-bench-'));
  // "Before": a Db that claims one connection gets no per-route cap, as the app had none then.
  const app = await buildApp({ db: statementTimeoutMs ? db : { ...db, connections: 1 }, dataDir });
  app.get('/api/bench/slow', async () => db.query(`SELECT pg_sleep(${SLOW_S})`));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const reg = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-trilha-client': 'web' },
    body: JSON.stringify({ full_name: 'Bench', email: `bench.${Date.now()}@teste.com`, password: 'segredo123', confirm_password: 'segredo123' }),
  });
  const cookie = (reg.headers.get('set-cookie') ?? '').split(';')[0];

  const quietHealth = await probe(`${base}/api/health`);
  const slow = autocannon({ url: `${base}/api/bench/slow`, connections: 50, duration: DURATION_S + 4, timeout: SLOW_S + 5 });
  await new Promise((r) => setTimeout(r, 1000));
  const [health, me] = await Promise.all([probe(`${base}/api/health`), probe(`${base}/api/auth/me`, { cookie })]);
  const slowResult = await slow;
  const label = statementTimeoutMs ? `now: statement_timeout ${statementTimeoutMs} ms + route cap` : 'before: no timeout, no cap';
  const line = (name: string, p: Probe) =>
    `[${label}] ${name.padEnd(16)} ${String(p.ok).padStart(5)} answered 2xx of ${String(p.total).padStart(5)} sent, p50 ${p.p50} ms, p99 ${p.p99} ms, ${(p.ok / Math.max(quietHealth.ok, 1)).toFixed(3)}× quiet health`;
  console.log(`[${label}] quiet /api/health ${quietHealth.ok} answered in ${DURATION_S} s (baseline)`);
  console.log(line('/api/health', health));
  console.log(line('/api/auth/me', me));
  console.log(`[${label}] slow endpoint: ${slowResult['2xx']} 2xx, ${slowResult.non2xx} non-2xx (503), ${slowResult.timeouts} client timeouts`);
  // Without a timeout the sleeping statements outlive the clients; closing ends them.
  await app.close();
  await db.close();
  await rm(dataDir, { recursive: true, force: true });
}

const url = process.env.BENCH_DATABASE_URL;
if (!url) {
  console.log('Set BENCH_DATABASE_URL=postgres://… (a server where a throw-away database can be created).');
  process.exit(0);
}
const name = `trilha_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const u = new URL(url);
u.pathname = `/${name}`;
try {
  const setup = openPostgres(u.toString());
  await migrate(setup);
  await setup.close();
  await scenario(u.toString(), undefined);
  await scenario(u.toString(), TIMEOUT_MS);
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
