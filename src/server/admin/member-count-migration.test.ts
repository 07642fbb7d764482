import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate.js';
import { engineName, migrationsBefore, openEmptyTestDb, type TestDb } from '../../../test/db.js';

// A database that stops just before migration 0370, gets clubs with active and inactive members, then
// receives it: the counter starts from the memberships already there.
let db: TestDb;
let before0370: Awaited<ReturnType<typeof migrationsBefore>>;
beforeAll(async () => {
  before0370 = await migrationsBefore('0370');
  db = await openEmptyTestDb();
});
afterAll(async () => {
  await db.dispose();
  await before0370.remove();
});

describe(`active member counter migration on ${engineName()}`, () => {
  it('counts the active memberships of clubs created before it, then keeps counting', async () => {
    await migrate(db, before0370.dir);
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
