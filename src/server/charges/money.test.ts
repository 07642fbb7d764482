import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { one } from '../db/index.js';
import { engineName, openTestDb, type TestDb } from '../../../test/db.js';
import * as repo from './repo.js';
import * as service from './service.js';

// ADR 050: a charge's paid amount is the sum of its standing payments, and every caixa equals its
// transactions, whatever sequence of payments, partial payments and reversals the treasurer makes.
let db: TestDb;
let clubId: string;
let treasurerId: string;
let memberId: string;
const cashIds: string[] = [];

beforeAll(async () => {
  db = await openTestDb();
  treasurerId = (await one<{ id: string }>(db, `INSERT INTO profiles (full_name) VALUES ('Tesoureira') RETURNING id`)).id;
  memberId = (await one<{ id: string }>(db, `INSERT INTO profiles (full_name) VALUES ('Bruno') RETURNING id`)).id;
  clubId = (await one<{ id: string }>(db, `INSERT INTO clubs (name, slug) VALUES ('Dinheiro exato', 'dinheiro-exato') RETURNING id`)).id;
  await db.query(`SELECT create_default_chart_of_accounts($1)`, [clubId]);
  await db.query(`INSERT INTO club_members (club_id, profile_id, role) VALUES ($1, $2, 'treasurer'), ($1, $3, 'member')`, [clubId, treasurerId, memberId]);
  for (const name of ['Caixa A', 'Caixa B']) {
    cashIds.push((await one<{ id: string }>(db, `INSERT INTO cash_accounts (club_id, name) VALUES ($1, $2) RETURNING id`, [clubId, name])).id);
  }
});
afterAll(() => db.dispose());

const actor = () => ({ clubId, profileId: treasurerId });
const cents = (n: number) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;

type Op =
  | { kind: 'pay'; charge: number; cents: number; cash: number }
  | { kind: 'reverse'; charge: number; payment: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('pay' as const), charge: fc.nat(4), cents: fc.integer({ min: 1, max: 6000 }), cash: fc.nat(1) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reverse' as const), charge: fc.nat(4), payment: fc.nat(9) }) },
);

async function checkInvariants(): Promise<void> {
  const charges = await db.query<{ id: string; paid: string; sum: string }>(
    `SELECT ch.id, ch.paid_amount::text AS paid,
            coalesce((SELECT sum(cp.amount) FROM charge_payments cp WHERE cp.charge_id = ch.id AND cp.reversed_at IS NULL), 0)::numeric(14,2)::text AS sum
       FROM charges ch WHERE ch.club_id = $1`, [clubId]);
  for (const c of charges) expect(c.paid, c.id).toBe(c.sum);
  const cash = await db.query<{ current: string; expected: string }>(
    `SELECT ca.current_balance::text AS current, v.expected_balance::text AS expected
       FROM cash_accounts ca JOIN v_cash_account_conciliation v ON v.cash_account_id = ca.id WHERE ca.club_id = $1`, [clubId]);
  for (const c of cash) expect(c.current).toBe(c.expected);
  // Money in the caixas = payments standing (nothing else moves them here).
  const [total] = await db.query<{ cash: string; paid: string }>(
    `SELECT (SELECT sum(current_balance) FROM cash_accounts WHERE club_id = $1)::numeric(14,2)::text AS cash,
            (SELECT coalesce(sum(paid_amount), 0) FROM charges WHERE club_id = $1)::numeric(14,2)::text AS paid`, [clubId]);
  expect(total.cash).toBe(total.paid);
}

describe(`charge payments stay exact on ${engineName()}`, () => {
  it('1,000 random payments, partial payments and reversals: paid = Σ payments, caixa = Σ transactions', async () => {
    let applied = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 50, maxLength: 50 }), async (ops) => {
        const charges: string[] = [];
        for (let i = 0; i < 5; i += 1) {
          const c = await service.createCharge(db, actor(), { profile_id: memberId, description: `Cobrança ${i}`, amount: '100.00', due_date: '2026-03-10', origin: i % 2 ? 'evento' : 'avulsa' });
          charges.push(c.id);
        }
        for (const op of ops) {
          const chargeId = charges[op.charge];
          try {
            if (op.kind === 'pay') {
              await service.recordPayment(db, actor(), chargeId, { amount: cents(op.cents), cash_account_id: cashIds[op.cash], method: 'pix', paid_on: null });
            } else {
              const payments = await repo.listPayments(db, clubId, chargeId);
              const p = payments[op.payment % Math.max(payments.length, 1)];
              if (p) await service.reversePayment(db, actor(), chargeId, p.id);
            }
            applied += 1;
          } catch (err) {
            // Refusals (overpaying, a reversal twice) are the user's mistakes: 4xx, never a half-write.
            expect((err as { status?: number }).status).toBeLessThan(500);
          }
        }
        await checkInvariants();
      }),
      { numRuns: 20, seed: 50 },
    );
    expect(applied).toBeGreaterThan(500);
  }, 240_000);

  it('a payment and its transaction are written together or not at all (the write killed between them)', async () => {
    const charge = await service.createCharge(db, actor(), { profile_id: memberId, description: 'Falha', amount: '40.00', due_date: '2026-03-10', origin: 'avulsa' });
    const count = async () => (await one<{ n: number }>(db, `SELECT count(*)::int AS n FROM transactions WHERE club_id = $1`, [clubId])).n;
    const before = { tx: await count(), balance: (await one<{ b: string }>(db, `SELECT current_balance::text AS b FROM cash_accounts WHERE id = $1`, [cashIds[0]])).b };
    // After register_transaction has written the income, the payment's own insert dies.
    await db.exec(`CREATE FUNCTION test_kill_payment() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'morreu no meio' USING ERRCODE = 'XX000'; END $$;
      CREATE TRIGGER test_kill_payment BEFORE INSERT ON charge_payments FOR EACH ROW EXECUTE FUNCTION test_kill_payment();`);
    try {
      await expect(service.recordPayment(db, actor(), charge.id, { amount: '40.00', cash_account_id: cashIds[0], method: 'dinheiro', paid_on: null })).rejects.toThrow('morreu no meio');
    } finally {
      await db.exec(`DROP TRIGGER test_kill_payment ON charge_payments; DROP FUNCTION test_kill_payment();`);
    }
    expect(await count()).toBe(before.tx);
    expect((await one<{ b: string }>(db, `SELECT current_balance::text AS b FROM cash_accounts WHERE id = $1`, [cashIds[0]])).b).toBe(before.balance);
    expect((await repo.getCharge(db, clubId, charge.id))?.paid_amount).toBe('0.00');
    await checkInvariants();
  });
});
