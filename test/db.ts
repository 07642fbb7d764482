import { copyFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { Db } from '../src/server/db/index.js';
import { openPglite } from '../src/server/db/pglite.js';
import { openPostgres } from '../src/server/db/postgres.js';
import { MIGRATIONS_DIR } from '../src/server/db/migrate.js';
import { withDatabase } from './global-setup.js';

/**
 * url: the connection string of this file's database as the app gets it in DATABASE_URL (postgres and
 * pgbouncer projects); directUrl: the PostgreSQL itself (DATABASE_DIRECT_URL), which differs from url
 * only in the pgbouncer project, where url is the pooler.
 */
export type TestDb = Db & { dispose(): Promise<void>; url?: string; directUrl?: string };

/** The pgbouncer project's pooler address for a direct URL; the URL itself in the other projects. */
export function throughPooler(directUrl: string): string {
  const port = process.env.TEST_POOLER ? inject('pgbouncerPort') : 0;
  if (!port) return directUrl;
  const u = new URL(directUrl);
  u.hostname = '127.0.0.1';
  u.port = String(port);
  return u.toString();
}

/** openPostgres on a test database as the app opens it: through the pooler, sessions direct, in the pgbouncer project. */
export function openPostgresLikeApp(directUrl: string, opts: { max?: number; statementTimeoutMs?: number } = {}) {
  const url = throughPooler(directUrl);
  return openPostgres(url, { ...opts, ...(url !== directUrl ? { directUrl } : {}) });
}

/** A fresh, migrated database for one test file, on the engine of the running project. */
export async function openTestDb(opts: { poolSize?: number } = {}): Promise<TestDb> {
  if (process.env.TEST_ENGINE === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is required for the postgres project');
    const name = `trilha_t_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
    await admin.end();
    const dbUrl = withDatabase(url, name);
    const db = openPostgresLikeApp(dbUrl, { max: opts.poolSize ?? 10 });
    return Object.assign(db, {
      url: throughPooler(dbUrl),
      directUrl: dbUrl,
      async dispose() {
        await db.close();
        const a = new pg.Client({ connectionString: url });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await a.end();
      },
    });
  }
  const db = await openPglite({ loadDataDir: await pgliteDump() });
  return Object.assign(db, { dispose: () => db.close() });
}

let dumpRead: { file: string; bytes: Promise<ArrayBuffer> } | null = null;

/**
 * The run's migrated data dir (a plain tar, test/global-setup.ts) as PGlite loads it, read once per test
 * process: the files of a process run one after another in it (vitest.config.ts, `isolate: false`).
 * PGlite only calls `arrayBuffer()` and reads the bytes, so every file gets the same buffer. Node's Blob
 * copied the 65 MB in 64 KB chunks each time: 1.55–1.70 s per file against 1.09–1.18 s this way, idle.
 */
export async function pgliteDump(): Promise<Blob> {
  const file = inject('pgliteDump');
  if (dumpRead?.file !== file) {
    dumpRead = { file, bytes: readFile(file).then((b) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength)) };
  }
  const bytes = await dumpRead.bytes;
  return { type: '', size: bytes.byteLength, arrayBuffer: async () => bytes } as unknown as Blob;
}

export function engineName(): 'pglite' | 'postgres' {
  return process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';
}

/** A fresh database with no migration applied (migration tests run some of them by hand). */
export async function openEmptyTestDb(): Promise<TestDb> {
  const url = process.env.TEST_DATABASE_URL;
  if (engineName() !== 'postgres' || !url) {
    const db = await openPglite();
    return Object.assign(db, { dispose: () => db.close() });
  }
  const name = `trilha_mig_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const dbUrl = withDatabase(url, name);
  const db = openPostgresLikeApp(dbUrl, { max: 2 });
  return Object.assign(db, {
    url: throughPooler(dbUrl),
    directUrl: dbUrl,
    async dispose() {
      await db.close();
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  });
}

/**
 * A folder holding copies of the migrations numbered below `before` (e.g. '0370'), for a database that
 * stops where an older server left it. `remove` deletes the folder.
 */
export async function migrationsBefore(before: string): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'trilha-mig-'));
  for (const f of (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{4}_.+\.sql$/.test(f) && f < before)) {
    await copyFile(path.join(MIGRATIONS_DIR, f), path.join(dir, f));
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

