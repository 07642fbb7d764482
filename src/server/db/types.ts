/** Anything that runs SQL: the database itself or an open transaction. */
export interface Queryable {
  /** Runs one parameterised statement and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Announces `event` to the Db's {@link Db.onCommit} listeners once this work is committed: inside a
   * transaction after its COMMIT (never on ROLLBACK), outside one at once.
   */
  afterCommit?(event: string): void;
}

export type Engine = 'pglite' | 'postgres';

/** A connection pool's use now (the metrics): open connections, idle ones, requests waiting for one, the cap. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/** One connection held for a while: session-level locks and settings stay on it. */
export interface Session extends Queryable {
  /** Runs fn inside BEGIN/COMMIT on this connection; any throw rolls everything back. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
}

/** The one database interface every repository uses; PGlite and pg implement it alike. */
export interface Db extends Queryable {
  readonly engine: Engine;
  /** How many statements can run at once (the pool size); PGlite runs one. */
  readonly connections: number;
  /** Runs fn inside BEGIN/COMMIT; any throw rolls everything back. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs fn on one connection of its own (PGlite: its only one), for work that holds a session-level
   * advisory lock across several transactions (migrations). PostgreSQL closes that connection after
   * fn instead of returning it to the pool, so its locks and settings never reach a request.
   */
  withSession<T>(fn: (session: Session) => Promise<T>): Promise<T>;
  /** Calls listener each time work announcing `event` ({@link Queryable.afterCommit}) committed; returns its removal. */
  onCommit(event: string, listener: () => void): () => void;
  /** PostgreSQL: the pool's use now (PGlite has no pool). */
  poolStats?(): PoolStats;
  close(): Promise<void>;
  /**
   * Embedded engine only: writes a gzipped tar of the data dir to `file` (backups, issue 11). The archive
   * streams from disk through `tar`, so its size never passes through the server's memory.
   */
  snapshotTo?(file: string, signal?: AbortSignal): Promise<void>;
}

/** First row or null. */
export async function maybeOne<T>(q: Queryable, sql: string, params?: readonly unknown[]): Promise<T | null> {
  const rows = await q.query<T>(sql, params);
  return rows[0] ?? null;
}

/** Exactly one row, or an error (a bug, not a user mistake). */
export async function one<T>(q: Queryable, sql: string, params?: readonly unknown[]): Promise<T> {
  const rows = await q.query<T>(sql, params);
  if (rows.length !== 1) throw new Error(`expected one row, got ${rows.length}`);
  return rows[0];
}

/**
 * A schema change under a prepared statement ("cached plan must not change result type", 0A000):
 * both engines then send the statement's text again instead of failing the request (ADR 020).
 */
export const isStalePlanError = (err: unknown): boolean => (err as { code?: string }).code === '0A000';

/**
 * The statements either engine keeps prepared by name (ADR 020): plain reads and writes. Transaction
 * control (BEGIN, SAVEPOINT name, RELEASE, ROLLBACK TO), SET and DDL are sent as they are: a savepoint's
 * text carries a name of its own per call, and naming those filled the process's 2,000 names after one
 * run of the dues job over 1,000 clubs, so every statement first sent after it (the session lookup
 * among them) was parsed and planned on every request from then on (auth/me at 60–70 % of before).
 */
const PREPARABLE = /^\s*(select|insert|update|delete|with|values)\b/i;
export const isPreparable = (sql: string): boolean => PREPARABLE.test(sql);
