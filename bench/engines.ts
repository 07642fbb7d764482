import type { Db } from '../src/server/db/index.js';
import { openPglite } from '../src/server/db/pglite.js';
import { openPostgres } from '../src/server/db/postgres.js';

/**
 * Runs a bench on a fresh PGlite, then on PostgreSQL when BENCH_DATABASE_URL names a database to
 * wipe (its public schema is dropped first). The bench closes the database it is given.
 */
export async function onEachEngine(bench: (engine: string, db: Db) => Promise<void>): Promise<void> {
  await bench('pglite', await openPglite());
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (!pgUrl) {
    console.log('\n(set BENCH_DATABASE_URL=postgres://…/db_to_wipe to measure PostgreSQL too)');
    return;
  }
  const db = openPostgres(pgUrl);
  await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  await bench('postgres', db);
}
