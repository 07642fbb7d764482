import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate, MigrationFailedError, MIGRATIONS_DIR } from './migrate.js';
import { engineName, openEmptyTestDb, openPostgresLikeApp, type TestDb } from '../../../test/db.js';

// Three small migrations; each notes itself in `ran`, so one applied twice shows up as a second row.
const SMALL = {
  '0001_first.sql': 'CREATE TABLE ran (version text NOT NULL); CREATE TABLE a (id int PRIMARY KEY); INSERT INTO ran VALUES (\'0001\');',
  '0002_second.sql': 'CREATE TABLE b (id int PRIMARY KEY); INSERT INTO ran VALUES (\'0002\');',
  '0003_third.sql': 'ALTER TABLE a ADD COLUMN name text; INSERT INTO ran VALUES (\'0003\');',
};
let small: string;
let db: TestDb;
beforeAll(async () => {
  small = await mkdtemp(path.join(tmpdir(), 'trilha-migrate-'));
  for (const [file, sql] of Object.entries(SMALL)) await writeFile(path.join(small, file), sql);
  db = await openEmptyTestDb();
});
afterAll(async () => {
  await db.dispose();
  await rm(small, { recursive: true, force: true });
});

describe(`migrate() on ${engineName()}`, () => {
  it('applies each pending file once, then nothing; a failing file names itself and keeps the ones before it', async () => {
    expect(await migrate(db, small)).toEqual(['0001_first', '0002_second', '0003_third']);
    expect(await migrate(db, small)).toEqual([]);
    await writeFile(path.join(small, '0004_broken.sql'), 'INSERT INTO ran VALUES (\'0004\'); SELECT * FROM nao_existe;');
    const failed = await migrate(db, small).catch((err: unknown) => err);
    await rm(path.join(small, '0004_broken.sql'));
    expect(failed).toBeInstanceOf(MigrationFailedError);
    expect((failed as MigrationFailedError).file).toMatch(/0004_broken\.sql$/);
    expect((failed as Error).message).toContain('nao_existe');
    // Rolled back whole, and the lock let go: a later run works.
    expect(await db.query('SELECT version FROM ran ORDER BY 1')).toEqual([{ version: '0001' }, { version: '0002' }, { version: '0003' }]);
    expect(await migrate(db, small)).toEqual([]);
  });
});

describe.skipIf(engineName() !== 'postgres')('migrate() from instances starting together on PostgreSQL', () => {
  /** Six instances (one pool each, as six processes would have) migrating the same database at once. */
  async function sixAtOnce(url: string, dir: string) {
    const pools = Array.from({ length: 6 }, () => openPostgresLikeApp(url, { max: 2, statementTimeoutMs: 15_000 }));
    const waits: number[] = [];
    try {
      return {
        results: await Promise.allSettled(pools.map((p, i) => migrate(p, dir, { onWait: () => waits.push(i) }))),
        waits,
      };
    } finally {
      await Promise.all(pools.map((p) => p.close()));
    }
  }

  it('a fresh database, 6 at once, 20 times: no failure, every migration applied once, the waiting ones say so once', async () => {
    const url = db.directUrl ?? '';
    let failures = 0;
    let waited = 0;
    for (let round = 0; round < 20; round += 1) {
      // A fresh database each round: nothing in it, schema_migrations included.
      await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
      const { results, waits } = await sixAtOnce(url, small);
      failures += results.filter((r) => r.status === 'rejected').length;
      const applied = results.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
      expect(applied.sort()).toEqual(['0001_first', '0002_second', '0003_third']);
      expect(await db.query('SELECT version, count(*)::int AS n FROM ran GROUP BY 1 ORDER BY 1')).toEqual([
        { version: '0001', n: 1 }, { version: '0002', n: 1 }, { version: '0003', n: 1 },
      ]);
      expect(new Set(waits).size).toBe(waits.length);
      waited += waits.length;
    }
    expect(failures).toBe(0);
    expect(waited).toBeGreaterThan(0);
  }, 180_000);

  it("the project's migrations, 6 at once on a fresh database: each applied once", async () => {
    await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    const { results } = await sixAtOnce(db.directUrl ?? '', MIGRATIONS_DIR);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const applied = results.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
    const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{4}_.+\.sql$/.test(f)).map((f) => f.replace(/\.sql$/, ''));
    expect(applied.sort()).toEqual(files.sort());
    expect(await db.query('SELECT count(*)::int AS n FROM schema_migrations')).toEqual([{ n: files.length }]);
  }, 180_000);
});
