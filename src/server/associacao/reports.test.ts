import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, testClubToday, type TestContext } from '../../../test/api.js';
import { setUpStaffedClub, type StaffedClub } from '../../../test/club.js';
import { engineName } from '../../../test/db.js';
import { REPORT_MSG, parseFigure, periodLabel, periodRange } from '../../shared/associacao-reports.js';

let ctx: TestContext;
let s: StaffedClub;
let sut: string;
const [year, month] = testClubToday().split('-').map(Number);
const day = (d: number) => `${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

beforeAll(async () => {
  ctx = await createTestApp();
  s = await setUpStaffedClub(ctx, 'Clube Relatórios', { members: ['Ana Souza', 'Bruno Lima'], cashAccount: 'Caixa' });
  sut = `${s.base}/associacao/reports`;
  for (const [type, amount] of [['income', '150.50'], ['income', '49.50'], ['expense', '80.25']]) {
    const res = await call(ctx.app, 'POST', `${s.base}/transactions`, { as: s.admin, body: { cash_account_id: s.cash, description: `Lançamento ${amount}`, amount, type, transaction_date: day(1) } });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(() => ctx.close());

describe('periods and typed figures', () => {
  it('a bimonthly period spans two months; labels in pt-BR', () => {
    expect(periodRange('bimonthly', 2026, 1)).toEqual({ from: '2026-01-01', to: '2026-02-28' });
    expect(periodRange('monthly', 2028, 2)).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(periodLabel('bimonthly', 2026, 3)).toBe('março e abril de 2026');
  });
  it('reads counts, percents and money the pt-BR way, and refuses formulas', () => {
    expect(parseFigure('money', 'Entradas', '1.234,56')).toEqual({ ok: true, value: '1234.56' });
    expect(parseFigure('money', 'Resultado', '-10,5')).toEqual({ ok: true, value: '-10.50' });
    expect(parseFigure('count', 'Atas', '=1+1').ok).toBe(false);
    expect(parseFigure('pct', 'Frequência', '101').ok).toBe(false);
  });
});

describe(`reports for the Associação on ${engineName()}`, () => {
  let id: string;

  it('the secretary generates this month\'s draft from Trilha\'s data', async () => {
    const res = await call(ctx.app, 'POST', sut, { as: s.secretary, body: { period_kind: 'monthly', year, month } });
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json();
    id = r.id;
    expect(r.status).toBe('draft');
    const fig = (k: string) => r.figures.find((f: { key: string }) => f.key === k);
    expect(fig('members_active').value).toBe('5');
    expect(fig('members_joined').value).toBe('5');
    expect(fig('income').value).toBe('200.00');
    expect(fig('expense').value).toBe('80.25');
    expect(fig('balance').value).toBe('119.75');
    expect((await call(ctx.app, 'POST', sut, { as: s.admin, body: { period_kind: 'monthly', year, month } })).json().error.message).toBe(REPORT_MSG.exists);
  });

  it('refuses a future period, an even bimonthly start and bad overrides in pt-BR, writing nothing', async () => {
    expect((await call(ctx.app, 'POST', sut, { as: s.secretary, body: { period_kind: 'monthly', year: year + 1, month: 1 } })).json().error.message).toBe(REPORT_MSG.future);
    expect((await call(ctx.app, 'POST', sut, { as: s.secretary, body: { period_kind: 'bimonthly', year, month: 2 } })).statusCode).toBe(400);
    for (const bad of [
      { key: 'atas', value: '=1+1', note: 'x' },
      { key: 'atas', value: '-3', note: 'x' },
      { key: 'atas', value: '3', note: '' },
      { key: 'nope', value: '3', note: 'x' },
      { key: 'income', value: '12,345', note: 'x' },
    ]) {
      const res = await call(ctx.app, 'PUT', `${sut}/${id}`, { as: s.secretary, body: { overrides: [bad], notes: '' } });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error.message).not.toMatch(/^Invalid/);
    }
    const [row] = await ctx.db.query<{ overrides: object }>(`SELECT overrides FROM associacao_reports WHERE id = $1`, [id]);
    expect(row.overrides).toEqual({});
  });

  it('overrides a figure with a note, closes, and then nothing changes it (API 409, SQL trigger)', async () => {
    const put = await call(ctx.app, 'PUT', `${sut}/${id}`, { as: s.secretary, body: { overrides: [{ key: 'atas', value: '2', note: 'Duas atas em papel, antes do Trilha' }], notes: '=HYPERLINK("x")' } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().figures.find((f: { key: string }) => f.key === 'atas')).toMatchObject({ computed: '0', override: '2', value: '2', note: 'Duas atas em papel, antes do Trilha' });
    const closed = await call(ctx.app, 'POST', `${sut}/${id}/close`, { as: s.secretary });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'closed', closed_by_name: 'Secretário' });
    // A new transaction after closing leaves the closed figures as they were.
    await call(ctx.app, 'POST', `${s.base}/transactions`, { as: s.admin, body: { cash_account_id: s.cash, description: 'Depois', amount: '10', type: 'income', transaction_date: day(1) } });
    const again = (await call(ctx.app, 'GET', `${sut}/${id}`, { as: s.admin })).json();
    expect(again.figures.find((f: { key: string }) => f.key === 'income').value).toBe('200.00');
    expect((await call(ctx.app, 'PUT', `${sut}/${id}`, { as: s.secretary, body: { overrides: [], notes: '' } })).json().error.message).toBe(REPORT_MSG.closed);
    expect((await call(ctx.app, 'POST', `${sut}/${id}/close`, { as: s.secretary })).statusCode).toBe(409);
    expect((await call(ctx.app, 'DELETE', `${sut}/${id}`, { as: s.secretary })).statusCode).toBe(409);
    await expect(ctx.db.query(`UPDATE associacao_reports SET notes = 'x' WHERE id = $1`, [id])).rejects.toThrow();
    await expect(ctx.db.query(`DELETE FROM associacao_reports WHERE id = $1`, [id])).rejects.toThrow();
  });

  it('exports CSV with a BOM and ; with the formula neutralised', async () => {
    const res = await call(ctx.app, 'GET', `${sut}/${id}/report.csv`, { as: s.secretary });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(res.body).toContain('Finanças;Entradas (R$);200,00;200,00;');
    expect(res.body).toContain(`Observações;"'=HYPERLINK(""x"")"`);
  });

  it('a treasurer is refused; another club answers 404', async () => {
    expect((await call(ctx.app, 'GET', sut, { as: s.treasurer })).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', `${sut}/${id}`, { as: s.stranger })).statusCode).toBe(404);
    const theirs = (await call(ctx.app, 'GET', '/api/clubs', { as: s.stranger })).json();
    const otherId = (Array.isArray(theirs) ? theirs : theirs.clubs ?? theirs.items)[0].id;
    expect((await call(ctx.app, 'GET', `/api/clubs/${otherId}/associacao/reports/${id}`, { as: s.stranger })).statusCode).toBe(404);
  });
});
