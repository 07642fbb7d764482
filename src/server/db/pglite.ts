import { execFile } from 'node:child_process';
import { chmod, readdir, rm, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { isPreparable, isStalePlanError, type Db, type Queryable, type Session } from './types.js';
import { typeParsers } from './parsers.js';
import { CommitEvents } from './commit-events.js';

interface PgliteLike {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
}

/**
 * PGlite's API has no named statements, so the SQL-level PREPARE does their work: each distinct
 * statement text is prepared once per database (its one session) and later calls send
 * `EXECUTE name('…', …)`, which skips parsing and planning the statement again (ADR 020). EXECUTE
 * takes no protocol parameters, so the values go in as quoted literals of unknown type (what the text
 * protocol sends too), each coerced to the prepared parameter's type; only strings, finite numbers,
 * booleans and nulls are written so, any other value sends the statement as it is. Only plain
 * reads and writes are prepared, only outside a transaction (a failed PREPARE would abort it; inside
 * one, already prepared statements are used), and at most MAX_PREPARED texts.
 */
const MAX_PREPARED = 2000;
const run = promisify(execFile);

interface Prepared {
  /** SQL text → statement name, or null when PREPARE refused it (it then always runs as sent). */
  names: Map<string, string | null>;
}

/** A value as an SQL literal of unknown type (standard_conforming_strings: only ' needs doubling), or undefined. */
function literal(v: unknown): string | undefined {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'string') return `'${v.replace(/'/g, "''")}'`;
  if (typeof v === 'boolean' || typeof v === 'bigint' || (typeof v === 'number' && Number.isFinite(v))) return `'${String(v)}'`;
  return undefined;
}


async function preparedName(conn: PgliteLike, prepared: Prepared, sql: string, inTransaction: boolean): Promise<string | null> {
  const known = prepared.names.get(sql);
  if (known !== undefined) return known;
  if (inTransaction || prepared.names.size >= MAX_PREPARED || !isPreparable(sql)) return null;
  const name = `trilha_${prepared.names.size}`;
  try {
    await conn.query(`PREPARE ${name} AS ${sql}`);
    prepared.names.set(sql, name);
    return name;
  } catch {
    // e.g. a parameter whose type only the call's value tells: keep sending that one as it is.
    prepared.names.set(sql, null);
    return null;
  }
}

function wrap(conn: PgliteLike, prepared: Prepared, inTransaction: boolean): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const name = await preparedName(conn, prepared, sql, inTransaction);
      const literals = params.map(literal);
      if (name && literals.every((l) => l !== undefined)) {
        const args = literals.length > 0 ? `(${literals.join(', ')})` : '';
        try {
          return (await conn.query<T>(`EXECUTE ${name}${args}`)).rows;
        } catch (err) {
          if (!isStalePlanError(err) || inTransaction) throw err;
          // The schema changed under the statement: forget it and run the text itself.
          await conn.query(`DEALLOCATE ${name}`);
          prepared.names.set(sql, null);
        }
      }
      const res = await conn.query<T>(sql, [...params]);
      return res.rows;
    },
    async exec(sql: string) {
      await conn.exec(sql);
    },
  };
}

/**
 * Postgres settings of the embedded engine (ADR 022). PGlite's WebAssembly memory only grows, so every
 * buffer postgres fills stays resident for the life of the process: the 128 MB shared_buffers default
 * alone took the server's RSS past 500 MB. Pages not in shared_buffers are read from the OS page cache.
 */
export const PGLITE_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: '16MB',
};

/**
 * Embedded PostgreSQL (WASM). PGlite has a single connection and serialises queries and
 * transactions itself: a query outside a transaction waits until the transaction ends.
 */
export async function openPglite(
  opts: { dataDir?: string; loadDataDir?: Blob; settings?: Record<string, string> } = {},
): Promise<Db & { raw: PGlite; snapshotTo(file: string, signal?: AbortSignal): Promise<void> }> {
  const settings = Object.entries({ ...PGLITE_SETTINGS, ...opts.settings }).flatMap(([k, v]) => ['-c', `${k}=${v}`]);
  const pg = await PGlite.create({
    dataDir: opts.dataDir,
    loadDataDir: opts.loadDataDir,
    parsers: typeParsers,
    startParams: [...PGlite.defaultStartParams, ...settings],
  });
  const prepared: Prepared = { names: new Map() };
  const events = new CommitEvents();
  const base = { ...wrap(pg, prepared, false), afterCommit: (event: string) => events.emit([event]) };
  /** BEGIN/COMMIT around fn; its announcements go after the COMMIT. */
  const inTransaction = async <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> => {
    const announced = new Set<string>();
    const result = await pg.transaction((tx) => fn({ ...wrap(tx, prepared, true), afterCommit: (event) => announced.add(event) }));
    events.emit(announced);
    return result;
  };
  return {
    engine: 'pglite',
    connections: 1,
    raw: pg,
    ...base,
    onCommit: (event, listener) => events.on(event, listener),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      return inTransaction(fn);
    },
    // One session is all PGlite has.
    async withSession<T>(fn: (session: Session) => Promise<T>) {
      return fn({ ...base, transaction: (work) => inTransaction(work) });
    },
    /**
     * A gzipped tar of the data dir, written to `file`. PGlite is one process with no background writer:
     * while both of its locks are held no statement runs and nothing writes to the data dir, so a copy of
     * the folder then is a consistent database (what a crash at that instant would leave, which PostgreSQL
     * opens by replaying its WAL; the CHECKPOINT just before keeps that replay short). The copy is taken under the locks
     * (a plain file copy, the only pause requests see) and compressed after they are released, by `tar` in
     * its own process: the database's size never passes through this process's memory, which
     * PGlite's dumpDataDir needed several times over (it builds the whole archive in memory).
     * An in-memory database (no data dir) has nothing on disk and is dumped by PGlite itself.
     * `signal` stops it (the server stopping): `cp` or `tar` is killed and the copy removed.
     */
    async snapshotTo(file: string, signal?: AbortSignal) {
      const dataDir = opts.dataDir;
      if (!dataDir) {
        const dump = await pg._runExclusiveTransaction(() => pg.dumpDataDir('gzip'));
        await writeFile(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
        return;
      }
      const staging = `${file}.staging`;
      await rm(staging, { recursive: true, force: true });
      try {
        signal?.throwIfAborted();
        await pg.exec('CHECKPOINT');
        await pg._runExclusiveTransaction(() => pg._runExclusiveQuery(() => run('cp', ['-a', dataDir, staging], { signal })));
        // Members named as PGlite names them (base/1/…, no leading ./), in plain ustar.
        const members = (await readdir(staging)).sort();
        await run('tar', ['-czf', file, '--format=ustar', '-C', staging, ...members], { signal });
        await chmod(file, 0o600);
      } finally {
        await rm(staging, { recursive: true, force: true });
      }
    },
    async close() {
      if (!pg.closed) await pg.close();
    },
  };
}
