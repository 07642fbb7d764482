// The compiled server (what `npm start` runs) as child processes, for the tests of starting and stopping.
import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { buildServer } from '../scripts/build-server.mjs';
import { NODE_FLAGS, SERVER_ENV_DEFAULTS } from '../scripts/node-flags.mjs';
import { PROJECT_ROOT } from '../src/server/paths.js';
import { freePort } from './free-port.js';

/** Builds the server bundle into its own folder of dist/ (it finds the project by walking up from it). */
export async function buildTestServer(tag: string): Promise<{ file: string; remove(): Promise<void> }> {
  const dir = path.join(PROJECT_ROOT, 'dist', `server-test-${tag}-${process.pid}`);
  const file = path.join(dir, 'main.js');
  await buildServer(file);
  return { file, remove: () => rm(dir, { recursive: true, force: true }) };
}

export interface ServerChild {
  child: ChildProcess;
  base: string;
  /** What it wrote so far. */
  stdout(): string;
  stderr(): string;
  exited: Promise<number | null>;
}

/** Starts the bundle on a free port with `env` over this process's environment (DATABASE_URL cleared unless given). */
export async function spawnServer(file: string, env: Record<string, string>): Promise<ServerChild> {
  const port = await freePort();
  const child = spawn(process.execPath, [...NODE_FLAGS, file], {
    cwd: PROJECT_ROOT,
    env: { ...SERVER_ENV_DEFAULTS, ...process.env, DATABASE_URL: '', NODE_ENV: '', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, base: `http://127.0.0.1:${port}`, stdout: () => out, stderr: () => err, exited };
}

/** Polls /api/ready until it answers 200; throws with the process's output if it exits or time runs out. */
export async function waitReady(server: ServerChild, timeoutMs = 60_000): Promise<void> {
  for (const end = Date.now() + timeoutMs; ; await new Promise((r) => setTimeout(r, 50))) {
    if (server.child.exitCode !== null) throw new Error(`server exited ${server.child.exitCode}: ${server.stderr()} ${server.stdout()}`);
    if (Date.now() > end) throw new Error(`server not ready in ${timeoutMs} ms: ${server.stderr()} ${server.stdout()}`);
    if (await fetch(`${server.base}/api/ready`).then((r) => r.status === 200, () => false)) return;
  }
}

/** SIGKILLs a child still running (test clean-up). */
export async function killServer(server: ServerChild | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGKILL');
  await server.exited;
}
