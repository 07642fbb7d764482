import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/index.js';
import { MIGRATIONS_DIR, migrate } from '../db/migrate.js';
import { openPglite } from '../db/pglite.js';
import { openPostgres } from '../db/postgres.js';
import { engineName } from '../../../test/db.js';
import { withDatabase } from '../../../test/global-setup.js';

// A database that stops just before migration 0370, gets clubs with active and inactive members, then
// receives it: the counter starts from the memberships already there.
let db: Db;
let dropDatabase: () => Promise<void> = async () => undefined;
let before0370: string;
beforeAll(async () => {
  before0370 = await mkdtemp(path.join(tmpdir(), 'trilha-mig-'));
  for (const f of (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{4}_.+\.sql$/.test(f) && f < '0370')) {
    await copyFile(path.join(MIGRATIONS_DIR, f), path.join(before0370, f));
  }
  const url = process.env.TEST_DATABASE_URL;
  if (engineName() === 'postgres' && url) {
    const name = `trilha_mig_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    db = openPostgres(withDatabase(url, name), { max: 2 });
    dropDatabase = async () => {
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    };
  } else {
    db = await openPglite();
  }
});
afterAll(async () => {
  await db.close();
  await dropDatabase();
  await rm(before0370, { recursive: true, force: true });
});

describe(`active member counter migration on ${engineName()}`, () => {
  it('counts the active memberships of clubs created before it, then keeps counting', async () => {
    await migrate(db, before0370);
    await db.query(`INSERT INTO clubs (name, slug) VALUES ('Antigo', 'antigo'), ('Vazio', 'vazio')`);
    await db.query(`INSERT INTO profiles (full_name) SELECT 'Pessoa ' || g FROM generate_series(1, 5) g`);
    await db.query(
      `INSERT INTO club_members (club_id, profile_id, active)
       SELECT c.id, p.id, p.full_name <> 'Pessoa 5' FROM clubs c, profiles p WHERE c.slug = 'antigo'`);
    expect(await migrate(db)).toContain('0370_club_active_member_count');
    const counts = async () => (await db.query<{ slug: string; n: number }>(`SELECT slug, active_member_count AS n FROM clubs ORDER BY slug`));
    expect(await counts()).toEqual([{ slug: 'antigo', n: 4 }, { slug: 'vazio', n: 0 }]);
    await db.query(`UPDATE club_members SET active = true WHERE club_id = (SELECT id FROM clubs WHERE slug = 'antigo')`);
    expect(await counts()).toEqual([{ slug: 'antigo', n: 5 }, { slug: 'vazio', n: 0 }]);
  });
});
