// npx tsx bench/flood.ts : one account floods the API while other accounts read their dashboard.
// Prints the others' p95 during the flood as a ratio to their quiet p95, measured in the same run,
// with the per-account limit on (API_RATE_LIMIT default) and off (0), so the limit's effect shows.
// BENCH_DATABASE_URL adds a PostgreSQL run (limit counters in the database).
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
import { DEFAULT_LIMITS } from '../src/server/core/throttle.js';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 6);
const json = { 'content-type': 'application/json', 'x-trilha-client': 'web' };

async function account(base: string, name: string): Promise<{ cookie: string; clubId: string }> {
  const email = `${name}.${Date.now()}.${Math.random().toString(36).slice(2)}@teste.com`;
  const reg = await fetch(`${base}/api/auth/register`, {
    method: 'POST', headers: json, body: JSON.stringify({ full_name: name, email, password: 'segredo123', confirm_password: 'segredo123' }),
  });
  const cookie = (reg.headers.get('set-cookie') ?? '').split(';')[0];
  const club = await (await fetch(`${base}/api/clubs`, {
    method: 'POST', headers: { ...json, cookie }, body: JSON.stringify({ name, slug: `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}` }),
  })).json() as { id: string };
  return { cookie, clubId: club.id };
}

/** The quiet accounts' p95 (ms) reading their dashboards, 2 connections each. */
async function quietP95(base: string, quiet: Array<{ cookie: string; clubId: string }>): Promise<number> {
  const runs = await Promise.all(quiet.map((q) => autocannon({
    url: `${base}/api/clubs/${q.clubId}/dashboard`, connections: 2, duration: DURATION_S, headers: { cookie: q.cookie },
  })));
  return Math.max(...runs.map((r) => r.latency.p97_5 ?? r.latency.p99));
}

async function scenario(label: string, db: Db, apiPerMinute: number): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'trilha-flood-'));
  const app = await buildApp({ db, dataDir, limits: { ...DEFAULT_LIMITS, apiPerMinute, signupsPerHour: 0, clubsPerAccount: 0 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const flooder = await account(base, 'enchente');
  const quiet = await Promise.all([1, 2, 3].map((i) => account(base, `calmo${i}`)));

  const before = await quietP95(base, quiet);
  const flood = autocannon({ url: `${base}/api/clubs/${flooder.clubId}/dashboard`, connections: 40, duration: DURATION_S + 1, headers: { cookie: flooder.cookie } });
  const during = await quietP95(base, quiet);
  const floodResult = await flood;
  const limited = floodResult.statusCodeStats?.['429']?.count ?? 0;
  console.log(
    `[${label}] limit ${apiPerMinute || 'off'}: quiet p97.5 ${before.toFixed(1)} ms → during flood ${during.toFixed(1)} ms ` +
    `(${(during / before).toFixed(2)}× quiet); flood ${floodResult.requests.total} requests, ${limited} answered 429`,
  );
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
}

async function bench(label: string, open: () => Promise<Db>): Promise<void> {
  for (const limit of [DEFAULT_LIMITS.apiPerMinute, 0]) {
    const db = await open();
    await migrate(db);
    await scenario(label, db, limit);
    await db.close();
  }
}

await bench('pglite', () => openPglite());
const pgUrl = process.env.BENCH_DATABASE_URL;
if (pgUrl) {
  await bench('postgres', async () => {
    const db = openPostgres(pgUrl);
    await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    return db;
  });
}
