// npm run bench : every club read behind a screen, under 50 connections, on a generated platform
// (bench/platform-data.ts), each as a share of GET /api/auth/me measured in the same run on the same
// engine. PGlite always (BENCH_PGLITE_CLUBS, default 100 clubs); BENCH_DATABASE_URL (a database whose
// schema may be wiped) adds PostgreSQL (BENCH_CLUBS, default 1,000). BENCH_SECONDS per endpoint (default 5).
import autocannon from 'autocannon';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { hash } from '@node-rs/argon2';
import { buildApp } from '../src/server/app.js';
import { openPglite } from '../src/server/db/pglite.js';
import { openPostgres } from '../src/server/db/postgres.js';
import { migrate } from '../src/server/db/migrate.js';
import type { Db } from '../src/server/db/index.js';
import { DEFAULT_SIZE, generatePlatform } from './platform-data.js';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PASSWORD = 'segredo123';

interface Result {
  label: string;
  rps: number;
  p50: number;
  p99: number;
}

async function hit(label: string, url: string, cookie: string): Promise<Result> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers: cookie ? { cookie } : {} });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${label}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { label, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

/** Gives a generated profile a password and signs it in; returns the session cookie. */
async function signInAs(db: Db, base: string, profileId: string, email: string): Promise<string> {
  await db.query('UPDATE profiles SET email = $2, password_hash = $3 WHERE id = $1', [profileId, email, await hash(PASSWORD)]);
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-trilha-client': 'web' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

async function benchEngine(engine: string, db: Db, clubs: number): Promise<void> {
  await migrate(db);
  const t0 = performance.now();
  await generatePlatform(db, { clubs, ...DEFAULT_SIZE });
  console.log(`[${engine}] generated ${clubs} clubs in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'trilha-bench-'));
  // No request limits: a benchmark is a few accounts flooding on purpose.
  const app = await buildApp({ db, dataDir, limits: { apiPerMinute: 0, anonPerMinute: 0, signupsPerHour: 0, clubsPerAccount: 0 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const [club] = await db.query<{ id: string }>(`SELECT id FROM clubs WHERE slug = $1`, [`clube-${Math.ceil(clubs / 2)}`]);
  if (!club) throw new Error('generated club not found');
  const people = await db.query<{ profile_id: string; role: string; id: string }>(
    `SELECT profile_id, role, id FROM club_members WHERE club_id = $1 ORDER BY role, profile_id`, [club.id]);
  const director = people.find((p) => p.role === 'admin');
  const member = people.find((p) => p.role === 'member');
  if (!director || !member) throw new Error('generated club has no director or member');
  const admin = await signInAs(db, base, director.profile_id, 'diretor@bench.test');
  const kid = await signInAs(db, base, member.profile_id, 'membro@bench.test');
  await db.query(`UPDATE profiles SET user_type = 'super_admin' WHERE id = $1`, [director.profile_id]);
  const [period] = await db.query<{ id: string }>(`SELECT id FROM periods WHERE club_id = $1 ORDER BY start_date DESC LIMIT 1`, [club.id]);
  const c = `${base}/api/clubs/${club.id}`;
  const year = new Date().getFullYear();

  const endpoints: Array<[string, string, string]> = [
    ['health', `${base}/api/health`, ''],
    ['dashboard', `${c}/dashboard`, admin],
    ['members (first page of 50)', `${c}/members?limit=50`, admin],
    ['tasks', `${c}/tasks`, admin],
    ['my-tasks (member)', `${c}/my-tasks`, kid],
    ['approvals (pending, first page of 50)', `${c}/submissions?status=submitted&limit=50`, admin],
    ['ranking/individual', `${c}/ranking/individual`, admin],
    ['ranking/individual ?period', `${c}/ranking/individual?period_id=${period?.id ?? ''}`, admin],
    ['ranking/units', `${c}/ranking/units`, admin],
    ['ranking/units ?period', `${c}/ranking/units?period_id=${period?.id ?? ''}`, admin],
    ['badges', `${c}/badges`, admin],
    ['profile (member)', `${c}/profile`, kid],
    ['member profile', `${c}/members/${member.id}/profile`, admin],
    ['finance/summary', `${c}/finance/summary`, admin],
    ['transactions (first page of 20)', `${c}/transactions?limit=20`, admin],
    ['finance report monthly', `${c}/finance/reports/monthly`, admin],
    ['finance report by account', `${c}/finance/reports/by-chart-account?from=${year - 1}-01-01&to=${year}-12-31`, admin],
    ['admin/stats', `${base}/api/admin/stats`, admin],
    ['admin/clubs (first page)', `${base}/api/admin/clubs`, admin],
  ];
  const me = await hit('auth/me (baseline)', `${base}/api/auth/me`, admin);
  const results = [me];
  for (const [label, url, cookie] of endpoints) results.push(await hit(label, url, cookie));
  console.log(`\n[${engine}] ${clubs} clubs × ${DEFAULT_SIZE.members} members, ${CONNECTIONS} connections, ${DURATION_S} s each`);
  console.log(`| endpoint | req/s | p50 ms | p99 ms | share of auth/me |\n|---|---|---|---|---|`);
  for (const r of results) {
    console.log(`| ${r.label} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${((r.rps / me.rps) * 100).toFixed(0)} % |`);
  }
  const t = performance.now();
  for (let i = 0; i < 20; i += 1) await fetch(`${base}/api/admin/stats`, { headers: { cookie: admin }, signal: AbortSignal.timeout(10_000) });
  console.log(`\n[${engine}] admin/stats, one at a time: ${((performance.now() - t) / 20).toFixed(1)} ms average`);
  console.log(`[${engine}] server RSS after the run: ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`);
  await app.close();
  await db.close();
  await rm(dataDir, { recursive: true, force: true });
}

await benchEngine('pglite', await openPglite(), Number(process.env.BENCH_PGLITE_CLUBS ?? 100));
const pgUrl = process.env.BENCH_DATABASE_URL;
if (pgUrl) {
  const db = openPostgres(pgUrl, { max: 20 });
  await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  await benchEngine('postgres', db, Number(process.env.BENCH_CLUBS ?? 1000));
}
process.exit(0);
