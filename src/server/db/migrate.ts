import { readdir, readFile } from 'node:fs/promises';
import { PROJECT_ROOT } from '../paths.js';
import path from 'node:path';
import type { Db, Session } from './types.js';

export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'migrations');
// Any constant: several app instances starting together take turns applying migrations.
const MIGRATION_LOCK = 7_355_608;

/** A migration file failed: it was rolled back, and the ones before it stay applied. */
export class MigrationFailedError extends Error {
  constructor(
    /** The file, relative to the project (migrations/NNNN_name.sql) when it is one of the project's. */
    readonly file: string,
    cause: unknown,
  ) {
    super(`migration ${file} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/**
 * One statement of a project migration, as the file holds it (from `start` to the next ';'), for the
 * tools that redo it later: the platform bench rebuilds member_point_totals with 0380's back-fill, and
 * a test checks that back-fill against the triggers. The migration stays frozen text; this only reads it.
 */
export async function migrationStatement(file: string, start: string): Promise<string> {
  const sql = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
  const at = sql.indexOf(start);
  const end = sql.indexOf(';', at);
  if (at < 0 || end < 0) throw new Error(`migration ${file} has no statement starting with ${start}`);
  return sql.slice(at, end + 1);
}

/** The statement of migration 0380 that fills member_point_totals from the ledger and the completions. */
export function pointTotalsBackfill(): Promise<string> {
  return migrationStatement('0380_member_point_totals.sql', 'INSERT INTO member_point_totals (club_id');
}

/**
 * Applies every pending migrations/NNNN_*.sql in order, one transaction each, and returns the versions
 * applied. Everything, from creating schema_migrations on, runs under one session-level advisory lock:
 * instances starting together on a new database take turns (concurrent CREATE TABLE IF NOT EXISTS
 * races in PostgreSQL), and the ones that wait find the work done. `onWait` is called once when
 * another instance holds the lock.
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR, opts: { onWait?: () => void } = {}): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{4}_.+\.sql$/.test(f)).sort();
  return db.withSession(async (session) => {
    await takeLock(session, opts.onWait);
    try {
      await session.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
      const done = new Set((await session.query<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version));
      const applied: string[] = [];
      for (const file of files) {
        const version = file.replace(/\.sql$/, '');
        if (done.has(version)) continue;
        const sql = await readFile(path.join(dir, file), 'utf8');
        try {
          await session.transaction(async (tx) => {
            await tx.exec(sql);
            await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
          });
        } catch (err) {
          throw new MigrationFailedError(path.relative(PROJECT_ROOT, path.join(dir, file)), err);
        }
        applied.push(version);
      }
      return applied;
    } finally {
      // PostgreSQL drops the connection anyway; PGlite keeps its one session, so the lock is let go here.
      await session.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    }
  });
}

async function takeLock(session: Session, onWait?: () => void): Promise<void> {
  const [row] = await session.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [MIGRATION_LOCK]);
  if (row?.locked) return;
  onWait?.();
  // The wait lasts as long as the other instance's migrations: the pool's statement_timeout, meant for
  // requests, must not cancel it. Only this session's wait is unbounded; the migrations keep the timeout.
  await session.exec('SET statement_timeout = 0');
  await session.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  await session.exec('RESET statement_timeout');
}
