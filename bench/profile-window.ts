// BENCH_DATABASE_URL=… BENCH_BASELINE_JS=<older>/dist/server/main.js [BENCH_AFTER_JS=…] BENCH_READ=<label> npx tsx bench/profile-window.ts
// A CPU profile of each build taken only while one read is loaded (BENCH_SECONDS, default 8), through
// the inspector, not over the process's life: self time per function, in µs per answer, side by side.
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { NODE_FLAGS, SERVER_ENV_DEFAULTS } from '../scripts/node-flags.mjs';
import { openPostgres } from '../src/server/db/postgres.js';
import { screenReads } from './endpoints.js';
import { startLoader, startServerProcess, waitIdle, type ServerProcess } from './server-process.js';

const DB_URL = process.env.BENCH_DATABASE_URL ?? '';
const BASELINE_JS = process.env.BENCH_BASELINE_JS ?? '';
const AFTER_JS = process.env.BENCH_AFTER_JS;
const READ = process.env.BENCH_READ ?? 'auth/me';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const OUT = process.env.BENCH_PROFILE_DIR ?? '/tmp';

/** The one part of `ws` this uses (Node 20 has no WebSocket of its own, and `ws` ships no types). */
interface Socket { once(event: 'open', f: () => void): void; on(event: 'message', f: (m: unknown) => void): void; send(text: string): void; close(): void }
const WebSocket = createRequire(import.meta.url)('ws') as new (url: string) => Socket;

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
interface Profile { nodes: Node[]; samples: number[]; timeDeltas: number[] }

async function inspector(port: number) {
  const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{ webSocketDebuggerUrl: string }>;
  if (!target) throw new Error(`no inspector on ${port}`);
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise<void>((r) => ws.once('open', () => r()));
  let id = 0;
  const pending = new Map<number, (v: unknown) => void>();
  ws.on('message', (m) => {
    const msg = JSON.parse(String(m)) as { id?: number; result?: unknown };
    if (msg.id !== undefined) pending.get(msg.id)?.(msg.result);
  });
  const send = (method: string, params: object = {}) => new Promise<unknown>((r) => { id += 1; pending.set(id, r); ws.send(JSON.stringify({ id, method, params })); });
  return { send, close: () => ws.close() };
}

/**
 * Where a function lives, the same in both builds: Node's own module, or the path inside node_modules
 * (each checkout has its own). The bundle's functions go by name alone: its line numbers differ from one
 * build to the other, so with them no bundled function would meet its twin (same-named ones are summed).
 */
function placeOf(url: string): string {
  if (url.startsWith('node:')) return ` ${url}`;
  const i = url.lastIndexOf('/node_modules/');
  return i >= 0 ? ` ${url.slice(i + '/node_modules/'.length)}` : '';
}

/** Adds the profile's self time per function (µs) to `into`. */
function addSelfTimes(p: Profile, into: Map<string, number>): void {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  p.samples.forEach((s, i) => {
    const f = byId.get(s)?.callFrame;
    if (!f) return;
    const key = `${f.functionName || '(anon)'}${placeOf(f.url)}`;
    into.set(key, (into.get(key) ?? 0) + (p.timeDeltas[i] ?? 0));
  });
}

const ROUNDS = 2;

/**
 * The database's committed transactions so far (each statement outside a transaction counts one). Its
 * counters reach pg_stat_database up to a second after the statements: read after a pause.
 */
async function committed(db: ReturnType<typeof openPostgres>): Promise<number> {
  await new Promise((r) => setTimeout(r, 1500));
  const [row] = await db.query<{ n: string }>('SELECT xact_commit::text AS n FROM pg_stat_database WHERE datname = current_database()');
  return Number(row?.n ?? 0);
}

const { load, stop: stopLoader } = startLoader(50);
const env = { ...SERVER_ENV_DEFAULTS, DATABASE_URL: DB_URL };
const before = await startServerProcess(env, { port: 3396, timeoutMs: 300_000, baseline: { serverJs: BASELINE_JS, nodeFlags: [...NODE_FLAGS, '--inspect=127.0.0.1:9296'] } });
const after = await startServerProcess(env, { port: 3395, timeoutMs: 300_000, baseline: { serverJs: AFTER_JS ?? 'dist/server/main.js', nodeFlags: [...NODE_FLAGS, '--inspect=127.0.0.1:9295'] } });
const servers: Array<[string, ServerProcess, number]> = [['before', before, 9296], ['after', after, 9295]];
const db = openPostgres(DB_URL, { max: 2 });
try {
  await Promise.all(servers.map(([, s]) => waitIdle(s.pid)));
  const { endpoints } = await screenReads(db, after.base, 1000);
  const cookie = endpoints.find(([l]) => l === 'dashboard')?.[2] ?? '';
  const hit = READ === 'auth/me' ? ['auth/me', `${after.base}/api/auth/me`, cookie] : endpoints.find(([l]) => l === READ);
  if (!hit) throw new Error(`no read ${READ}`);
  const path = hit[1].slice(after.base.length);
  const results = new Map(servers.map(([name]) => [name, { self: new Map<string, number>(), answers: 0, rps: 0, xacts: 0 }]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, server, port] of round % 2 ? [...servers].reverse() : servers) {
      await load(server.base + path, hit[2], 3);
      const xactsBefore = await committed(db);
      const insp = await inspector(port);
      await insp.send('Profiler.enable');
      await insp.send('Profiler.setSamplingInterval', { interval: 50 });
      await insp.send('Profiler.start');
      const r = await load(server.base + path, hit[2], SECONDS);
      const { profile } = (await insp.send('Profiler.stop')) as { profile: Profile };
      insp.close();
      const xacts = (await committed(db)) - xactsBefore;
      await writeFile(`${OUT}/${name}-${round}.cpuprofile`, JSON.stringify(profile));
      const sum = results.get(name);
      if (!sum) throw new Error(`no build ${name}`);
      addSelfTimes(profile, sum.self);
      sum.answers += r.total;
      sum.rps += r.rps / ROUNDS;
      sum.xacts += xacts;
      console.log(`${name} round ${round}: ${r.rps.toFixed(0)} req/s, ${(xacts / r.total).toFixed(2)} database transactions per answer`);
    }
  }
  const a = results.get('before'), b = results.get('after');
  if (!a || !b) throw new Error('a build was not profiled');
  const keys = new Set([...a.self.keys(), ...b.self.keys()]);
  const rows = [...keys].map((k) => ({ k, a: (a.self.get(k) ?? 0) / a.answers, b: (b.self.get(k) ?? 0) / b.answers })).sort((x, y) => Math.abs(y.b - y.a) - Math.abs(x.b - x.a));
  const total = (m: Map<string, number>, n: number) => [...m.values()].reduce((s, v) => s + v, 0) / n;
  console.log(`${READ}: before ${a.rps.toFixed(0)} req/s, after ${b.rps.toFixed(0)} req/s; sampled µs/answer (incl. idle) ${total(a.self, a.answers).toFixed(1)} → ${total(b.self, b.answers).toFixed(1)}; database transactions per answer ${(a.xacts / a.answers).toFixed(2)} → ${(b.xacts / b.answers).toFixed(2)}`);
  console.log('| function | before µs/answer | after µs/answer | Δ |');
  for (const r of rows.slice(0, 40)) console.log(`| ${r.k} | ${r.a.toFixed(2)} | ${r.b.toFixed(2)} | ${(r.b - r.a).toFixed(2)} |`);
} finally {
  stopLoader();
  await db.close();
  // A process with the inspector open may not end on SIGTERM: killed after 5 s.
  await Promise.all(servers.map(([, s]) => Promise.race([s.stop(), new Promise((r) => setTimeout(r, 5000)).then(() => s.child.kill('SIGKILL'))])));
}
