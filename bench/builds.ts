// BENCH_DATABASE_URL=postgres://…/db BENCH_BASELINE_JS=<older checkout>/dist/server/main.js npx tsx bench/builds.ts
// This build against an older one, read by read: both compiled servers run at once on one PostgreSQL
// platform (the one `npm run bench` generated and kept with BENCH_REUSE=1; BENCH_CLUBS, default 1,000),
// and each read of `npm run bench` that both answer is loaded on one, then on the other, BENCH_ROUNDS
// times (default 4; who goes first flips every round), BENCH_SECONDS each (default 3) after
// BENCH_WARMUP_SECONDS (default 1) of uncounted load. Reads a build does not have are left out.
// Side by side instead of a whole run per build: the machine's drift between two runs (one round varies
// ±15 % from the next) falls on both builds of a read alike, and the ratio of each round is paired.
// Both run with this build's node flags and environment (BENCH_BASELINE_FLAGS gives the older its own).
// BENCH_AFTER_JS=<file> measures that file instead of building this checkout's server (e.g. a copy of each
// build without its background jobs, to compare the request path alone: docs/performance.md says how).
// BENCH_ONLY=word,word keeps the reads whose label contains a word (auth/me always).
import { loadavg } from 'node:os';
import { NODE_FLAGS, SERVER_ENV_DEFAULTS } from '../scripts/node-flags.mjs';
import { openPostgres } from '../src/server/db/postgres.js';
import { screenReads } from './endpoints.js';
import { buildCompiledServer, cpuTicks, startLoader, startServerProcess, waitIdle, type ServerProcess } from './server-process.js';

const DB_URL = process.env.BENCH_DATABASE_URL;
const BASELINE_JS = process.env.BENCH_BASELINE_JS;
if (!DB_URL || !BASELINE_JS) throw new Error('BENCH_DATABASE_URL (a generated platform) and BENCH_BASELINE_JS (an older build) are needed');
const CLUBS = Number(process.env.BENCH_CLUBS ?? 1000);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 3);
const WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').map((w) => w.trim()).filter(Boolean);
const BASELINE_FLAGS = process.env.BENCH_BASELINE_FLAGS?.split(' ').filter(Boolean) ?? NODE_FLAGS;

const { load, stop: stopLoader, pid: loaderPid } = startLoader(CONNECTIONS);

/**
 * Requests per second and the server's CPU per answer (µs) of one read on one server, and how busy the
 * server and the load generator were in the window (share of one core): a server below 100 % while the
 * generator is near it was waiting for requests, and its req/s says more about the generator than about it.
 */
async function measure(server: ServerProcess, path: string, cookie: string): Promise<{ rps: number; cpu: number; busy: number; loaderBusy: number }> {
  await load(server.base + path, cookie, WARMUP_S);
  const before = await cpuTicks(server.pid);
  const loaderBefore = loaderPid === undefined ? 0 : await cpuTicks(loaderPid);
  const started = performance.now();
  const r = await load(server.base + path, cookie, DURATION_S);
  const ms = performance.now() - started;
  const ticks = await cpuTicks(server.pid) - before;
  const loaderTicks = loaderPid === undefined ? NaN : await cpuTicks(loaderPid) - loaderBefore;
  return { rps: r.rps, cpu: (ticks * 10_000) / Math.max(1, r.total), busy: (ticks * 10) / ms, loaderBusy: (loaderTicks * 10) / ms };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] ?? 0 : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

const AFTER_JS = process.env.BENCH_AFTER_JS;
if (!AFTER_JS) await buildCompiledServer();
const env = { ...SERVER_ENV_DEFAULTS, DATABASE_URL: DB_URL };
const after = await startServerProcess(env, { port: 3395, timeoutMs: 300_000, ...(AFTER_JS ? { baseline: { serverJs: AFTER_JS, nodeFlags: NODE_FLAGS } } : {}) });
const before = await startServerProcess(env, { port: 3396, timeoutMs: 300_000, baseline: { serverJs: BASELINE_JS, nodeFlags: BASELINE_FLAGS } });
const builds: Array<[string, ServerProcess]> = [['before', before], ['after', after]];
const db = openPostgres(DB_URL, { max: 2 });
try {
  // The first jobs of each server (a platform's digests) end before anything is measured.
  await Promise.all([waitIdle(before.pid), waitIdle(after.pid)]);
  const { endpoints } = await screenReads(db, after.base, CLUBS);
  const reads: Array<[string, string, string]> = [['auth/me', '/api/auth/me', endpoints.find(([l]) => l === 'dashboard')?.[2] ?? '']];
  for (const [label, url, cookie] of endpoints) {
    if (ONLY.length && !ONLY.some((w) => label.includes(w))) continue;
    const path = url.slice(after.base.length);
    const answers = await Promise.all(builds.map(([, s]) => fetch(s.base + path, { headers: { cookie } }).then((r) => r.status)));
    if (answers.every((s) => s === 200)) reads.push([label, path, cookie]);
    else console.log(`left out: ${label} (answers ${answers.join(' / ')})`);
  }
  // Each process's first seconds under load pay V8's optimisation of the request path and of each
  // route: every read is loaded once on each server before anything is counted.
  for (const [, server] of builds) for (const [, path, cookie] of reads) await load(server.base + path, cookie, WARMUP_S);
  console.log(`${reads.length} reads × ${ROUNDS} rounds × 2 builds, ${DURATION_S} s each after ${WARMUP_S} s of warm-up, ${CONNECTIONS} connections; load ${loadavg()[0]?.toFixed(1)}`);
  type Row = { label: string; a: number[]; b: number[]; cpuA: number[]; cpuB: number[]; ratio: number[]; busyA: number[]; busyB: number[]; loaderA: number[]; loaderB: number[] };
  const rows: Row[] = [];
  for (const [label, path, cookie] of reads) {
    const row: Row = { label, a: [], b: [], cpuA: [], cpuB: [], ratio: [], busyA: [], busyB: [], loaderA: [], loaderB: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? builds : [...builds].reverse();
      const got: Record<string, Awaited<ReturnType<typeof measure>>> = {};
      for (const [name, server] of order) got[name] = await measure(server, path, cookie);
      row.a.push(got.before.rps);
      row.b.push(got.after.rps);
      row.cpuA.push(got.before.cpu);
      row.cpuB.push(got.after.cpu);
      row.ratio.push(got.after.rps / got.before.rps);
      row.busyA.push(got.before.busy);
      row.busyB.push(got.after.busy);
      row.loaderA.push(got.before.loaderBusy);
      row.loaderB.push(got.after.loaderBusy);
    }
    rows.push(row);
    console.log(`${label}: after ÷ before per round ${row.ratio.map((r) => `${(r * 100).toFixed(0)} %`).join(', ')}; load ${loadavg()[0]?.toFixed(1)}`);
  }
  const pct = (x: number) => `${(x * 100).toFixed(0)} %`;
  console.log('\n| read | before req/s | after req/s | after ÷ before (median of the rounds) | CPU µs per answer, before → after | server busy, before → after | load generator busy, before → after |\n|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(`| ${r.label} | ${median(r.a).toFixed(0)} | ${median(r.b).toFixed(0)} | ${pct(median(r.ratio))} | ${median(r.cpuA).toFixed(0)} → ${median(r.cpuB).toFixed(0)} | ${pct(median(r.busyA))} → ${pct(median(r.busyB))} | ${pct(median(r.loaderA))} → ${pct(median(r.loaderB))} |`);
  }
} finally {
  stopLoader();
  await db.close();
  await Promise.all(builds.map(([, s]) => s.stop()));
}
