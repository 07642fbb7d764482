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
 * Embedded PostgreSQL (WASM). PGlite has a single connection and serialises queries and
 * transactions itself: a query outside a transaction waits until the transaction ends.
 */
export async function openPglite(opts: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Db & { raw: PGlite }> {
  const pg = await PGlite.create({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir, parsers: typeParsers });
  const base = wrap(pg);
  return {
    engine: 'pglite',
    raw: pg,
    ...base,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      return pg.transaction((tx) => fn(wrap(tx)));
    },
    async close() {
      if (!pg.closed) await pg.close();
    },
  };
}
