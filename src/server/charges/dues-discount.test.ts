import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { one } from '../db/index.js';
import { centsToMoney, percentOff } from '../../shared/money.js';
import { engineName, openTestDb, type TestDb } from '../../../test/db.js';

// The dues screen shows a discounted amount from src/shared/money.ts; generate_dues charges it in SQL.
// They must agree to the cent for every plan, or the screen promises one amount and the charge says another.
let db: TestDb;
let clubId: string;
let memberId: string;

beforeAll(async () => {
  db = await openTestDb();
  clubId = (await one<{ id: string }>(db, `INSERT INTO clubs (name, slug) VALUES ('Clube Desconto', 'clube-desconto') RETURNING id`)).id;
  memberId = (await one<{ id: string }>(db, `INSERT INTO profiles (full_name) VALUES ('Lia') RETURNING id`)).id;
  await db.query(`INSERT INTO club_members (club_id, profile_id, role, active, created_at) VALUES ($1, $2, 'member', true, '2026-01-01 12:00-03')`, [clubId, memberId]);
  await db.query(`INSERT INTO dues_plans (club_id, amount, due_day, months) VALUES ($1, 20.15, 10, '{3}')`, [clubId]);
  await db.query(`INSERT INTO dues_exceptions (club_id, profile_id, kind, percent) VALUES ($1, $2, 'desconto', 50)`, [clubId, memberId]);
});
afterAll(() => db.dispose());

/** What generate_dues charges the member for March with this plan amount and discount. */
async function charged(amount: string, percent: number): Promise<string> {
  await db.query(`DELETE FROM charges WHERE club_id = $1`, [clubId]);
  await db.query(`UPDATE dues_plans SET amount = $2 WHERE club_id = $1`, [clubId, amount]);
  await db.query(`UPDATE dues_exceptions SET percent = $2 WHERE club_id = $1`, [clubId, percent]);
  await db.query(`SELECT generate_dues($1, '2026-03-05', NULL)`, [clubId]);
  return (await one<{ amount: string }>(db, `SELECT amount FROM charges WHERE club_id = $1 AND dues_month = '2026-03-01'`, [clubId])).amount;
}

describe(`discounted dues: money.ts and generate_dues agree on ${engineName()}`, () => {
  it('R$ 20,15 with 50 % off is R$ 10,08 on the screen and in the charge', async () => {
    expect(await charged('20.15', 50)).toBe('10.08');
    expect(percentOff('20.15', 50)).toBe('10.08');
  });

  it('for random plans and discounts, the amount money.ts computes is the amount the database charges', async () => {
    // Amounts where half cents occur are the interesting ones: small ones, odd cents, and the largest.
    const cents = fc.oneof(fc.bigInt({ min: 1n, max: 10000n }), fc.bigInt({ min: 1n, max: 99999999999999n }));
    await fc.assert(fc.asyncProperty(cents, fc.integer({ min: 1, max: 99 }), async (c, percent) => {
      const amount = centsToMoney(c);
      const shown = percentOff(amount, percent);
      fc.pre(shown !== '0.00'); // a charge is never of R$ 0,00; a plan that small is not a real plan
      expect(await charged(amount, percent)).toBe(shown);
    }), { numRuns: 60 });
  });
});
