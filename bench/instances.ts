// BENCH_DATABASE_URL=postgres://…/db_to_wipe npx tsx bench/instances.ts : one vs two compiled app
// instances on one PostgreSQL behind a round-robin HTTP proxy (in this process), same load: req/s and
// p99 of a few club reads, 50 connections, BENCH_SECONDS each (default 3). The platform is generated
// by bench/platform-fixture.ts (BENCH_CLUBS, default 1,000; kept when the database already holds it).
// BENCH_ROUNDS alternations of 1 and 2 instances (default 2); each cell is the round with most req/s,
// since on a shared machine a neighbour's burst only ever lowers a figure.
import autocannon from 'autocannon';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildCompiledServer, signIn, startServerProcess } from './server-process.js';
import { DIRECTOR_EMAIL, MEMBER_EMAIL, PASSWORD, postgresFixture } from './platform-fixture.js';
import { roundRobin } from './round-robin.js';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL (a database whose schema may be wiped) is required');
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

await buildCompiledServer();
const fixture = await postgresFixture(url, Number(process.env.BENCH_CLUBS ?? 1000));
const start = async (port: number) => startServerProcess({ DATABASE_URL: url, DATA_DIR: await mkdtemp(path.join(tmpdir(), 'trilha-instance-')) }, { port });
const instances = [await start(3401), await start(3402)];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const best: Record<string, Record<number, { rps: number; p99: number }>> = {};
try {
  for (const count of Array.from({ length: ROUNDS }, () => [1, 2]).flat()) {
    const proxy = await roundRobin(instances.slice(0, count), CONNECTIONS);
    const admin = await signIn(proxy.base, DIRECTOR_EMAIL, PASSWORD);
    const kid = await signIn(proxy.base, MEMBER_EMAIL, PASSWORD);
    const c = `${proxy.base}/api/clubs/${fixture.clubId}`;
    const reads: Array<[string, string, string]> = [
      ['auth/me', `${proxy.base}/api/auth/me`, admin],
      ['dashboard', `${c}/dashboard`, admin],
      ['members', `${c}/members`, admin],
      ['my-tasks', `${c}/my-tasks`, kid],
      ['ranking/individual', `${c}/ranking/individual`, admin],
      ['ranking/units', `${c}/ranking/units`, admin],
    ];
    for (const [label, target, cookie] of reads) {
      const r = await autocannon({ url: target, connections: CONNECTIONS, duration: DURATION_S, headers: { cookie } });
      if (r.non2xx > 0 || r.errors > 0) throw new Error(`${label}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
      const cell = ((best[label] ??= {})[count] ??= { rps: 0, p99: 0 });
      if (r.requests.average > cell.rps) Object.assign(cell, { rps: r.requests.average, p99: r.latency.p99 });
    }
    await proxy.close();
  }
} finally {
  for (const s of instances) await s.stop();
}
console.log(`\nPostgreSQL, ${CONNECTIONS} connections through a round-robin proxy, ${DURATION_S} s per read, best of ${ROUNDS} rounds`);
console.log('| read | 1 instance req/s | p99 ms | 2 instances req/s | p99 ms | 2 ÷ 1 |\n|---|---|---|---|---|---|');
for (const [label, c] of Object.entries(best)) {
  console.log(`| ${label} | ${c[1].rps.toFixed(0)} | ${c[1].p99} | ${c[2].rps.toFixed(0)} | ${c[2].p99} | ${(c[2].rps / c[1].rps).toFixed(2)} |`);
}
process.exit(0);
