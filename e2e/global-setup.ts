import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../src/server/db/pglite.js';
import { migrate } from '../src/server/db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data dir, migrated and closed, that every browser-test file copies as its own. */
    e2eDataDir: string;
  }
}

/**
 * Creates and migrates the embedded database once per run: each file's server starts on a copy of it
 * (about 1 s) instead of creating and migrating its own (about 7 s, and 16 s with two files at once).
 * The copy is taken after the template is closed, so no data dir ever has two owners.
 */
export default async function setup(project: TestProject) {
  const root = await mkdtemp(path.join(tmpdir(), 'trilha-e2e-template-'));
  const dataDir = path.join(root, 'pgdata');
  const db = await openPglite({ dataDir });
  await migrate(db);
  await db.close();
  project.provide('e2eDataDir', dataDir);
  return async () => {
    await rm(root, { recursive: true, force: true });
  };
}
