import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { readEnv } from '../config.js';
import { startServer } from '../server.js';
import { migrate } from './migrate.js';
import { openPostgres } from './postgres.js';
import { engineName, openEmptyTestDb, openTestDb, type TestDb } from '../../../test/db.js';
import { startPgbouncer, type Pgbouncer } from '../../../test/pgbouncer.js';

// Issue 46, ADR 075: DATABASE_URL may be a PgBouncer in transaction mode with its ordinary settings
// (a statement_timeout startup parameter refused; named statements not kept between transactions).
describe.skipIf(engineName() !== 'postgres')('behind PgBouncer in transaction mode', () => {
  let bouncer: Pgbouncer;
  let db: TestDb;
  let empty: TestDb;
  let dataDir: string;
  beforeAll(async () => {
    // Two server connections per database: clients of one app share them, transaction by transaction.
    bouncer = await startPgbouncer(process.env.TEST_DATABASE_URL ?? '', { poolSize: 2 });
    db = await openTestDb();
    empty = await openEmptyTestDb();
    dataDir = await mkdtemp(path.join(tmpdir(), 'trilha-pooler-'));
  });
  afterAll(async () => {
    await db?.dispose();
    await empty?.dispose();
    await bouncer?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('the server starts through the pooler (sessions on DATABASE_DIRECT_URL) and /api/health answers 200', async () => {
    process.env.LOG_LEVEL = 'warn';
    const direct = db.directUrl ?? '';
    const env = readEnv({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: bouncer.through(direct), DATABASE_DIRECT_URL: direct });
    const server = await startServer(env, { jobs: false });
    try {
      const base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
      const answers = await Promise.all(Array.from({ length: 6 }, () => fetch(`${base}/api/health`)));
      expect(answers.map((r) => r.status)).toEqual(Array(6).fill(200));
    } finally {
      await server.stop();
    }
  });

  it('one SQL text from many clients on two shared server connections: every answer right (no named statement kept)', async () => {
    const direct = db.directUrl ?? '';
    const pooled = openPostgres(bouncer.through(direct), { max: 6, directUrl: direct });
    try {
      for (let round = 0; round < 5; round += 1) {
        const reads = Array.from({ length: 24 }, (_, i) => pooled.query<{ n: number }>('SELECT $1::int AS n', [i]));
        const writes = Array.from({ length: 6 }, (_, i) =>
          pooled.transaction((tx) => tx.query<{ n: number }>('SELECT $1::int + 1000 AS n', [i])),
        );
        expect((await Promise.all(reads)).map(([r]) => r?.n)).toEqual(Array.from({ length: 24 }, (_, i) => i));
        expect((await Promise.all(writes)).map(([r]) => r?.n)).toEqual(Array.from({ length: 6 }, (_, i) => i + 1000));
      }
    } finally {
      await pooled.close();
    }
  });

  it("a transaction's statement_timeout is SET LOCAL: it cancels a slow statement and leaves the shared connection as it was", async () => {
    const direct = db.directUrl ?? '';
    const pooled = openPostgres(bouncer.through(direct), { max: 2, statementTimeoutMs: 300, directUrl: direct });
    const plain = openPostgres(bouncer.through(direct), { max: 2, directUrl: direct });
    try {
      const slow = await pooled.transaction((tx) => tx.query('SELECT pg_sleep(3)')).catch((err: unknown) => err);
      expect((slow as { code?: string }).code).toBe('57014');
      // Nothing of it stayed on the server connections another client gets next.
      const settings = await Promise.all([0, 1, 2, 3].map(() => plain.query<{ t: string }>("SELECT current_setting('statement_timeout') AS t")));
      expect(settings.map(([r]) => r?.t)).toEqual(['0', '0', '0', '0']);
    } finally {
      await Promise.all([pooled.close(), plain.close()]);
    }
  });

  it('migrations run on DATABASE_DIRECT_URL, on the connection holding their advisory lock', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'trilha-pooler-mig-'));
    await writeFile(
      path.join(dir, '0001_lock.sql'),
      "CREATE TABLE held AS SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid() AND granted;",
    );
    const direct = empty.directUrl ?? '';
    const pooled = openPostgres(bouncer.through(direct), { max: 2, statementTimeoutMs: 5000, directUrl: direct });
    try {
      expect(await migrate(pooled, dir)).toEqual(['0001_lock']);
      expect(await pooled.query('SELECT n FROM held')).toEqual([{ n: 1 }]);
      expect(await migrate(pooled, dir)).toEqual([]);
    } finally {
      await pooled.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
