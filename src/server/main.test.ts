import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { readEnv } from './config.js';
import { startServer } from './server.js';
import { engineName, openTestDb, type TestDb } from '../../test/db.js';

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

/** The server as main.ts runs it: the embedded default on a data dir, or this file's PostgreSQL database. */
function env() {
  const base = readEnv({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
  return engineName() === 'postgres' && db.url ? { ...base, databaseUrl: db.url, databaseDirectUrl: db.directUrl } : base;
}

describe(`server lifecycle on ${engineName()}`, () => {
  it('stopping (what SIGTERM does) lets an in-flight sign-up finish, and the data is there after a restart', async () => {
    process.env.LOG_LEVEL = 'warn';
    const first = await startServer(env(), { jobs: false });
    const base = `http://127.0.0.1:${(first.app.server.address() as AddressInfo).port}`;
    const email = `shutdown.${Date.now()}@teste.com`;
    const received = new Promise<void>((resolve) => first.app.server.once('request', () => resolve()));
    const inFlight = fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-trilha-client': 'web' },
      body: JSON.stringify({ full_name: 'Desligamento', email, password: 'segredo123', confirm_password: 'segredo123' }),
    });
    // The request is being processed (Argon2id hashing) when the stop begins.
    await received;
    const stopStarted = Date.now();
    const stopped = first.stop();
    const res = await inFlight;
    expect(res.status).toBe(201);
    await stopped;
    // The keep-alive connection of the finished request does not hold the shutdown (72 s keep-alive timeout).
    expect(Date.now() - stopStarted).toBeLessThan(30_000);
    // New connections are refused once stopped.
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();

    const second = await startServer(env(), { jobs: false });
    const base2 = `http://127.0.0.1:${(second.app.server.address() as AddressInfo).port}`;
    const login = await fetch(`${base2}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-trilha-client': 'web' },
      body: JSON.stringify({ email, password: 'segredo123' }),
    });
    expect(login.status).toBe(200);
    await second.stop();
  }, 180_000);

  it.skipIf(engineName() !== 'pglite')('a start removes what an interrupted backup left; a stop during the day\'s backup leaves nothing half-written', async () => {
    process.env.LOG_LEVEL = 'warn';
    const backups = path.join(dataDir, 'backups');
    await rm(backups, { recursive: true, force: true });
    await mkdir(path.join(backups, 'trilha-2031-01-05T00-00-00-000Z.tar.gz.tmp.staging', 'base'), { recursive: true });
    await writeFile(path.join(backups, 'trilha-2031-01-05T00-00-00-000Z.tar.gz.tmp'), 'meio arquivo');
    // With no finished backup, the day's backup starts with the jobs; the stop comes while it runs
    // (or, on a machine fast enough to finish it first, after it).
    const server = await startServer(env(), { jobsFirstRunAfterMs: 0 });
    for (const end = Date.now() + 20_000; Date.now() < end; await new Promise((r) => setTimeout(r, 5))) {
      const names = await readdir(backups).catch(() => []);
      if (names.some((n) => n.includes('.tmp') || /^trilha-.*\.tar\.gz$/.test(n))) break;
    }
    await server.stop();
    const left = await readdir(backups);
    expect(left.filter((n) => n.includes('.tmp'))).toEqual([]);
    expect(left.every((n) => /^trilha-.*\.tar\.gz$/.test(n))).toBe(true);
  }, 180_000);
});
