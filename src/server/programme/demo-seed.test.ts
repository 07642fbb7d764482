import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, engineName, type TestDb } from '../../../test/db.js';
import { seedDemo } from '../demo/seed.js';

let db: TestDb;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.dispose());

describe(`demo club programme on ${engineName()}`, () => {
  it('has kids halfway through Amigo, one pronto para investidura and especialidades em andamento', { timeout: 90_000 }, async () => {
    expect((await seedDemo(db)).created).toBe(true);
    const rows = await db.query<{ item_code: string; completed: boolean; signed: number }>(
      `SELECT e.item_code, e.completed_on IS NOT NULL AS completed, (SELECT count(*) FROM programme_signatures s WHERE s.enrolment_id = e.id)::int AS signed
         FROM programme_enrolments e ORDER BY e.item_code, signed DESC`,
    );
    const amigo = rows.filter((r) => r.item_code === 'AMIGO');
    expect(amigo.length).toBeGreaterThanOrEqual(4);
    expect(amigo.filter((r) => r.completed)).toHaveLength(1);
    expect(amigo.filter((r) => !r.completed && r.signed >= 2)).toHaveLength(amigo.length - 1);
    expect(rows.filter((r) => r.item_code === 'EN-001')).toHaveLength(3);
    // The kid who completed Amigo holds its badge, given by the completing signature.
    const holders = await db.query(`SELECT 1 FROM member_badges mb JOIN badges b ON b.id = mb.badge_id WHERE b.name = 'Amigo concluído'`);
    expect(holders).toHaveLength(1);
  });
});
