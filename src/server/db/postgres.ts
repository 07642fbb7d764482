import type pg from 'pg';
import { requireLazily } from '../lazy-module.js';
import { isPreparable, isStalePlanError, type Db, type Queryable, type Session } from './types.js';
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
 * Only reads and writes are named (isPreparable): never a savepoint, whose text differs per call.
 */
const MAX_NAMED = 2000;
const statementNames = new Map<string, string>();

/** The name `sql` is prepared under on every connection, or undefined (sent unnamed). */
export function statementName(sql: string): string | undefined {
  const known = statementNames.get(sql);
  if (known || statementNames.size >= MAX_NAMED || !isPreparable(sql)) return known;
  const name = `trilha_${statementNames.size}`;
  statementNames.set(sql, name);
  return name;
}


/** named: false behind a transaction pooler, where the next transaction may run on another server connection. */
function wrap(conn: pg.Pool | pg.PoolClient, named: boolean): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const values = [...params];
      if (!named) {
        const res = await conn.query({ text: sql, values, types } as pg.QueryConfig);
        return res.rows as T[];
      }
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

/** How a connection is used: named statements or not, and the SQL that opens a transaction. */
interface Mode {
  named: boolean;
  begin: string;
}

/**
 * BEGIN/COMMIT around fn on one client; any throw rolls back. Its announcements go after the COMMIT.
 * Behind a pooler `mode.begin` also sets the transaction's statement_timeout (SET LOCAL, same round trip).
 */
async function inTransaction<T>(client: pg.PoolClient, events: CommitEvents, mode: Mode, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  const announced = new Set<string>();
  await client.query(mode.begin);
  try {
    const result = await fn({ ...wrap(client, mode.named), afterCommit: (event) => announced.add(event) });
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
 *
 * `directUrl` (DATABASE_DIRECT_URL) says `connectionString` is a pooler in transaction mode (PgBouncer,
 * issue 46, ADR 075): then nothing is sent as a startup parameter (the timeout is SET LOCAL by each
 * transaction; single statements get the role's statement_timeout), statements are unnamed, and the
 * session-bound work (`withSession`: migrations and their advisory lock) runs on `directUrl`.
 */
export function openPostgres(
  connectionString: string,
  opts: {
    max?: number;
    statementTimeoutMs?: number;
    directUrl?: string;
    /** How long to wait for a connection (default the statement timeout): short for a replica, whose reads go to the primary instead. */
    connectTimeoutMs?: number;
    /** The URL is a transaction pooler even without a direct URL (a replica behind one: it has no session work). */
    pooled?: boolean;
  } = {},
): Db & { pool: pg.Pool } {
  const max = opts.max ?? 10;
  const timeout = opts.statementTimeoutMs;
  const connectTimeout = opts.connectTimeoutMs ?? timeout;
  const pooled = opts.pooled ?? (Boolean(opts.directUrl) && opts.directUrl !== connectionString);
  const direct: Mode = { named: true, begin: 'BEGIN' };
  const mode: Mode = pooled ? { named: false, begin: timeout ? `BEGIN; SET LOCAL statement_timeout = ${Math.floor(timeout)}` : 'BEGIN' } : direct;
  const newPool = (url: string, size: number, startupTimeout: boolean) => {
    const p = new (driver().Pool)({
      connectionString: url,
      max: size,
      ...(connectTimeout ? { connectionTimeoutMillis: connectTimeout } : {}),
      ...(timeout && startupTimeout ? { statement_timeout: timeout } : {}),
    });
    // An idle client that errors (server restart) must not crash the process.
    p.on('error', () => undefined);
    return p;
  };
  const pool = newPool(connectionString, max, !pooled);
  // The direct connections are opened by the first session (at start, for the migrations), then closed.
  let sessions: pg.Pool | undefined;
  const sessionPool = () => {
    if (!pooled || !opts.directUrl) return pool;
    sessions ??= newPool(opts.directUrl, 2, true);
    return sessions;
  };
  const events = new CommitEvents();
  return {
    engine: 'postgres',
    connections: max,
    pool,
    ...wrap(pool, mode.named),
    afterCommit: (event) => events.emit([event]),
    onCommit: (event, listener) => events.on(event, listener),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        return await inTransaction(client, events, mode, fn);
      } finally {
        client.release();
      }
    },
    async withSession<T>(fn: (session: Session) => Promise<T>) {
      const client = await sessionPool().connect();
      try {
        return await fn({ ...wrap(client, true), afterCommit: (event) => events.emit([event]), transaction: (work) => inTransaction(client, events, direct, work) });
      } finally {
        // Destroyed, not pooled: a session lock left by a failure dies with the connection.
        client.release(true);
      }
    },
    async close() {
      await Promise.all([pool.end(), sessions?.end()]);
    },
  };
}
