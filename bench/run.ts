// npm run bench : request throughput of the main read paths, as ratios against GET /api/health
// measured in the same run on the same engine. BENCH_DATABASE_URL adds a PostgreSQL run.
import autocannon from 'autocannon';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/server/app.js';
import { openPglite } from '../src/server/db/pglite.js';
import { openPostgres } from '../src/server/db/postgres.js';
import { migrate } from '../src/server/db/migrate.js';
import type { Db } from '../src/server/db/index.js';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);

async function hit(url: string, headers: Record<string, string> = {}): Promise<number> {
  const result = await autocannon({ url, connections: 10, duration: DURATION_S, headers });
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers`);
  return result.requests.average;
}

async function benchEngine(label: string, db: Db): Promise<void> {
  await migrate(db);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'trilha-bench-'));
  // API_RATE_LIMIT=0: a benchmark is one account flooding on purpose.
  const app = await buildApp({ db, dataDir, limits: { apiPerMinute: 0, anonPerMinute: 0, signupsPerHour: 0 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const email = `bench.${Date.now()}@teste.com`;
  const reg = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-trilha-client': 'web' },
    body: JSON.stringify({ full_name: 'Bench', email, password: 'segredo123', confirm_password: 'segredo123' }),
  });
  const cookie = (reg.headers.get('set-cookie') ?? '').split(';')[0];
  const club = await (await fetch(`${base}/api/clubs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-trilha-client': 'web', cookie },
    body: JSON.stringify({ name: 'Bench', slug: `bench-${Date.now()}` }),
  })).json() as { id: string };

  const health = await hit(`${base}/api/health`);
  const me = await hit(`${base}/api/auth/me`, { cookie });
  const dashboard = await hit(`${base}/api/clubs/${club.id}/dashboard`, { cookie });
  const r = (n: number) => `${n.toFixed(0)} req/s (${(n / health).toFixed(2)}× health)`;
  console.log(`[${label}] GET /api/health           ${health.toFixed(0)} req/s (baseline)`);
  console.log(`[${label}] GET /api/auth/me          ${r(me)}`);
  console.log(`[${label}] GET /api/clubs/:id/dashboard ${r(dashboard)}`);
  await app.close();
  await db.close();
  await rm(dataDir, { recursive: true, force: true });
}

await benchEngine('pglite', await openPglite());
const pgUrl = process.env.BENCH_DATABASE_URL;
if (pgUrl) {
  const db = openPostgres(pgUrl);
  await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  await benchEngine('postgres', db);
}
