import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { Db } from '../src/server/db/index.js';
import { openPglite } from '../src/server/db/pglite.js';
import { openPostgres } from '../src/server/db/postgres.js';
import { withDatabase } from './global-setup.js';

/** url: the PostgreSQL connection string of this file's database (postgres project only). */
export type TestDb = Db & { dispose(): Promise<void>; url?: string };

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
    const db = openPostgres(dbUrl, { max: opts.poolSize ?? 10 });
    return Object.assign(db, {
      url: dbUrl,
      async dispose() {
        await db.close();
        const a = new pg.Client({ connectionString: url });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await a.end();
      },
    });
  }
  const dump = await readFile(inject('pgliteDump'));
  const db = await openPglite({ loadDataDir: new Blob([dump]) });
  return Object.assign(db, { dispose: () => db.close() });
}

export function engineName(): 'pglite' | 'postgres' {
  return process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';
}
