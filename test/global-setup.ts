import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../src/server/db/pglite.js';
import { openPostgres } from '../src/server/db/postgres.js';
import { migrate } from '../src/server/db/migrate.js';
import { startPgbouncer } from './pgbouncer.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    pgTemplate: string;
    /** The pgbouncer project's pooler (transaction mode) in front of TEST_DATABASE_URL; 0 elsewhere. */
    pgbouncerPort: number;
  }
}

/**
 * Migrates once per engine per run. The `pglite` project gets a data-dir dump every test file loads
 * (~1 s instead of ~5 s); the `postgres` project (TEST_DATABASE_URL) a template database every test
 * file clones. The `pgbouncer` project (TEST_PGBOUNCER=1) is the `postgres` one reached through a
 * PgBouncer in transaction mode started here: each file's database is created on the direct URL and
 * used through the pooler (ADR 075). Vitest calls this once for the workspace and once per project:
 * only the projects do work.
 */
export default async function setup(project: TestProject) {
  project.provide('pgliteDump', '');
  project.provide('pgTemplate', '');
  project.provide('pgbouncerPort', 0);
  if (project.name === 'pglite') {
    const dumpDir = path.resolve('.test-data');
    await mkdir(dumpDir, { recursive: true });
    const dumpFile = path.join(dumpDir, `pglite-${process.pid}.tar`);
    const db = await openPglite();
    await migrate(db);
    // A plain tar after a checkpoint: no gunzip through web streams and no WAL to replay when a file
    // loads it (test/db.ts).
    await db.raw.exec('CHECKPOINT');
    const dump = await db.raw.dumpDataDir('none');
    await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
    await db.close();
    project.provide('pgliteDump', dumpFile);
    console.log('API suite engine: PGlite (in-memory)');
    return async () => {
      await rm(dumpFile, { force: true });
    };
  }
  const url = process.env.TEST_DATABASE_URL;
  if ((project.name !== 'postgres' && project.name !== 'pgbouncer') || !url) return;
  const pooler = project.name === 'pgbouncer' ? await startPgbouncer(url) : null;
  if (pooler) project.provide('pgbouncerPort', pooler.port);
  const template = `trilha_tpl_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  await admin.end();
  const tdb = openPostgres(withDatabase(url, template), { max: 1 });
  await migrate(tdb);
  await tdb.close();
  project.provide('pgTemplate', template);
  console.log(`API suite engine: PostgreSQL (${new URL(url).host})${pooler ? ` through PgBouncer (transaction mode) on port ${pooler.port}` : ''}`);
  return async () => {
    await pooler?.stop();
    const a = new pg.Client({ connectionString: url });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await a.end();
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
