import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable } from './types.js';
import { typeParsers } from './parsers.js';

interface PgliteLike {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
}

function wrap(conn: PgliteLike): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
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
): Promise<Db & { raw: PGlite; snapshot(): Promise<Blob> }> {
  const settings = Object.entries({ ...PGLITE_SETTINGS, ...opts.settings }).flatMap(([k, v]) => ['-c', `${k}=${v}`]);
  const pg = await PGlite.create({
    dataDir: opts.dataDir,
    loadDataDir: opts.loadDataDir,
    parsers: typeParsers,
    startParams: [...PGlite.defaultStartParams, ...settings],
  });
  const base = wrap(pg);
  return {
    engine: 'pglite',
    connections: 1,
    raw: pg,
    ...base,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      return pg.transaction((tx) => fn(wrap(tx)));
    },
    /**
     * A gzipped dump of the data dir. dumpDataDir takes PGlite's query lock; holding its transaction lock too
     * (what pg.transaction takes) keeps the dump from landing between two statements of one transaction.
     */
    async snapshot() {
      return pg._runExclusiveTransaction(() => pg.dumpDataDir('gzip'));
    },
    async close() {
      if (!pg.closed) await pg.close();
    },
  };
}
