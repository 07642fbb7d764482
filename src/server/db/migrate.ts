import { readdir, readFile } from 'node:fs/promises';
import { PROJECT_ROOT } from '../paths.js';
import path from 'node:path';
import type { Db } from './types.js';

export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'migrations');
// Any constant: several app instances starting together take turns applying migrations.
const MIGRATION_LOCK = 7_355_608;

/** Applies every pending migrations/NNNN_*.sql in order, one transaction each. Returns the versions applied. */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const files = (await readdir(dir)).filter((f) => /^\d{4}_.+\.sql$/.test(f)).sort();
  // One read of what is applied, so a restart on an up-to-date database opens no transaction at all;
  // a pending file is still checked again under the lock, since another instance may be applying it.
  const done = new Set((await db.query<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version));
  const applied: string[] = [];
  for (const file of files) {
    const version = file.replace(/\.sql$/, '');
    if (done.has(version)) continue;
    const sql = await readFile(path.join(dir, file), 'utf8');
    const didApply = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [version]);
      if (done.length > 0) return false;
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
      return true;
    });
    if (didApply) applied.push(version);
  }
  return applied;
}
