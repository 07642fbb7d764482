import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { engineName, openTestDb, type TestDb } from '../../test/db.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

let db: TestDb;
let dataDir: string;
beforeAll(async () => {
  db = await openTestDb();
  dataDir = await mkdtemp(path.join(tmpdir(), 'trilha-main-'));
});
afterAll(async () => {
  await db.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

async function startMain(port: number): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  // The PGlite project uses the embedded default; the postgres project points main.ts at its own database.
  if (engineName() === 'postgres' && db.url) env.DATABASE_URL = db.url;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/server/main.ts')], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 150; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

function exitCode(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

describe(`main process on ${engineName()}`, () => {
  it('SIGTERM lets an in-flight sign-up finish, exits cleanly, and the data is there after a restart', async () => {
    const port = await freePort();
    const first = await startMain(port);
    const exited = exitCode(first);
    const email = `shutdown.${Date.now()}@teste.com`;
    const inFlight = fetch(`http://127.0.0.1:${port}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-trilha-client': 'web' },
      body: JSON.stringify({ full_name: 'Desligamento', email, password: 'segredo123', confirm_password: 'segredo123' }),
    });
    // The request is being processed (Argon2id hashing) when the signal arrives.
    await new Promise((r) => setTimeout(r, 20));
    first.kill('SIGTERM');
    const res = await inFlight;
    expect(res.status).toBe(201);
    expect(await exited).toBe(0);

    const second = await startMain(port);
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-trilha-client': 'web' },
      body: JSON.stringify({ email, password: 'segredo123' }),
    });
    expect(login.status).toBe(200);
    const secondExit = exitCode(second);
    second.kill('SIGTERM');
    expect(await secondExit).toBe(0);
  }, 90_000);
});
