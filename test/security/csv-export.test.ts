import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { call, createClub, createTestApp, signUp, type Session, type TestContext } from '../api.js';
import { engineName } from '../db.js';
import { csvNumber, toCsv } from '../../src/server/csv.js';

/** A formula a spreadsheet would run, spread over two lines (Papa's escapeFormulae missed it). */
const EVIL = '=HYPERLINK("http://x","ok")\nfoo';
const TRIGGERS = ['=1+1', '+1', '-1+2', '@SUM(A1)', '\t=1', '\r=1', `${EVIL}`, '-cmd|\' /C calc\'!A0\r\nbar'];

let ctx: TestContext;
let superAdmin: Session;
beforeAll(async () => {
  ctx = await createTestApp();
  superAdmin = await signUp(ctx.app, { name: 'Super' });
});
afterAll(() => ctx.close());

/** Every cell of a CSV body (BOM removed), parsed as a spreadsheet would split it. */
function cells(body: string): string[] {
  const parsed = Papa.parse<string[]>(body.replace(/^\uFEFF/, ''), { delimiter: ';', skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data.flat();
}
const live = (c: string) => /^[=+\-@\t\r]/.test(c) && !/^-\d+(,\d+)?$/.test(c);

describe(`CSV exports on ${engineName()}`, () => {
  it('the writer neutralises every formula start, multi-line included, and keeps negative numbers as numbers', () => {
    const csv = toCsv([['texto', 'valor'], ...TRIGGERS.map((t) => [t, csvNumber('-12,50')]), ['ok', -3], ['a;b', 1.5]]);
    const parsed = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { delimiter: ';', skipEmptyLines: true }).data;
    expect(parsed).toHaveLength(TRIGGERS.length + 3);
    TRIGGERS.forEach((t, i) => expect(parsed[i + 1]).toEqual([`'${t}`, '-12,50']));
    expect(parsed.at(-2)).toEqual(['ok', '-3']);
    expect(parsed.at(-1)).toEqual(['a;b', '1.5']);
    expect(toCsv([[csvNumber('=1+1')]])).toBe("\uFEFF'=1+1\r\n");
  });

  it('a club, cash account, member and description named with a multi-line formula come out neutralised in every export', async () => {
    const owner = await signUp(ctx.app, { name: 'Dona' });
    const club = await createClub(ctx.app, owner, 'Relatado');
    await ctx.db.query('UPDATE clubs SET name = $2 WHERE id = $1', [club.id, EVIL]);
    await ctx.db.query('UPDATE profiles SET full_name = $2 WHERE id = $1', [owner.profile.id, EVIL]);

    // Platform report: the club's name is listed among the clubs with active members.
    const report = await call(ctx.app, 'GET', '/api/admin/reports/export.csv?months=1', { as: superAdmin });
    expect(report.statusCode).toBe(200);
    const reportCells = cells(report.body);
    expect(reportCells).toContain(`'${EVIL}`);
    expect(reportCells.filter(live)).toEqual([]);

    // Finance: description, cash account and member of a transaction.
    const base = `/api/clubs/${club.id}`;
    const account = await call(ctx.app, 'POST', `${base}/cash-accounts`, { as: owner, body: { name: 'Caixa', initial_balance: '100.00' } });
    expect(account.statusCode).toBe(201);
    await ctx.db.query('UPDATE cash_accounts SET name = $2 WHERE id = $1', [account.json().id, EVIL]);
    const today = new Date().toISOString().slice(0, 10);
    const tx = await call(ctx.app, 'POST', `${base}/transactions`, {
      as: owner,
      body: { cash_account_id: account.json().id, description: EVIL, amount: '12.50', type: 'expense', transaction_date: today, profile_id: owner.profile.id },
    });
    expect(tx.statusCode).toBe(201);
    const finance = await call(ctx.app, 'GET', `${base}/finance/transactions.csv?from=${today}&to=${today}`, { as: owner });
    expect(finance.statusCode).toBe(200);
    const financeCells = cells(finance.body);
    expect(financeCells.filter((c) => c === `'${EVIL}`).length).toBeGreaterThanOrEqual(2);
    expect(financeCells).toContain('-12,50');
    expect(financeCells.filter(live)).toEqual([]);
  });
});
