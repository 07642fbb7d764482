import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../src/server/db/pglite.js';
import { openPostgres } from '../src/server/db/postgres.js';
import { migrate } from '../src/server/db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    pgTemplate: string;
  }
}

/**
 * Migrates once per engine per run. The `pglite` project gets a data-dir dump every test file loads
 * (~1 s instead of ~4 s); the `postgres` project (TEST_DATABASE_URL) a template database every test
 * file clones. Vitest calls this once for the workspace and once per project: only the projects do work.
 */
export default async function setup(project: TestProject) {
  project.provide('pgliteDump', '');
  project.provide('pgTemplate', '');
  if (project.name === 'pglite') {
    const dumpDir = path.resolve('.test-data');
    await mkdir(dumpDir, { recursive: true });
    const dumpFile = path.join(dumpDir, `pglite-${process.pid}.tar.gz`);
    const db = await openPglite();
    await migrate(db);
    const dump = await db.raw.dumpDataDir('gzip');
    await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
    await db.close();
    project.provide('pgliteDump', dumpFile);
    console.log('API suite engine: PGlite (in-memory)');
    return async () => {
      await rm(dumpFile, { force: true });
    };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (project.name !== 'postgres' || !url) return;
  const template = `trilha_tpl_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  await admin.end();
  const tdb = openPostgres(withDatabase(url, template), { max: 1 });
  await migrate(tdb);
  await tdb.close();
  project.provide('pgTemplate', template);
  console.log(`API suite engine: PostgreSQL (${new URL(url).host})`);
  return async () => {
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
