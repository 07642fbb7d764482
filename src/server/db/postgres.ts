import type pg from 'pg';
import { requireLazily } from '../lazy-module.js';
import { isStalePlanError, type Db, type Queryable, type Session } from './types.js';
import { typeParsers } from './parsers.js';
import { CommitEvents } from './commit-events.js';

// The driver is loaded by the first PostgreSQL connection: the embedded engine never needs it.
const driver = () => requireLazily('pg') as typeof pg;

const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    const parser = typeParsers[oid];
    if (parser && format !== 'binary') return parser;
    return driver().types.getTypeParser(oid, format);
  },
};

/**
 * Every statement is a named prepared statement, one name per distinct SQL text in this process: each
 * connection parses and plans it once, and PostgreSQL keeps a generic plan when it costs no more than
 * a fresh one. Planning was most of the time of the heavier screen reads (the ranking views: about
 * 1.6 ms of planning for 1 ms of execution); pgbench -M prepared showed the gap (ADR 020).
 * The repositories send fixed SQL texts with parameters, so the names stay few; past MAX_NAMED (a
 * text built per call by mistake) statements go unnamed instead of growing every connection's cache.
 */
const MAX_NAMED = 2000;
const statementNames = new Map<string, string>();

function statementName(sql: string): string | undefined {
  const known = statementNames.get(sql);
  if (known || statementNames.size >= MAX_NAMED) return known;
  const name = `trilha_${statementNames.size}`;
  statementNames.set(sql, name);
  return name;
}


function wrap(conn: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const values = [...params];
      try {
        const res = await conn.query({ name: statementName(sql), text: sql, values, types } as pg.QueryConfig);
        return res.rows as T[];
      } catch (err) {
        if (!isStalePlanError(err)) throw err;
        const res = await conn.query({ text: sql, values, types } as pg.QueryConfig);
        return res.rows as T[];
      }
    },
    async exec(sql: string) {
      await conn.query({ text: sql, types } as pg.QueryConfig);
    },
  };
}

/** BEGIN/COMMIT around fn on one client; any throw rolls back. Its announcements go after the COMMIT. */
async function inTransaction<T>(client: pg.PoolClient, events: CommitEvents, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  const announced = new Set<string>();
  await client.query('BEGIN');
  try {
    const result = await fn({ ...wrap(client), afterCommit: (event) => announced.add(event) });
    await client.query('COMMIT');
    events.emit(announced);
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
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
  const events = new CommitEvents();
  return {
    engine: 'postgres',
    connections: max,
    pool,
    ...wrap(pool),
    afterCommit: (event) => events.emit([event]),
    onCommit: (event, listener) => events.on(event, listener),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        return await inTransaction(client, events, fn);
      } finally {
        client.release();
      }
    },
    async withSession<T>(fn: (session: Session) => Promise<T>) {
      const client = await pool.connect();
      try {
        return await fn({ ...wrap(client), afterCommit: (event) => events.emit([event]), transaction: (work) => inTransaction(client, events, work) });
      } finally {
        // Destroyed, not pooled: a session lock left by a failure dies with the connection.
        client.release(true);
      }
    },
    async close() {
      await pool.end();
    },
  };
}
