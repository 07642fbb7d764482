import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, engineName, type TestDb } from '../../../test/db.js';
import { seedDemo } from '../demo/seed.js';
import { DEMO_SLUG } from '../demo/base.js';

let db: TestDb;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.dispose());

describe(`demo storeroom on ${engineName()}`, () => {
  it('has tents out to a unit, a written-off stove with its vote, sizes and the kit half given', { timeout: 120_000 }, async () => {
    expect((await seedDemo(db)).created).toBe(true);
    const [club] = await db.query<{ id: string }>(`SELECT id FROM clubs WHERE slug = $1`, [DEMO_SLUG]);
    const [out] = await db.query<{ quantity: number; borrower_kind: string }>(
      `SELECT l.quantity, l.borrower_kind FROM patrimonio_loans l JOIN patrimonio_items i ON i.id = l.item_id WHERE l.club_id = $1 AND i.name LIKE 'Barraca%' AND l.returned_at IS NULL`, [club.id]);
    expect(out).toEqual({ quantity: 3, borrower_kind: 'unidade' });
    const [stove] = await db.query<{ written_off: number; church_vote: string }>(
      `SELECT i.written_off, h.church_vote FROM patrimonio_items i JOIN patrimonio_history h ON h.item_id = i.id AND h.kind = 'baixa' WHERE i.club_id = $1 AND i.name LIKE 'Fogareiro%'`, [club.id]);
    expect(stove.written_off).toBe(1);
    expect(stove.church_vote).toMatch(/voto/);
    const [sizes] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM member_sizes WHERE club_id = $1`, [club.id]);
    expect(sizes.n).toBeGreaterThan(3);
    const [kit] = await db.query<{ given: number; members: number }>(
      `SELECT (SELECT count(*)::int FROM kit_deliveries d JOIN kit_items ki ON ki.id = d.kit_item_id WHERE ki.club_id = $1 AND ki.name = 'Lenço') AS given,
              (SELECT count(*)::int FROM club_members WHERE club_id = $1 AND active) AS members`, [club.id]);
    expect(kit.given).toBeGreaterThan(0);
    expect(kit.given).toBeLessThan(kit.members);
  });
});
