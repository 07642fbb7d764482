import type { Db, Queryable } from './types.js';

let savepoints = 0;

/**
 * A Db whose every statement runs inside the already open transaction `tx`: code written for a Db (services
 * that open their own transactions) then commits or rolls back with the caller's. Its `transaction` is a
 * SAVEPOINT, so a step that fails and is caught undoes only itself, as it would have alone.
 */
export function dbInTransaction(outer: Db, tx: Queryable): Db {
  const db: Db = {
    engine: outer.engine,
    // One open transaction is one connection: statements through it run one after another.
    connections: 1,
    query: (sql, params) => tx.query(sql, params),
    exec: (sql) => tx.exec(sql),
    // Committed with the caller's transaction: announced after its COMMIT.
    afterCommit: (event) => tx.afterCommit?.(event),
    onCommit: (event, listener) => outer.onCommit(event, listener),
    async transaction<T>(fn: (inner: Queryable) => Promise<T>): Promise<T> {
      savepoints += 1;
      const name = `trilha_sp_${savepoints}`;
      await tx.query(`SAVEPOINT ${name}`);
      try {
        const result = await fn(tx);
        await tx.query(`RELEASE SAVEPOINT ${name}`);
        return result;
      } catch (err) {
        await tx.query(`ROLLBACK TO SAVEPOINT ${name}`);
        throw err;
      }
    },
    async withSession<T>(): Promise<T> {
      throw new Error('a session-level lock cannot be taken inside a caller\'s transaction');
    },
    async close() {
      throw new Error('the transaction belongs to its caller and is not closed here');
    },
  };
  return db;
}
