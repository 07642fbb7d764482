// The compiled server started as its own process, as `npm start` runs it (scripts/start.mjs: node with
// NODE_FLAGS on dist/server/main.js), so the memory and start-up figures are the production process's.
import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { readFile } from 'node:fs/promises';
import { once } from 'node:events';
import { buildServer, SERVER_OUT } from '../scripts/build-server.mjs';
import { NODE_FLAGS, SERVER_ENV_DEFAULTS } from '../scripts/node-flags.mjs';

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  base: string;
  /** Milliseconds from spawn to the first 200 on /api/health. */
  readyMs: number;
  stop(): Promise<void>;
}

/**
 * How a baseline build (BENCH_BASELINE_JS) runs: BENCH_BASELINE_FLAGS, default `--enable-source-maps` (how
 * builds before scripts/node-flags.mjs ran); set it to this build's NODE_FLAGS to compare builds alone.
 */
export const BASELINE_FLAGS = (process.env.BENCH_BASELINE_FLAGS ?? '--enable-source-maps').split(' ').filter(Boolean);

export async function buildCompiledServer(): Promise<void> {
  await buildServer();
}

/** VmRSS (now) and VmHWM (peak resident size since start) of a process, in MB. */
export async function memoryOf(pid: number): Promise<{ rss: number; hwm: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

/** CPU ticks (user + system, 10 ms each) the process has used so far. */
export async function cpuTicks(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ') ?? [];
  return Number(fields[11]) + Number(fields[12]);
}

/** Waits until the process has used under 3 CPU ticks in half a second (start-up work and the first jobs done). */
export async function waitIdle(pid: number, maxMs = 120_000): Promise<void> {
  const end = performance.now() + maxMs;
  let last = await cpuTicks(pid);
  while (performance.now() < end) {
    await new Promise((r) => setTimeout(r, 500));
    const now = await cpuTicks(pid);
    if (now - last < 3) return;
    last = now;
  }
}

/** Resets VmHWM to the current RSS (Linux clear_refs 5), so the next peak read is the peak from here on. */
export async function resetPeak(pid: number): Promise<boolean> {
  const { writeFile } = await import('node:fs/promises');
  return writeFile(`/proc/${pid}/clear_refs`, '5').then(() => true, () => false);
}

/**
 * BENCH_PIN=1 puts each server on the machine's last core and the load generator on the others
 * (`taskset`, every thread), so the two stop trading places on the cores between one window and the next.
 * On 2 cores it narrowed one run's rounds (71–110 % against 60–178 % unpinned), not every run's (a later
 * pinned series still went 58–173 %). PostgreSQL is not pinned.
 */
const PIN = process.env.BENCH_PIN === '1' && availableParallelism() > 1;
function pin(pid: number | undefined, cores: string): void {
  if (PIN && pid !== undefined) execFileSync('taskset', ['-a', '-p', '-c', cores, String(pid)], { stdio: 'ignore' });
}
const SERVER_CORES = String(availableParallelism() - 1);
const LOADER_CORES = `0-${Math.max(0, availableParallelism() - 2)}`;

/**
 * Spawns the compiled server with `env` added to this process's environment and waits for a 200 on
 * /api/health (polled every 10 ms). No request limits: a benchmark floods on purpose.
 */
export async function startServerProcess(
  env: Record<string, string>,
  opts: { port: number; timeoutMs?: number; quiet?: boolean; baseline?: { serverJs: string; nodeFlags: string[] } },
): Promise<ServerProcess> {
  const started = performance.now();
  // BENCH_NODE_FLAGS replaces the flags, to compare settings before writing them into scripts/node-flags.mjs;
  // a baseline (an older commit's build with its flags) gives a before/after in one run.
  const flags = opts.baseline?.nodeFlags ?? (process.env.BENCH_NODE_FLAGS !== undefined ? process.env.BENCH_NODE_FLAGS.split(' ').filter(Boolean) : NODE_FLAGS);
  const child = spawn(process.execPath, [...flags, opts.baseline?.serverJs ?? SERVER_OUT], {
    env: {
      ...(opts.baseline ? {} : SERVER_ENV_DEFAULTS),
      ...process.env,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      API_RATE_LIMIT: '0',
      ANON_RATE_LIMIT: '0',
      ...env,
    },
    stdio: ['ignore', opts.quiet === false ? 'inherit' : 'ignore', 'inherit'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('server did not start');
  pin(pid, SERVER_CORES);
  const base = `http://127.0.0.1:${opts.port}`;
  const deadline = started + (opts.timeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/api/health`).then((r) => r.status === 200, () => false);
    if (ok) break;
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server did not answer /api/health in time');
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const readyMs = performance.now() - started;
  return {
    child,
    pid,
    base,
    readyMs,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Signs in through the API and returns the session cookie. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-trilha-client': 'web' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** What bench/load-worker.mjs answers after a load. */
export interface LoadAnswer { rps: number; total: number; p50: number; p95: number; p99: number; non2xx: number; errors: number }

/**
 * The load generator in a child process of its own (bench/load-worker.mjs), so its CPU is not the
 * server's: `load` sends `connections` at one URL for `duration` seconds with a browser's Accept-Encoding
 * and rejects on any non-2xx answer; `stop` ends the child.
 */
export function startLoader(connections: number): { pid: number | undefined; load(url: string, cookie: string, duration: number): Promise<LoadAnswer>; stop(): void } {
  const loader = fork(fileURLToPath(new URL('./load-worker.mjs', import.meta.url)), [], { stdio: 'inherit' });
  pin(loader.pid, LOADER_CORES);
  return {
    pid: loader.pid,
    load: (url, cookie, duration) => new Promise((resolve, reject) => {
      loader.once('message', (m) => {
        const r = m as LoadAnswer;
        if (r.non2xx > 0 || r.errors > 0) reject(new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`));
        else resolve(r);
      });
      loader.send({ url, cookies: [cookie], acceptEncoding: 'gzip, deflate, br, zstd', connections, duration });
    }),
    stop: () => loader.kill(),
  };
}
