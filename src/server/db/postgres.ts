import type pg from 'pg';
import { requireLazily } from '../lazy-module.js';
import type { Db, Queryable } from './types.js';
import { typeParsers } from './parsers.js';

// The driver is loaded by the first PostgreSQL connection: the embedded engine never needs it.
const driver = () => requireLazily('pg') as typeof pg;

const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    const parser = typeParsers[oid];
    if (parser && format !== 'binary') return parser;
    return driver().types.getTypeParser(oid, format);
  },
};

function wrap(conn: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const res = await conn.query({ text: sql, values: [...params], types } as pg.QueryConfig);
      return res.rows as T[];
    },
    async exec(sql: string) {
      await conn.query({ text: sql, types } as pg.QueryConfig);
    },
  };
}

/**
 * A real PostgreSQL server through pg's Pool (production and scale-out). statementTimeoutMs bounds every
 * statement and the wait for a free connection, so one slow query cannot hold the whole pool (issue 11).
 */
export function openPostgres(connectionString: string, opts: { max?: number; statementTimeoutMs?: number } = {}): Db & { pool: pg.Pool } {
  const max = opts.max ?? 10;
  const pool = new (driver().Pool)({
    connectionString,
    max,
    ...(opts.statementTimeoutMs ? { statement_timeout: opts.statementTimeoutMs, connectionTimeoutMillis: opts.statementTimeoutMs } : {}),
  });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => undefined);
  return {
    engine: 'postgres',
    connections: max,
    pool,
    ...wrap(pool),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
