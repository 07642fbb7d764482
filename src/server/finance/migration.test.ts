import { mkdtemp, copyFile, rm } from 'node:fs/promises';
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

// A database that stops at the data model, gets a club, then receives the finance migration.
let db: Db;
let dropDatabase: () => Promise<void> = async () => undefined;
let onlyDataModel: string;
beforeAll(async () => {
  onlyDataModel = await mkdtemp(path.join(tmpdir(), 'trilha-mig-'));
  await copyFile(path.join(MIGRATIONS_DIR, '0001_data_model.sql'), path.join(onlyDataModel, '0001_data_model.sql'));
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
  await rm(onlyDataModel, { recursive: true, force: true });
});

describe(`finance migration on ${engineName()}`, () => {
  it('backfills the default chart of accounts of clubs created before it', async () => {
    await migrate(db, onlyDataModel);
    await db.query(`INSERT INTO clubs (name, slug) VALUES ('Antigo', 'antigo')`);
    await migrate(db);
    const rows = await db.query<{ type: string; name: string }>(
      `SELECT coa.type, coa.name FROM chart_of_accounts coa JOIN clubs c ON c.id = coa.club_id WHERE c.slug = 'antigo' ORDER BY 1, 2`);
    expect(rows.length).toBe(12);
    expect(rows).toEqual(expect.arrayContaining([
      { type: 'income', name: 'Mensalidades' }, { type: 'income', name: 'Doações' }, { type: 'income', name: 'Eventos' },
      { type: 'expense', name: 'Uniformes' }, { type: 'expense', name: 'Materiais' }, { type: 'expense', name: 'Acampamentos' },
    ]));
  });
});
