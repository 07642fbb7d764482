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
  it('has tents out to a unit, a written-off stove with its vote, sizes, the kit half given and the uniform', { timeout: 300_000 }, async () => {
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
      `SELECT (SELECT count(*)::int FROM kit_deliveries d JOIN kit_items ki ON ki.id = d.kit_item_id JOIN kits k ON k.id = ki.kit_id
                WHERE ki.club_id = $1 AND ki.name = 'Lenço' AND k.kind = 'kit') AS given,
              (SELECT count(*)::int FROM club_members WHERE club_id = $1 AND active) AS members`, [club.id]);
    expect(kit.given).toBeGreaterThan(0);
    expect(kit.given).toBeLessThan(kit.members);
    // The club's uniform: shirts from the club and the members' own, no badges yet.
    const pieces = await db.query<{ name: string; clube: number; proprio: number }>(
      `SELECT ki.name, count(*) FILTER (WHERE d.source = 'clube')::int AS clube, count(*) FILTER (WHERE d.source = 'proprio')::int AS proprio
         FROM kits k JOIN kit_items ki ON ki.kit_id = k.id LEFT JOIN kit_deliveries d ON d.kit_item_id = ki.id
        WHERE k.club_id = $1 AND k.kind = 'uniforme' GROUP BY ki.name, ki.position ORDER BY ki.position`, [club.id]);
    expect(pieces.map((p) => p.name)).toEqual(['Camisa', 'Calça/saia', 'Lenço', 'Cinto', 'Boné', 'Distintivos']);
    expect(pieces[0].clube).toBeGreaterThan(0);
    expect(pieces[0].proprio).toBeGreaterThan(0);
    expect(pieces[5]).toMatchObject({ clube: 0, proprio: 0 });
  });
});
