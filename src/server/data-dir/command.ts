import type { EnvConfig } from '../config.js';
import { openDb, type Db } from '../db/index.js';
import { migrate } from '../db/migrate.js';
import { LOCAL_ADMIN_HEADER, LOCAL_ADMIN_PREFIX } from '../local-admin/channel.js';
import { CLIENT_HEADER } from '../auth/plugin.js';
import { DataDirBusyError, lockDataDir } from './lock.js';
import { readOwner, type DataDirOwner } from './owner.js';

/** A command could not run: its message says why and what to do; nothing was touched. */
export class CommandRefusedError extends Error {}

/** Sends one request to the running server's local admin channel. */
export type LocalAdminCall = (route: string, body?: unknown) => Promise<unknown>;

function channel(owner: DataDirOwner & { url: string; token: string }): LocalAdminCall {
  return async (route, body) => {
    const res = await fetch(`${owner.url}${LOCAL_ADMIN_PREFIX}/${route}`, {
      method: 'POST',
      headers: { [LOCAL_ADMIN_HEADER]: owner.token, [CLIENT_HEADER]: 'cli', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10 * 60_000),
    });
    const payload = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    if (!res.ok) throw new Error(payload?.error?.message ?? `HTTP ${res.status}`);
    return payload;
  };
}

/**
 * Runs a command that touches the data (issue 11, ADR 009). On the embedded engine: through the running
 * server when one owns DATA_DIR, else directly while holding the same lock; if the server owns DATA_DIR
 * but cannot be reached, refuses. On PostgreSQL: directly, many processes are fine there.
 */
export async function runDataCommand<T>(
  env: EnvConfig,
  work: { viaServer: (call: LocalAdminCall) => Promise<T>; direct: (db: Db) => Promise<T> },
): Promise<T> {
  if (env.databaseUrl) return withDb(env, work.direct);
  let lock;
  try {
    lock = await lockDataDir(env.dataDir, { kind: 'command' });
  } catch (err) {
    if (!(err instanceof DataDirBusyError)) throw err;
    const owner = err.owner?.kind === 'server' && !err.owner.url ? await waitForChannel(env.dataDir, err.owner.pid) : err.owner;
    if (owner?.kind !== 'server' || !owner.url || !owner.token) throw new CommandRefusedError(err.message);
    try {
      return await work.viaServer(channel({ ...owner, url: owner.url, token: owner.token }));
    } catch (cause) {
      throw new CommandRefusedError(
        `O Trilha está rodando com este DATA_DIR (pid ${owner.pid}), mas não atendeu ao comando (${(cause as Error).message}). ` +
          'Pare o servidor e rode o comando de novo; nada foi alterado.',
      );
    }
  }
  try {
    return await withDb(env, work.direct);
  } finally {
    await lock.release();
  }
}

/** A server that is still starting (migrating) publishes its channel within seconds. */
async function waitForChannel(dataDir: string, pid: number): Promise<DataDirOwner | null> {
  for (let i = 0; i < 60; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const owner = await readOwner(dataDir);
    if (!owner || owner.pid !== pid || owner.url) return owner;
  }
  return readOwner(dataDir);
}

async function withDb<T>(env: EnvConfig, fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await openDb({ databaseUrl: env.databaseUrl, databaseDirectUrl: env.databaseDirectUrl, dataDir: env.dataDir });
  try {
    await migrate(db);
    return await fn(db);
  } finally {
    await db.close();
  }
}

/** The ending every command script shares: a refusal prints its message and exits 1. */
export async function runCommandMain(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (err) {
    if (err instanceof CommandRefusedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}
