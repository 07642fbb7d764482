import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { request } from 'node:http';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { engineName } from '../../test/db.js';
import { withDatabase } from '../../test/global-setup.js';
import { buildTestServer, killServer, spawnServer, waitReady, type ServerChild } from '../../test/server-process.js';
import { freePort } from '../../test/free-port.js';
import { busyMessage, lockDataDir } from './data-dir/lock.js';

/**
 * Issue 37: the compiled server (what `npm start` runs) as processes on PostgreSQL: the reasons a start
 * cannot proceed, a database that comes up after the app, three instances on a new database, and a
 * stop that drains. PostgreSQL only, so the file runs once (the postgres project).
 */
const onPostgres = engineName() === 'postgres';
const adminUrl = process.env.TEST_DATABASE_URL ?? '';
let bundle: Awaited<ReturnType<typeof buildTestServer>> | undefined;
const databases: string[] = [];
const servers: ServerChild[] = [];

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A new database, empty or a copy of the suite's migrated template; dropped after the file. */
async function newDatabase(from: 'empty' | 'migrated'): Promise<string> {
  const name = `trilha_up_${randomBytes(4).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}${from === 'migrated' ? ` TEMPLATE ${inject('pgTemplate')}` : ''}`));
  databases.push(name);
  return withDatabase(adminUrl, name);
}

async function start(env: Record<string, string>): Promise<ServerChild> {
  const server = await spawnServer(bundle?.file ?? '', env);
  servers.push(server);
  return server;
}

beforeAll(async () => {
  if (onPostgres) bundle = await buildTestServer('start-up');
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map(killServer));
  await bundle?.remove();
  if (onPostgres) await admin(async (c) => { for (const db of databases) await c.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`); });
});

/** The one line on stderr, after checking nothing printed a stack. */
function refusal(server: ServerChild): string {
  expect(`${server.stderr()}${server.stdout()}`).not.toMatch(/\n\s+at /);
  const lines = server.stderr().trim().split('\n');
  expect(lines).toHaveLength(1);
  return lines[0];
}

describe.skipIf(!onPostgres)('starting and stopping the server process (issue 37)', () => {
  it('each start that cannot proceed prints its one pt-BR line naming what to check, logs the details, exits 1, no stack', async () => {
    const closedPort = await freePort();
    const unreachable = `postgres://postgres@127.0.0.1:${closedPort}/trilha`;
    const broken = await newDatabase('empty');
    // Something in the way of the first migration: a table it creates already exists.
    const db = new pg.Client({ connectionString: broken });
    await db.connect();
    await db.query('CREATE TABLE clubs (id int)');
    await db.end();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'trilha-up-'));
    const held = await lockDataDir(dataDir, { kind: 'server' });
    try {
      const [noPublicUrl, noDatabase, failedMigration, locked] = await Promise.all([
        start({ NODE_ENV: 'production', DATABASE_URL: unreachable }),
        start({ DATABASE_URL: unreachable, DB_CONNECT_TIMEOUT: '1' }),
        start({ DATABASE_URL: broken }),
        start({ DATA_DIR: dataDir }),
      ]);
      expect(await Promise.all([noPublicUrl.exited, noDatabase.exited, failedMigration.exited, locked.exited])).toEqual([1, 1, 1, 1]);

      expect(refusal(noPublicUrl)).toBe(
        'Defina PUBLIC_URL com o endereço público do Trilha (ex.: https://trilha.exemplo.org): com NODE_ENV=production ela é obrigatória, porque os links dos e-mails são feitos com ela.',
      );
      expect(refusal(noDatabase)).toBe(
        `Não foi possível conectar ao PostgreSQL de DATABASE_URL (127.0.0.1:${closedPort}/trilha) em 1 s: conexão recusada. Confira DATABASE_URL e se o banco está no ar (DB_CONNECT_TIMEOUT aumenta a espera).`,
      );
      expect(noDatabase.stdout()).toContain('Aguardando o PostgreSQL de DATABASE_URL');
      expect(refusal(failedMigration)).toBe(
        'A migração migrations/0001_data_model.sql falhou e foi desfeita (as anteriores continuam aplicadas): confira esse arquivo e o banco de DATABASE_URL. Detalhes no log.',
      );
      // The details are in the log (a JSON line, as the server logs), without a stack.
      const logged = JSON.parse(failedMigration.stdout().trim().split('\n').at(-1) ?? '{}') as { level: number; err: { cause: { message: string; code: string } } };
      expect(logged.level).toBe(60);
      expect(logged.err.cause).toMatchObject({ message: 'relation "clubs" already exists', code: '42P07' });
      expect(refusal(locked)).toBe(busyMessage(path.resolve(dataDir), { pid: process.pid, kind: 'server', startedAt: '' }));
    } finally {
      await held.release();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);

  it('started before PostgreSQL accepts connections, the server retries and becomes ready once it does', async () => {
    const target = new URL(await newDatabase('migrated'));
    // A port that refuses connections at first, then forwards them to PostgreSQL.
    const port = await freePort();
    const server = await start({ DATABASE_URL: `postgres://${target.username}@127.0.0.1:${port}${target.pathname}` });
    for (const end = Date.now() + 30_000; !server.stdout().includes('Aguardando o PostgreSQL'); await new Promise((r) => setTimeout(r, 50))) {
      if (Date.now() > end || server.child.exitCode !== null) throw new Error(`no retry: ${server.stderr()}`);
    }
    const sockets = new Set<Socket>();
    const proxy: Server = createServer((client) => {
      const upstream = connect(Number(target.port || 5432), target.hostname);
      sockets.add(client).add(upstream);
      client.pipe(upstream).pipe(client);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    });
    proxy.listen(port, '127.0.0.1');
    try {
      await waitReady(server);
      expect(server.stderr()).toBe('');
    } finally {
      await killServer(server);
      sockets.forEach((s) => s.destroy());
      proxy.close();
    }
  }, 180_000);

  it('three instances started at once on a new database all become ready; SIGTERM lets a request in flight finish and refuses new connections', async () => {
    const url = await newDatabase('empty');
    const three = await Promise.all([0, 1, 2].map(() => start({ DATABASE_URL: url })));
    await Promise.all(three.map((s) => waitReady(s)));
    for (const s of three) expect(s.stderr()).toBe('');
    const [victim] = three;

    const email = `drena.${Date.now()}@teste.com`;
    const registered = await fetch(`${victim.base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-trilha-client': 'web' },
      body: JSON.stringify({ full_name: 'Drenagem', email, password: 'segredo123', confirm_password: 'segredo123' }),
    });
    expect(registered.status).toBe(201);

    // A login whose body is still arriving when SIGTERM comes: the request is in flight.
    const body = JSON.stringify({ email, password: 'segredo123' });
    const answered = new Promise<number>((resolve, reject) => {
      const req = request(`${victim.base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-trilha-client': 'web', 'content-length': String(Buffer.byteLength(body)) },
      }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.write(body.slice(0, 10));
      req.on('socket', (socket) => socket.once('connect', () => {
        // Headers and part of the body are out: stop the server now, send the rest once it refuses newcomers.
        setTimeout(() => victim.child.kill('SIGTERM'), 200);
        void refusedSoon(victim.base).then(() => req.end(body.slice(10)), reject);
      }));
    });
    expect(await answered).toBe(200);
    expect(await victim.exited).toBe(0);
    // The other two never noticed.
    for (const s of three.slice(1)) expect((await fetch(`${s.base}/api/ready`)).status).toBe(200);
  }, 180_000);
});

/** Resolves once a new connection to the server is refused (it stopped listening). */
async function refusedSoon(base: string): Promise<void> {
  for (const end = Date.now() + 20_000; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
    const refused = await fetch(`${base}/api/health`, { headers: { connection: 'close' } })
      .then(() => false, (err: Error) => (err.cause as NodeJS.ErrnoException | undefined)?.code === 'ECONNREFUSED');
    if (refused) return;
  }
  throw new Error('the server kept accepting connections after SIGTERM');
}
