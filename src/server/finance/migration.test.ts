import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate.js';
import { engineName, migrationsBefore, openEmptyTestDb, type TestDb } from '../../../test/db.js';

// A database that stops at the data model, gets a club, then receives the finance migration.
let db: TestDb;
let dataModelOnly: Awaited<ReturnType<typeof migrationsBefore>>;
beforeAll(async () => {
  dataModelOnly = await migrationsBefore('0002');
  db = await openEmptyTestDb();
});
afterAll(async () => {
  await db.dispose();
  await dataModelOnly.remove();
});

describe(`finance migration on ${engineName()}`, () => {
  it('backfills the default chart of accounts of clubs created before it', async () => {
    await migrate(db, dataModelOnly.dir);
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
