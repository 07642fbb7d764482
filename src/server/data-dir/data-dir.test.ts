import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { engineName, pgliteDump } from '../../../test/db.js';
import { openPglite } from '../db/pglite.js';
import { OWNER_FILE, readOwner } from './owner.js';

/**
 * Issue 11 end to end: the real server (src/server/main.ts) and the real commands (scripts/*.ts) as child
 * processes on one temporary DATA_DIR. The embedded engine only, so this file runs once (pglite project).
 */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
let dataDir: string;
let server: { child: ChildProcess; url: string; exited: Promise<number | null> } | null = null;

function nodeTsx(file: string, args: string[] = []) {
  return spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, file), ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Runs a script to its end: exit code and what it printed. */
async function runScript(file: string, args: string[] = []): Promise<{ code: number | null; out: string }> {
  const child = nodeTsx(file, args);
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  return { code: await exitOf(child), out };
}

async function startServer() {
  const child = nodeTsx('src/server/main.ts');
  const exited = exitOf(child);
  let log = '';
  child.stderr?.on('data', (d) => (log += d));
  for (let i = 0; i < 300; i += 1) {
    const owner = await readOwner(dataDir);
    if (owner && owner.pid === child.pid && owner.url) {
      server = { child, url: owner.url, exited };
      return server;
    }
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start: ${log}`);
}

async function stopServer(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (!server) return null;
  const { child, exited } = server;
  server = null;
  child.kill(signal);
  return exited;
}

async function api(method: string, url: string, body?: unknown, cookie?: string) {
  const res = await fetch(`${server?.url}${url}`, {
    method,
    headers: { 'x-trilha-client': 'web', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null, cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] };
}

async function login(email: string, password: string) {
  return api('POST', '/api/auth/login', { email, password });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'trilha-datadir-'));
  if (engineName() !== 'pglite') return;
  // Start from the suite's migrated database (saves the first start ~5 s of migrations).
  const db = await openPglite({ dataDir: path.join(dataDir, 'pgdata'), loadDataDir: await pgliteDump() });
  await db.close();
});
afterAll(async () => {
  await stopServer('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

describe.skipIf(engineName() !== 'pglite')('one owner per DATA_DIR, commands through the server, backups (child processes)', () => {
  it('a second server refuses; seed:demo and superadmin work on the running server and survive a restart', async () => {
    const first = await startServer();
    const early = await api('POST', '/api/auth/register', { full_name: 'Antiga', email: 'antiga@teste.com', password: 'segredo123', confirm_password: 'segredo123' });
    expect(early.status).toBe(201);

    const second = await runScript('src/server/main.ts');
    expect(second.code).not.toBe(0);
    expect(second.out).toContain(`O Trilha está rodando com este DATA_DIR (pid ${first.child.pid})`);

    const seed = await runScript('scripts/seed-demo.ts');
    expect(seed).toMatchObject({ code: 0 });
    expect(seed.out).toContain('Clube de demonstração criado');
    expect((await login('demo@trilha.app', 'demo1234')).status).toBe(200);

    const promote = await runScript('scripts/superadmin.ts', ['antiga@teste.com']);
    expect(promote.code).toBe(0);
    expect((await login('antiga@teste.com', 'segredo123')).json.profile.user_type).toBe('super_admin');

    // Lock held but the channel refuses (a stale token): the command refuses and touches nothing.
    const ownerFile = path.join(dataDir, OWNER_FILE);
    const owner = await readFile(ownerFile, 'utf8');
    await writeFile(ownerFile, owner.replace(/"token":"[^"]+"/, '"token":"errado"'), { mode: 0o600 });
    const refused = await runScript('scripts/superadmin.ts', ['demo@trilha.app']);
    await writeFile(ownerFile, owner, { mode: 0o600 });
    expect(refused.code).not.toBe(0);
    expect(refused.out).toContain(`O Trilha está rodando com este DATA_DIR (pid ${first.child.pid})`);
    expect((await login('demo@trilha.app', 'demo1234')).json.profile.user_type).toBe('member');

    expect(await stopServer()).toBe(0);
    expect(await readOwner(dataDir)).toBeNull();
    await startServer();
    expect((await login('demo@trilha.app', 'demo1234')).status).toBe(200);
    expect((await login('antiga@teste.com', 'segredo123')).json.profile.user_type).toBe('super_admin');
  }, 180_000);

  it('backup through the running server → write more → restore (refused while running) equals the snapshot; a truncated archive is refused', async () => {
    const backup = await runScript('scripts/backup.ts');
    expect(backup.code).toBe(0);
    const file = /Backup criado: (\S+\.tar\.gz)/.exec(backup.out)?.[1] ?? '';
    expect(file).toContain(path.join(dataDir, 'backups'));
    const admin = await login('antiga@teste.com', 'segredo123');
    const stats = await api('GET', '/api/admin/stats', undefined, admin.cookie);
    expect(stats.json.ultimoBackup.bytes).toBeGreaterThan(0);

    expect((await api('POST', '/api/auth/register', { full_name: 'Depois', email: 'depois@teste.com', password: 'segredo123', confirm_password: 'segredo123' })).status).toBe(201);
    const whileRunning = await runScript('scripts/restore.ts', [file]);
    expect(whileRunning.code).not.toBe(0);
    expect(whileRunning.out).toContain('Pare o servidor antes de restaurar');

    expect(await stopServer()).toBe(0);
    const truncated = path.join(dataDir, 'truncado.tar.gz');
    await writeFile(truncated, (await readFile(file)).subarray(0, 100_000));
    const bad = await runScript('scripts/restore.ts', [truncated]);
    expect(bad.code).not.toBe(0);
    expect(bad.out).toContain('não é um backup válido');
    expect((await readdir(dataDir)).filter((n) => n.includes('before-restore'))).toEqual([]);

    const good = await runScript('scripts/restore.ts', [file]);
    expect(good.code).toBe(0);
    await startServer();
    expect((await login('depois@teste.com', 'segredo123')).status).toBe(401);
    expect((await login('antiga@teste.com', 'segredo123')).status).toBe(200);
    expect((await login('demo@trilha.app', 'demo1234')).status).toBe(200);
  }, 180_000);

  it('kill -9 under 20 parallel POST /transactions: the server starts again with every acknowledged write', async () => {
    const admin = await login('demo@trilha.app', 'demo1234');
    const clubs = await api('GET', '/api/clubs', undefined, admin.cookie);
    const clubId = (clubs.json as Array<{ id: string; slug: string }>).find((c) => c.slug === 'clube-demo-aguias')?.id;
    const account = await api('POST', `/api/clubs/${clubId}/cash-accounts`, { name: 'Caixa do teste de queda', initial_balance: '0' }, admin.cookie);
    expect(account.status).toBe(201);
    let acknowledged = 0;
    let sent = 0;
    for (let round = 0; round < 3; round += 1) {
      const session = round === 0 ? admin : await login('demo@trilha.app', 'demo1234');
      const victim = server;
      let stop = false;
      const writers = Array.from({ length: 20 }, async () => {
        while (!stop) {
          sent += 1;
          const ok = await api('POST', `/api/clubs/${clubId}/transactions`, { cash_account_id: account.json.id, description: 'Queda', amount: '1.00' }, session.cookie)
            .then((r) => r.status === 201)
            .catch(() => false);
          if (ok) acknowledged += 1;
          else stop = true;
        }
      });
      await new Promise((r) => setTimeout(r, 700));
      victim?.child.kill('SIGKILL');
      server = null;
      stop = true;
      await Promise.all(writers);
      await victim?.exited;
      await startServer();
    }
    expect(acknowledged).toBeGreaterThan(0);
    const after = await login('demo@trilha.app', 'demo1234');
    const accounts = (await api('GET', `/api/clubs/${clubId}/cash-accounts`, undefined, after.cookie)).json as Array<{ id: string; current_balance: string; transactions_count: number; reconciled: boolean }>;
    const sut = accounts.find((a) => a.id === account.json.id);
    // Every acknowledged write is there; at most the 20 in flight at each kill may have landed unacknowledged.
    expect(sut?.reconciled).toBe(true);
    expect(Number(sut?.current_balance)).toBe(sut?.transactions_count);
    expect(sut?.transactions_count).toBeGreaterThanOrEqual(acknowledged);
    expect(sut?.transactions_count).toBeLessThanOrEqual(acknowledged + 60);
    console.log(`kill -9 ×3: ${acknowledged} acknowledged of ${sent} sent, ${sut?.transactions_count} in the ledger`);
  }, 120_000);
});
