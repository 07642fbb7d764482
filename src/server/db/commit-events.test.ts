import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineName, openTestDb, type TestDb } from '../../../test/db.js';

// Work announces what it did once committed (Queryable.afterCommit): the notification worker starts then.
let db: TestDb;
beforeAll(async () => {
  db = await openTestDb();
  await db.exec('CREATE TABLE commit_probe (n int)');
});
afterAll(() => db.dispose());

describe(`commit announcements on ${engineName()}`, () => {
  it('go after the COMMIT (the work is visible to another statement), once per transaction, never after a ROLLBACK', async () => {
    const seen: Promise<number>[] = [];
    const stop = db.onCommit('probe', () => {
      seen.push(db.query<{ n: number }>('SELECT count(*)::int AS n FROM commit_probe').then((r) => r[0].n));
    });
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO commit_probe VALUES (1)');
      tx.afterCommit?.('probe');
      tx.afterCommit?.('probe');
      tx.afterCommit?.('other');
      // Nothing yet: the transaction is open.
      expect(seen).toHaveLength(0);
    });
    expect(seen).toHaveLength(1);
    expect(await seen[0]).toBe(1);

    await expect(db.transaction(async (tx) => {
      await tx.query('INSERT INTO commit_probe VALUES (2)');
      tx.afterCommit?.('probe');
      throw new Error('desfeita');
    })).rejects.toThrow('desfeita');
    expect(seen).toHaveLength(1);

    // Outside a transaction the statement already committed: at once.
    await db.query('INSERT INTO commit_probe VALUES (3)');
    db.afterCommit?.('probe');
    expect(seen).toHaveLength(2);
    expect(await seen[1]).toBe(2);

    stop();
    await db.transaction(async (tx) => tx.afterCommit?.('probe'));
    expect(seen).toHaveLength(2);
  });
});
