import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { one } from '../db/index.js';
import { engineName, openTestDb, type TestDb } from '../../../test/db.js';
import { isPgError } from '../core/errors.js';
import * as repo from './repo.js';

// On PostgreSQL these calls really run at once on 25 connections; PGlite serialises them (one connection).
let db: TestDb;
let clubId: string;
let profileId: string;
beforeAll(async () => {
  db = await openTestDb({ poolSize: 25 });
  profileId = (await one<{ id: string }>(db, `INSERT INTO profiles (full_name) VALUES ('Tesoureira') RETURNING id`)).id;
  clubId = (await one<{ id: string }>(db, `INSERT INTO clubs (name, slug) VALUES ('Concorrência', 'concorrencia') RETURNING id`)).id;
});
afterAll(() => db.dispose());

async function account(initial: string): Promise<string> {
  return (await repo.insertCashAccount(db, clubId, { name: `Caixa ${initial}`, description: null, initial_balance: initial })).id;
}

function register(cashAccountId: string, type: 'income' | 'expense', amount: string, savingsGoalId: string | null = null) {
  return repo.registerTransaction(db, {
    clubId, cashAccountId, profileId: null, chartAccountId: null, savingsGoalId, type, amount,
    description: `${type} ${amount}`, transactionDate: null, createdBy: profileId,
  });
}

/** '12.34' → 1234 (integer cents: exact in JS). */
const cents = (s: string) => Math.round(Number(s) * 100);

describe(`register_transaction under concurrency on ${engineName()}`, () => {
  it('200 simultaneous mixed calls leave balance = initial + Σ exactly, and the goal equally exact', async () => {
    const cash = await account('1000.00');
    const goal = (await repo.insertSavingsGoal(db, clubId, { name: 'Cofre', description: null, goal_amount: '5000', start_date: null, end_date: null, profile_id: null })).id;
    await register(cash, 'income', '500.00', goal);

    const plan = Array.from({ length: 200 }, (_, i) => {
      switch (i % 4) {
        case 0: return { type: 'income' as const, amount: '12.34', goal };
        case 1: return { type: 'expense' as const, amount: '7.89', goal };
        case 2: return { type: 'income' as const, amount: '0.10', goal: null };
        default: return { type: 'expense' as const, amount: '0.20', goal: null };
      }
    });
    const results = await Promise.allSettled(plan.map((p) => register(cash, p.type, p.amount, p.goal)));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);

    const delta = (p: { type: string; amount: string }) => (p.type === 'income' ? cents(p.amount) : -cents(p.amount));
    const expectedCash = 150000 + plan.reduce((s, p) => s + delta(p), 0);
    const expectedGoal = 50000 + plan.filter((p) => p.goal).reduce((s, p) => s + delta(p), 0);
    const row = await one<{ current_balance: string; expected_balance: string; n: number }>(
      db,
      `SELECT ca.current_balance, v.expected_balance, v.transactions_count AS n
         FROM cash_accounts ca JOIN v_cash_account_conciliation v ON v.cash_account_id = ca.id WHERE ca.id = $1`,
      [cash],
    );
    expect(row.n).toBe(201);
    expect(cents(row.current_balance)).toBe(expectedCash);
    expect(row.current_balance).toBe((expectedCash / 100).toFixed(2));
    expect(row.expected_balance).toBe(row.current_balance);
    const g = await one<{ current_amount: string }>(db, 'SELECT current_amount FROM savings_goals WHERE id = $1', [goal]);
    expect(g.current_amount).toBe((expectedGoal / 100).toFixed(2));
    const audit = await one<{ n: number }>(db, `SELECT count(*)::int AS n FROM audit_log WHERE entity = 'transaction' AND after->>'cash_account_id' = $1`, [cash]);
    expect(audit.n).toBe(201);
  });

  it('0.1 + 0.2 stays 0.30', async () => {
    const cash = await account('0');
    await Promise.all([register(cash, 'income', '0.1'), register(cash, 'income', '0.2')]);
    const row = await one<{ current_balance: string }>(db, 'SELECT current_balance FROM cash_accounts WHERE id = $1', [cash]);
    expect(row.current_balance).toBe('0.30');
  });

  it('simultaneous expenses never overdraw: exactly the affordable ones pass', async () => {
    const cash = await account('10.00');
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => register(cash, 'expense', '1.00')));
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(results.length - refused.length).toBe(10);
    for (const r of refused) {
      expect(isPgError(r.reason) && r.reason.code).toBe('P0001');
      expect((r.reason as Error).message).toMatch(/^Saldo insuficiente no caixa/);
    }
    const row = await one<{ current_balance: string }>(db, 'SELECT current_balance FROM cash_accounts WHERE id = $1', [cash]);
    expect(row.current_balance).toBe('0.00');
  });

  it('simultaneous reversals of one transaction: only one passes', async () => {
    const cash = await account('0');
    const id = await register(cash, 'income', '25.00');
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => repo.reverseTransaction(db, clubId, id, profileId)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const row = await one<{ current_balance: string }>(db, 'SELECT current_balance FROM cash_accounts WHERE id = $1', [cash]);
    expect(row.current_balance).toBe('0.00');
  });
});
