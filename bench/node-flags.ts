// npx tsx bench/node-flags.ts : the compiled server (dist/server/main.js, as `npm start` runs it) with
// the node flags of scripts/node-flags.mjs against the same build with other flags, one after the other,
// BENCH_ROUNDS times (default 3; the order flips every round), on one embedded data dir: GET /api/auth/me
// and GET /api/health under 50 connections (load from a child process, bench/load-worker.mjs), the
// server's CPU per answer and its peak RSS. ADR 084 records the choice.
// BENCH_FLAG_SETS='name=--flag --flag;name2=…' replaces the sets compared (default: npm start's flags,
// ADR 022's, with --optimize-for-size and a 2 MB young generation, and no memory flag at all; ADR 089).
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_OUT } from '../scripts/build-server.mjs';
import { NODE_FLAGS } from '../scripts/node-flags.mjs';
import { buildCompiledServer, cpuTicks, memoryOf, signIn, startLoader, startServerProcess, waitIdle } from './server-process.js';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3393);
const EMAIL = 'flags@bench.test';
const PASSWORD = 'segredo123';

const sets: Array<[string, string[]]> = process.env.BENCH_FLAG_SETS
  ? process.env.BENCH_FLAG_SETS.split(';').map((s) => {
    // At the first '=' only: flags carry their own (--max-semi-space-size=2).
    const at = s.indexOf('=');
    return [s.slice(0, at).trim(), s.slice(at + 1).split(' ').filter(Boolean)];
  })
  : [
    ['npm start (ADR 089: 8 MB semi-space)', NODE_FLAGS],
    ['ADR 022 (--optimize-for-size, 2 MB semi-space)', ['--enable-source-maps', '--max-semi-space-size=2', '--optimize-for-size', '--wasm-lazy-compilation']],
    ['no memory flag', ['--enable-source-maps', '--wasm-lazy-compilation']],
  ];

const { load, stop: stopLoader } = startLoader(CONNECTIONS);

async function cpuUs(pid: number): Promise<number> {
  return (await cpuTicks(pid)) * 10_000; // USER_HZ = 100
}

interface Row { set: string; round: number; me: number; meCpu: number; health: number; healthCpu: number; rss: number; load: number }

async function measure(set: string, flags: string[], round: number, dataDir: string): Promise<Row> {
  process.env.BENCH_NODE_FLAGS = flags.join(' ');
  // A fresh data dir's first start (initdb, migrations) on a busy machine takes minutes.
  const server = await startServerProcess({ DATA_DIR: dataDir }, { port: PORT, timeoutMs: 900_000 });
  try {
    await waitIdle(server.pid, 60_000);
    let cookie: string;
    try {
      cookie = await signIn(server.base, EMAIL, PASSWORD);
    } catch {
      const res = await fetch(`${server.base}/api/auth/register`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'x-trilha-client': 'web' },
        body: JSON.stringify({ full_name: 'Bench Flags', email: EMAIL, password: PASSWORD, confirm_password: PASSWORD }),
      });
      if (!res.ok) throw new Error(`register: ${res.status} ${await res.text()}`);
      cookie = await signIn(server.base, EMAIL, PASSWORD);
    }
    let peak = 0;
    const sampler = setInterval(() => void memoryOf(server.pid).then((m) => { peak = Math.max(peak, m.rss); }, () => undefined), 100);
    const one = async (url: string, c: string) => {
      await load(url, c, WARMUP_S);
      const before = await cpuUs(server.pid);
      const r = await load(url, c, DURATION_S);
      return { rps: r.rps, cpu: (await cpuUs(server.pid) - before) / Math.max(1, r.total) };
    };
    const me = await one(`${server.base}/api/auth/me`, cookie);
    const health = await one(`${server.base}/api/health`, '');
    clearInterval(sampler);
    return { set, round, me: me.rps, meCpu: me.cpu, health: health.rps, healthCpu: health.cpu, rss: peak, load: loadavg()[0] ?? 0 };
  } finally {
    await server.stop();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

await buildCompiledServer();
console.log(`server: ${SERVER_OUT}; npm start's flags now: ${NODE_FLAGS.join(' ')}`);
const dataDir = await mkdtemp(path.join(tmpdir(), 'trilha-flags-'));
const rows: Row[] = [];
try {
  for (let round = 1; round <= ROUNDS; round += 1) {
    const order = round % 2 === 1 ? sets : [...sets].reverse();
    for (const [name, flags] of order) {
      const row = await measure(name, flags, round, dataDir);
      rows.push(row);
      console.log(`round ${round}, ${name}: auth/me ${row.me.toFixed(0)} req/s (${row.meCpu.toFixed(0)} µs CPU), health ${row.health.toFixed(0)} req/s (${row.healthCpu.toFixed(0)} µs), peak RSS ${row.rss.toFixed(0)} MB, load ${row.load.toFixed(1)}`);
    }
  }
} finally {
  stopLoader();
  await rm(dataDir, { recursive: true, force: true });
}
console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s each after ${WARMUP_S} s of warm-up; medians of ${ROUNDS} rounds; load average (1 min) at each measurement's end`);
console.log('| flags | auth/me req/s | auth/me CPU µs/answer | health req/s | health CPU µs/answer | peak RSS MB | load average |\n|---|---|---|---|---|---|---|');
for (const [name] of sets) {
  const mine = rows.filter((r) => r.set === name);
  const f = (k: keyof Row) => median(mine.map((r) => Number(r[k])));
  console.log(`| ${name} | ${f('me').toFixed(0)} | ${f('meCpu').toFixed(0)} | ${f('health').toFixed(0)} | ${f('healthCpu').toFixed(0)} | ${f('rss').toFixed(0)} | ${mine.map((r) => r.load.toFixed(1)).join(', ')} |`);
}
