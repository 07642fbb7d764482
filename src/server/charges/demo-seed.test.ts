import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, engineName, type TestDb } from '../../../test/db.js';
import { seedDemo } from '../demo/seed.js';
import { DEMO_SLUG } from '../demo/base.js';
import { listDebtors } from './debtors.js';

let db: TestDb;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.dispose());

describe(`demo club dues on ${engineName()}`, () => {
  it('has dues under way: some paid (one in part), some late in every bucket, exceptions, PIX, and money that adds up', { timeout: 90_000 }, async () => {
    expect((await seedDemo(db)).created).toBe(true);
    const [club] = await db.query<{ id: string }>(`SELECT id FROM clubs WHERE slug = $1`, [DEMO_SLUG]);
    const [counts] = await db.query<{ dues: number; paid: number; part: number; open: number }>(
      `SELECT count(*)::int AS dues, count(*) FILTER (WHERE paid_amount = amount)::int AS paid,
              count(*) FILTER (WHERE paid_amount > 0 AND paid_amount < amount)::int AS part,
              count(*) FILTER (WHERE paid_amount = 0)::int AS open
         FROM charges WHERE club_id = $1 AND origin = 'mensalidade'`, [club.id]);
    expect(counts.dues).toBeGreaterThan(20);
    expect(counts.paid).toBeGreaterThan(5);
    expect(counts.part).toBe(1);
    expect(counts.open).toBeGreaterThan(5);
    const debtors = await listDebtors(db, club.id, {});
    expect(debtors.members.length).toBeGreaterThan(3);
    expect(Number(debtors.late_total)).toBeGreaterThan(0);
    expect(debtors.members.some((m) => m.late_over_60 !== '0.00')).toBe(true);
    // An upcoming acampamento with registrations, their charges (one instalment paid for some) and an authorisation.
    const [camp] = await db.query<{ upcoming: boolean; regs: number; charges: number; paid: number; signed: number }>(
      `SELECT e.starts_on > (now() AT TIME ZONE 'America/Sao_Paulo')::date AS upcoming,
              (SELECT count(*)::int FROM event_registrations r WHERE r.event_id = e.id) AS regs,
              (SELECT count(*)::int FROM charges c WHERE c.event_id = e.id) AS charges,
              (SELECT count(*)::int FROM charges c WHERE c.event_id = e.id AND c.paid_amount > 0) AS paid,
              (SELECT count(*)::int FROM event_authorisations a JOIN event_registrations r ON r.id = a.registration_id WHERE r.event_id = e.id) AS signed
         FROM events e WHERE e.club_id = $1 AND e.kind = 'acampamento'`, [club.id]);
    expect(camp).toMatchObject({ upcoming: true, signed: 1 });
    expect(camp.regs).toBeGreaterThan(2);
    expect(camp.charges).toBe(camp.regs * 2);
    expect(camp.paid).toBeGreaterThan(0);
    const [pix] = await db.query(`SELECT 1 FROM club_pix_settings WHERE club_id = $1`, [club.id]);
    expect(pix).toBeTruthy();
    // paid = Σ payments per charge; every caixa = initial + Σ its transactions.
    expect(await db.query(
      `SELECT ch.id FROM charges ch LEFT JOIN charge_payments cp ON cp.charge_id = ch.id AND cp.reversed_at IS NULL
        WHERE ch.club_id = $1 GROUP BY ch.id HAVING ch.paid_amount <> coalesce(sum(cp.amount), 0)`, [club.id])).toEqual([]);
    expect(await db.query(
      `SELECT ca.id FROM cash_accounts ca LEFT JOIN transactions t ON t.cash_account_id = ca.id
        WHERE ca.club_id = $1 GROUP BY ca.id
       HAVING ca.current_balance <> ca.initial_balance + coalesce(sum(CASE WHEN t.type = 'income' THEN t.amount ELSE -t.amount END), 0)`, [club.id])).toEqual([]);
  });
});
