import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FIN_MSG } from '../../shared/finance.js';
import { addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { seedDemoClub } from '../demo/base.js';
import { seedFinance } from './demo-seed.js';
import { monthlyReport } from './repo.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  // The first account is the platform's super admin; these tests want ordinary users.
  await signUp(ctx.app, { name: 'Super Admin' });
});
afterAll(() => ctx.close());

interface Club {
  id: string;
  admin: Session;
  member: Session;
  base: string;
}

async function newClub(name = 'Clube Finanças'): Promise<Club> {
  const admin = await signUp(ctx.app, { name: 'Tesoureira' });
  const club = await createClub(ctx.app, admin, name);
  const member = await signUp(ctx.app, { name: 'Pedro Membro' });
  await addMember(ctx.db, club.id, member.profile.id);
  return { id: club.id, admin, member, base: `/api/clubs/${club.id}` };
}

async function post(c: Club, path: string, body: unknown, as: Session = c.admin) {
  return call(ctx.app, 'POST', `${c.base}${path}`, { as, body });
}
async function get(c: Club, path: string, as: Session = c.admin) {
  return call(ctx.app, 'GET', `${c.base}${path}`, { as });
}
async function cashAccount(c: Club, name = 'Caixa Geral', initial = '100.00'): Promise<string> {
  const res = await post(c, '/cash-accounts', { name, initial_balance: initial });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}
async function balance(c: Club, id: string): Promise<string> {
  const list = (await get(c, '/cash-accounts')).json() as Array<{ id: string; current_balance: string }>;
  const found = list.find((a) => a.id === id);
  if (!found) throw new Error('cash account not listed');
  return found.current_balance;
}
async function goalAmount(c: Club, id: string): Promise<string> {
  const list = (await get(c, '/savings-goals?all=true')).json() as Array<{ id: string; current_amount: string }>;
  const found = list.find((g) => g.id === id);
  if (!found) throw new Error('goal not listed');
  return found.current_amount;
}

describe(`finance on ${engineName()}`, () => {
  it('a new club gets a default chart of accounts; admins create, rename and deactivate accounts', async () => {
    const c = await newClub();
    const list = (await get(c, '/chart-of-accounts')).json() as Array<{ id: string; name: string; type: string }>;
    const names = list.map((a) => `${a.type}:${a.name}`);
    for (const n of ['income:Mensalidades', 'income:Doações', 'income:Eventos', 'expense:Uniformes', 'expense:Materiais', 'expense:Acampamentos']) {
      expect(names).toContain(n);
    }

    const created = await post(c, '/chart-of-accounts', { name: 'Rifas', type: 'income' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Rifas', type: 'income', active: true });
    const dup = await post(c, '/chart-of-accounts', { name: 'Rifas', type: 'income' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe(FIN_MSG.chartDuplicate);
    expect((await post(c, '/chart-of-accounts', { name: 'Rifas', type: 'expense' })).statusCode).toBe(201);
    expect((await post(c, '/chart-of-accounts', { name: ' ', type: 'income' })).json().error.message).toBe(FIN_MSG.chartNameRequired);
    expect((await post(c, '/chart-of-accounts', { name: 'X' })).json().error.message).toBe(FIN_MSG.chartTypeRequired);

    const id = created.json().id;
    const renamed = await call(ctx.app, 'PATCH', `${c.base}/chart-of-accounts/${id}`, { as: c.admin, body: { name: 'Rifas e sorteios' } });
    expect(renamed.json()).toMatchObject({ name: 'Rifas e sorteios', type: 'income', active: true });
    const off = await call(ctx.app, 'DELETE', `${c.base}/chart-of-accounts/${id}`, { as: c.admin });
    expect(off.json()).toMatchObject({ active: false });
    expect(((await get(c, '/chart-of-accounts')).json() as Array<{ id: string }>).some((a) => a.id === id)).toBe(false);
    expect(((await get(c, '/chart-of-accounts?include_inactive=true')).json() as Array<{ id: string }>).some((a) => a.id === id)).toBe(true);
    const back = await call(ctx.app, 'PATCH', `${c.base}/chart-of-accounts/${id}`, { as: c.admin, body: { active: true } });
    expect(back.json().active).toBe(true);
    const audit = await ctx.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE entity = 'chart_account' AND entity_id = $1`, [id]);
    expect(audit.map((a) => a.action).sort()).toEqual(['chart_account.create', 'chart_account.update', 'chart_account.update', 'chart_account.update']);
  });

  it('cash accounts: name required, current balance starts at the initial one, edit keeps balances, delete deactivates', async () => {
    const c = await newClub();
    const noName = await post(c, '/cash-accounts', { name: '  ', initial_balance: '10' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.message).toBe(FIN_MSG.cashAccountNameRequired);
    expect((await post(c, '/cash-accounts', { name: 'X', initial_balance: '-1' })).json().error.message).toBe(FIN_MSG.initialBalanceNegative);
    expect((await post(c, '/cash-accounts', { name: 'X', initial_balance: '1.005' })).json().error.message).toBe(FIN_MSG.amountDecimals);

    const res = await post(c, '/cash-accounts', { name: 'Caixa Geral', description: 'Conta principal', initial_balance: '150,5' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Caixa Geral', description: 'Conta principal', initial_balance: '150.50', current_balance: '150.50', reconciled: true, active: true });
    const zero = await post(c, '/cash-accounts', { name: 'Cantina' });
    expect(zero.json()).toMatchObject({ initial_balance: '0.00', current_balance: '0.00' });
    const blank = await post(c, '/cash-accounts', { name: 'Reserva', initial_balance: ' ' });
    expect(blank.json()).toMatchObject({ initial_balance: '0.00', current_balance: '0.00' });
    await call(ctx.app, 'DELETE', `${c.base}/cash-accounts/${blank.json().id}`, { as: c.admin });

    const id = res.json().id;
    const edited = await call(ctx.app, 'PUT', `${c.base}/cash-accounts/${id}`, { as: c.admin, body: { name: 'Caixa Principal', description: '', initial_balance: '999.00' } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Caixa Principal', description: null, initial_balance: '150.50', current_balance: '150.50' });

    expect((await call(ctx.app, 'DELETE', `${c.base}/cash-accounts/${id}`, { as: c.admin })).statusCode).toBe(200);
    expect(((await get(c, '/cash-accounts')).json() as unknown[]).length).toBe(1);
    expect((await call(ctx.app, 'DELETE', `${c.base}/cash-accounts/${id}`, { as: c.admin })).statusCode).toBe(404);
    const [row] = await ctx.db.query<{ active: boolean }>('SELECT active FROM cash_accounts WHERE id = $1', [id]);
    expect(row.active).toBe(false);
    const summary = (await get(c, '/finance/summary')).json();
    expect(summary).toEqual({ total_balance: '0.00', cash_accounts: 1, savings_goals: 0 });
    const audit = await ctx.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE entity_id = $1 ORDER BY at`, [id]);
    expect(audit.map((a) => a.action)).toEqual(['cash_account.create', 'cash_account.update', 'cash_account.deactivate']);
  });

  it('savings goals: validation, club and member goals, the member filter, edit and deactivate', async () => {
    const c = await newClub();
    for (const body of [{ name: '', goal_amount: '100' }, { name: 'Meta', goal_amount: '0' }, { name: 'Meta' }, { name: 'Meta', goal_amount: '-3' }]) {
      const res = await post(c, '/savings-goals', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(FIN_MSG.goalRequired);
    }
    const badDates = await post(c, '/savings-goals', { name: 'M', goal_amount: '10', start_date: '2026-05-10', end_date: '2026-05-01' });
    expect(badDates.json().error.message).toBe(FIN_MSG.goalDates);
    const stranger = await signUp(ctx.app);
    const notMember = await post(c, '/savings-goals', { name: 'M', goal_amount: '10', profile_id: stranger.profile.id });
    expect(notMember.statusCode).toBe(400);
    expect(notMember.json().error.message).toBe(FIN_MSG.memberNotFound);

    const clubGoal = await post(c, '/savings-goals', { name: 'Acampamento', goal_amount: '1000', start_date: '2026-01-01', end_date: '2026-12-31', profile_id: '' });
    expect(clubGoal.statusCode).toBe(201);
    expect(clubGoal.json()).toMatchObject({ name: 'Acampamento', goal_amount: '1000.00', current_amount: '0.00', profile_id: null, percent: 0, start_date: '2026-01-01' });
    const memberGoal = await post(c, '/savings-goals', { name: 'Uniforme do Pedro', goal_amount: '250.00', profile_id: c.member.profile.id });
    expect(memberGoal.json()).toMatchObject({ profile_id: c.member.profile.id, profile_name: 'Pedro Membro' });
    const otherMember = await signUp(ctx.app, { name: 'Outra' });
    await addMember(ctx.db, c.id, otherMember.profile.id);
    await post(c, '/savings-goals', { name: 'Meta da Outra', goal_amount: '50', profile_id: otherMember.profile.id });

    const names = async (q: string) => ((await get(c, `/savings-goals${q}`)).json() as Array<{ name: string }>).map((g) => g.name);
    expect(await names('')).toEqual(['Acampamento']);
    expect(await names(`?profile_id=${c.member.profile.id}`)).toEqual(['Acampamento', 'Uniforme do Pedro']);
    expect((await names('?all=true')).sort()).toEqual(['Acampamento', 'Meta da Outra', 'Uniforme do Pedro']);

    const id = clubGoal.json().id;
    const edited = await call(ctx.app, 'PUT', `${c.base}/savings-goals/${id}`, { as: c.admin, body: { name: 'Acampamento 2026', goal_amount: '1200', current_amount: '999' } });
    expect(edited.json()).toMatchObject({ name: 'Acampamento 2026', goal_amount: '1200.00', current_amount: '0.00', start_date: null });
    expect((await call(ctx.app, 'DELETE', `${c.base}/savings-goals/${id}`, { as: c.admin })).statusCode).toBe(200);
    expect(await names('')).toEqual([]);
    expect((await get(c, '/finance/summary')).json().savings_goals).toBe(2);
  });

  it('money is a decimal string: bad amounts are refused with a clear message', async () => {
    const c = await newClub();
    const account = await cashAccount(c, 'Caixa', '0');
    const cases: Array<[unknown, string]> = [
      [undefined, FIN_MSG.transactionRequired],
      ['', FIN_MSG.transactionRequired],
      ['0', FIN_MSG.transactionRequired],
      ['0.00', FIN_MSG.transactionRequired],
      ['-5', FIN_MSG.transactionRequired],
      [12.5, FIN_MSG.transactionRequired],
      ['abc', FIN_MSG.amountInvalid],
      ['1e5', FIN_MSG.amountInvalid],
      ['10.5.1', FIN_MSG.amountInvalid],
      ['1.234', FIN_MSG.amountDecimals],
      ['0.001', FIN_MSG.amountDecimals],
      ['1000000000000', FIN_MSG.amountTooLarge],
      ['99999999999999999999.99', FIN_MSG.amountTooLarge],
    ];
    for (const [amount, message] of cases) {
      const res = await post(c, '/transactions', { cash_account_id: account, description: 'Teste', amount });
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().error.message, String(amount)).toBe(message);
    }
    const max = await post(c, '/transactions', { cash_account_id: account, description: 'Máximo', amount: '999999999999.99' });
    expect(max.statusCode).toBe(201);
    const over = await post(c, '/transactions', { cash_account_id: account, description: 'Estouro', amount: '0.01' });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.message).toMatch(/ultrapassaria o máximo/);
    expect(await balance(c, account)).toBe('999999999999.99');
  });

  it('register_transaction: income adds, expense subtracts, goals move with them, 0.1 + 0.2 = 0.30', async () => {
    const c = await newClub();
    const account = await cashAccount(c, 'Caixa Geral', '0');
    const goal = (await post(c, '/savings-goals', { name: 'Acampamento', goal_amount: '1.00' })).json().id;

    for (const amount of ['0.1', '0.2']) {
      const res = await post(c, '/transactions', { cash_account_id: account, description: 'Moedas', amount, savings_goal_id: goal });
      expect(res.statusCode).toBe(201);
    }
    expect(await balance(c, account)).toBe('0.30');
    expect(await goalAmount(c, goal)).toBe('0.30');

    const chart = ((await get(c, '/chart-of-accounts')).json() as Array<{ id: string; name: string; type: string }>);
    const mensalidades = chart.find((a) => a.name === 'Mensalidades' && a.type === 'income');
    const materiais = chart.find((a) => a.name === 'Materiais' && a.type === 'expense');
    const income = await post(c, '/transactions', {
      cash_account_id: account, description: '  Mensalidade março ', amount: '150.00', type: 'income',
      transaction_date: '2026-03-10', profile_id: c.member.profile.id, chart_account_id: mensalidades?.id, savings_goal_id: goal,
    });
    expect(income.statusCode).toBe(201);
    expect(income.json()).toMatchObject({
      type: 'income', amount: '150.00', description: 'Mensalidade março', transaction_date: '2026-03-10',
      cash_account_name: 'Caixa Geral', profile_name: 'Pedro Membro', chart_account_name: 'Mensalidades',
      savings_goal_name: 'Acampamento', created_by: c.admin.profile.id, reversal_of: null, reversed_by: null,
    });
    expect(await balance(c, account)).toBe('150.30');
    expect(await goalAmount(c, goal)).toBe('150.30');

    const expense = await post(c, '/transactions', { cash_account_id: account, description: 'Cordas', amount: '50.25', type: 'expense', chart_account_id: materiais?.id, savings_goal_id: goal });
    expect(expense.statusCode).toBe(201);
    expect(await balance(c, account)).toBe('100.05');
    expect(await goalAmount(c, goal)).toBe('100.05');
    const goals = (await get(c, '/savings-goals')).json() as Array<{ percent: number }>;
    expect(goals[0].percent).toBe(10005);

    // The date defaults to today (club time zone).
    const today = await post(c, '/transactions', { cash_account_id: account, description: 'Hoje', amount: '1' });
    const [{ d }] = await ctx.db.query<{ d: string }>(`SELECT (now() AT TIME ZONE 'America/Sao_Paulo')::date AS d`);
    expect(today.json().transaction_date).toBe(d);
    expect(today.json().type).toBe('income');

    const audit = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE club_id = $1 AND action = 'transaction.register'`, [c.id]);
    expect(audit[0].n).toBe(5);
  });

  it('refuses an expense larger than the balance, and broken references, with pt-BR messages', async () => {
    const c = await newClub();
    const account = await cashAccount(c, 'Caixa Pequeno', '10.00');
    const tooMuch = await post(c, '/transactions', { cash_account_id: account, description: 'Barraca', amount: '10.01', type: 'expense' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.message).toBe('Saldo insuficiente no caixa "Caixa Pequeno": disponível R$ 10,00, despesa de R$ 10,01.');
    expect(await balance(c, account)).toBe('10.00');

    const goal = (await post(c, '/savings-goals', { name: 'Cofre', goal_amount: '100' })).json().id;
    const goalShort = await post(c, '/transactions', { cash_account_id: account, description: 'Saque', amount: '5', type: 'expense', savings_goal_id: goal });
    expect(goalShort.statusCode).toBe(400);
    expect(goalShort.json().error.message).toMatch(/^Saldo insuficiente no cofre "Cofre"/);
    expect(await balance(c, account)).toBe('10.00');

    const required = await post(c, '/transactions', { description: 'x', amount: '1' });
    expect(required.json().error.message).toBe(FIN_MSG.transactionRequired);
    expect((await post(c, '/transactions', { cash_account_id: account, description: '   ', amount: '1' })).json().error.message).toBe(FIN_MSG.transactionRequired);

    const chart = (await get(c, '/chart-of-accounts')).json() as Array<{ id: string; type: string }>;
    const expenseChart = chart.find((a) => a.type === 'expense');
    const mismatch = await post(c, '/transactions', { cash_account_id: account, description: 'x', amount: '1', type: 'income', chart_account_id: expenseChart?.id });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.message).toMatch(/não é do tipo/);

    const other = await newClub('Outro Clube');
    const otherAccount = await cashAccount(other);
    const otherGoal = (await post(other, '/savings-goals', { name: 'Alheio', goal_amount: '10' })).json().id;
    const foreignAccount = await post(c, '/transactions', { cash_account_id: otherAccount, description: 'x', amount: '1' });
    expect(foreignAccount.statusCode).toBe(404);
    expect(foreignAccount.json().error.message).toBe(FIN_MSG.cashAccountNotFound);
    expect((await post(c, '/transactions', { cash_account_id: account, description: 'x', amount: '1', savings_goal_id: otherGoal })).statusCode).toBe(404);
    const stranger = await signUp(ctx.app);
    expect((await post(c, '/transactions', { cash_account_id: account, description: 'x', amount: '1', profile_id: stranger.profile.id })).statusCode).toBe(404);
    expect(await balance(other, otherAccount)).toBe('100.00');

    await call(ctx.app, 'DELETE', `${c.base}/cash-accounts/${account}`, { as: c.admin });
    expect((await post(c, '/transactions', { cash_account_id: account, description: 'x', amount: '1' })).statusCode).toBe(404);
  });

  it('Estornar records the opposite transaction and restores balances; delete removes its effect too, with who and why', async () => {
    const c = await newClub();
    const account = await cashAccount(c, 'Caixa', '100.00');
    const goal = (await post(c, '/savings-goals', { name: 'Cofre', goal_amount: '500' })).json().id;
    const chart = (await get(c, '/chart-of-accounts')).json() as Array<{ id: string; name: string; type: string }>;
    const doacoes = chart.find((a) => a.name === 'Doações');
    const income = (await post(c, '/transactions', { cash_account_id: account, description: 'Doação', amount: '80.00', savings_goal_id: goal, chart_account_id: doacoes?.id, profile_id: c.member.profile.id })).json();
    expect(await balance(c, account)).toBe('180.00');

    const reversal = await post(c, `/transactions/${income.id}/reverse`, {});
    expect(reversal.statusCode).toBe(201);
    expect(reversal.json()).toMatchObject({
      type: 'expense', amount: '80.00', description: 'Estorno: Doação', reversal_of: income.id,
      savings_goal_id: goal, chart_account_id: doacoes?.id, profile_id: c.member.profile.id,
    });
    expect(await balance(c, account)).toBe('100.00');
    expect(await goalAmount(c, goal)).toBe('0.00');
    const listed = (await get(c, '/transactions')).json().transactions as Array<{ id: string; reversed_by: string | null }>;
    expect(listed.find((t) => t.id === income.id)?.reversed_by).toBe(reversal.json().id);

    const again = await post(c, `/transactions/${income.id}/reverse`, {});
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe('Este lançamento já foi estornado.');
    const ofReversal = await post(c, `/transactions/${reversal.json().id}/reverse`, {});
    expect(ofReversal.json().error.message).toBe('Não é possível estornar um estorno.');
    expect((await post(c, '/transactions/00000000-0000-4000-8000-000000000000/reverse', {})).statusCode).toBe(404);

    let accounts = (await get(c, '/cash-accounts')).json();
    expect(accounts[0]).toMatchObject({ expected_balance: '100.00', reconciled: true, difference: '0.00', transactions_count: 2 });

    const expense = (await post(c, '/transactions', { cash_account_id: account, description: 'Lanche', amount: '30.00', type: 'expense' })).json();
    expect(await balance(c, account)).toBe('70.00');
    const del = await call(ctx.app, 'DELETE', `${c.base}/transactions/${expense.id}`, { as: c.admin, body: { reason: 'Lanche lançado em duplicidade' } });
    expect(del.statusCode).toBe(200);
    expect(await balance(c, account)).toBe('100.00');
    accounts = (await get(c, '/cash-accounts')).json();
    expect(accounts[0]).toMatchObject({ current_balance: '100.00', expected_balance: '100.00', reconciled: true, difference: '0.00' });
    expect((await call(ctx.app, 'DELETE', `${c.base}/transactions/${expense.id}`, { as: c.admin, body: { reason: 'de novo' } })).statusCode).toBe(404);

    const audit = await ctx.db.query<{ action: string; actor_id: string; before: { amount: string } | null; after: { reason: string; cash_account_balance: string } | null }>(
      `SELECT action, actor_id, before, after FROM audit_log WHERE club_id = $1 AND entity = 'transaction' ORDER BY at`, [c.id]);
    expect(audit.map((a) => a.action)).toEqual(['transaction.register', 'transaction.reverse', 'transaction.register', 'transaction.delete']);
    expect(audit[3]).toMatchObject({ actor_id: c.admin.profile.id, before: { amount: '30.00' }, after: { reason: 'Lanche lançado em duplicidade', cash_account_balance: '100.00' } });
  });

  it('Excluir lançamento: a reason is required, a spent income cannot leave the caixa negative, races apply once; old divergences are corrected', async () => {
    const c = await newClub();
    const account = await cashAccount(c, 'Caixa', '0');
    const goal = (await post(c, '/savings-goals', { name: 'Acampamento', goal_amount: '500.00' })).json().id;
    const income = (await post(c, '/transactions', { cash_account_id: account, savings_goal_id: goal, description: 'Rifa', amount: '50.00', type: 'income' })).json();
    const del = (id: string, body?: unknown, as: Session = c.admin) => call(ctx.app, 'DELETE', `${c.base}/transactions/${id}`, { as, ...(body === undefined ? {} : { body }) });

    for (const body of [undefined, {}, { reason: '  ' }, { reason: 'ok' }, { reason: 12 }]) {
      const bad = await del(income.id, body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe(FIN_MSG.deleteReasonRequired);
    }
    expect((await del(income.id, { reason: 'x'.repeat(501) })).statusCode).toBe(400);
    // Hostile reasons: never a 5xx; a refused one deletes nothing.
    await fc.assert(fc.asyncProperty(
      fc.oneof(fc.string({ maxLength: 3 }), fc.constantFrom('a\u0000bcd', 'x'.repeat(200 * 1024), null, true, ['a'], { a: 1 })),
      async (reason) => {
        const res = await del('00000000-0000-4000-8000-000000000000', { reason });
        expect(res.statusCode).toBeLessThan(500);
        expect(res.statusCode).not.toBe(200);
      },
    ), { numRuns: 25 });
    expect((await del(income.id, { reason: 'a\u0000bcd' })).statusCode).toBe(400);
    expect(await balance(c, account)).toBe('50.00');
    expect((await del(income.id, { reason: 'Não quero' }, c.member)).statusCode).toBe(403);
    const stranger = await newClub('Outro Clube');
    expect((await call(ctx.app, 'DELETE', `${stranger.base}/transactions/${income.id}`, { as: stranger.admin, body: { reason: 'Não é meu' } })).statusCode).toBe(404);

    // 30 of the 50 were spent: deleting the income would leave the caixa at -30. Nothing changes.
    const spent = (await post(c, '/transactions', { cash_account_id: account, description: 'Lonas', amount: '30.00', type: 'expense' })).json();
    const negative = await del(income.id, { reason: 'Rifa cancelada' });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().error.message).toMatch(/deixaria o caixa "Caixa" negativo/);
    expect(await balance(c, account)).toBe('20.00');

    // Two deletes of the same transaction at once: one applies, the other finds nothing.
    const both = await Promise.all([del(spent.id, { reason: 'Duplicado' }), del(spent.id, { reason: 'Duplicado' })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect(await balance(c, account)).toBe('50.00');
    // A delete racing new transactions on the same caixa: the balance still equals its transactions.
    const extra = (await post(c, '/transactions', { cash_account_id: account, description: 'Cantina', amount: '5.00', type: 'income' })).json();
    await Promise.all([
      del(extra.id, { reason: 'Errado' }),
      post(c, '/transactions', { cash_account_id: account, description: 'Cantina 2', amount: '7.00', type: 'income' }),
      post(c, '/transactions', { cash_account_id: account, description: 'Água', amount: '2.00', type: 'expense' }),
    ]);
    let listed = (await get(c, '/cash-accounts')).json()[0];
    expect(listed).toMatchObject({ current_balance: '55.00', reconciled: true });
    expect(await del(income.id, { reason: 'Rifa cancelada' }).then((r) => r.statusCode)).toBe(200);
    expect(await balance(c, account)).toBe('5.00');
    expect(await goalAmount(c, goal)).toBe('0.00');

    // Data from before deletes kept balances: the divergence screen offers the correction.
    await ctx.db.query('UPDATE cash_accounts SET current_balance = current_balance + 10 WHERE id = $1', [account]);
    listed = (await get(c, '/cash-accounts')).json()[0];
    expect(listed).toMatchObject({ current_balance: '15.00', expected_balance: '5.00', reconciled: false, difference: '10.00' });
    expect((await post(c, `/cash-accounts/${account}/reconcile`, {}, c.member)).statusCode).toBe(403);
    expect((await call(ctx.app, 'POST', `${stranger.base}/cash-accounts/${account}/reconcile`, { as: stranger.admin, body: {} })).statusCode).toBe(404);
    const fixed = await post(c, `/cash-accounts/${account}/reconcile`, {});
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toMatchObject({ current_balance: '5.00', reconciled: true, difference: '0.00' });
    const [audit] = await ctx.db.query<{ actor_id: string; before: unknown; after: unknown }>(
      `SELECT actor_id, before, after FROM audit_log WHERE entity_id = $1 AND action = 'cash_account.reconcile'`, [account]);
    expect(audit).toEqual({ actor_id: c.admin.profile.id, before: { current_balance: '15.00' }, after: { current_balance: '5.00' } });
  });

  it('recent transactions: the last 20, newest date first', async () => {
    const c = await newClub();
    const account = await cashAccount(c, 'Caixa', '0');
    for (let i = 1; i <= 22; i++) {
      const day = String(i).padStart(2, '0');
      await post(c, '/transactions', { cash_account_id: account, description: `Dia ${day}`, amount: '1', transaction_date: `2026-01-${day}` });
    }
    const list = (await get(c, '/transactions')).json().transactions as Array<{ description: string }>;
    expect(list).toHaveLength(20);
    expect(list[0].description).toBe('Dia 22');
    expect(list[19].description).toBe('Dia 03');
    expect((await post(c, '/transactions', { cash_account_id: account, description: 'x', amount: '1', transaction_date: '2026-02-30' })).json().error.message).toBe(FIN_MSG.dateInvalid);
  });

  it('reports: 12 months of income vs expense (reversals net out), totals by chart account, pt-BR CSV', async () => {
    const c = await newClub();
    const account = await cashAccount(c, 'Caixa; Principal', '1000.00');
    const chart = (await get(c, '/chart-of-accounts')).json() as Array<{ id: string; name: string; type: string }>;
    const id = (name: string, type: string) => chart.find((a) => a.name === name && a.type === type)?.id;
    const [{ m0, m0end, m1, m13 }] = await ctx.db.query<{ m0: string; m0end: string; m1: string; m13: string }>(
      `SELECT to_char(d, 'YYYY-MM-DD') AS m0, to_char(d + interval '1 month' - interval '1 day', 'YYYY-MM-DD') AS m0end,
              to_char(d - interval '1 month', 'YYYY-MM-DD') AS m1, to_char(d - interval '13 months', 'YYYY-MM-DD') AS m13
         FROM (SELECT date_trunc('month', now() AT TIME ZONE 'America/Sao_Paulo')::date AS d) x`);
    const tx = (body: Record<string, unknown>) => post(c, '/transactions', { cash_account_id: account, ...body });
    await tx({ description: 'Mensalidades', amount: '200.00', transaction_date: m0, chart_account_id: id('Mensalidades', 'income') });
    await tx({ description: '=HYPERLINK("x")', amount: '50.50', type: 'expense', transaction_date: m0, chart_account_id: id('Materiais', 'expense') });
    await tx({ description: 'Doação antiga', amount: '10.00', transaction_date: m1, chart_account_id: id('Doações', 'income') });
    await tx({ description: 'Fora da janela', amount: '999.00', transaction_date: m13 });
    const wrong = (await tx({ description: 'Errado', amount: '70.00', transaction_date: m0, chart_account_id: id('Mensalidades', 'income') })).json();
    await post(c, `/transactions/${wrong.id}/reverse`, {});

    const monthly = (await get(c, '/finance/reports/monthly')).json() as Array<{ month: string; income: string; expense: string }>;
    expect(monthly).toHaveLength(12);
    expect(monthly[11]).toEqual({ month: m0.slice(0, 7), income: '200.00', expense: '50.50', receivable: '0.00', overdue: '0.00' });
    expect(monthly[10]).toEqual({ month: m1.slice(0, 7), income: '10.00', expense: '0.00', receivable: '0.00', overdue: '0.00' });
    expect(monthly[0].income).toBe('0.00');

    const totals = (await get(c, '/finance/reports/by-chart-account')).json() as Array<{ name: string; type: string; total: string }>;
    expect(totals).toEqual(expect.arrayContaining([
      expect.objectContaining({ name: 'Mensalidades', type: 'income', total: '200.00' }),
      expect.objectContaining({ name: 'Doações', type: 'income', total: '10.00' }),
      expect.objectContaining({ name: 'Sem categoria', type: 'income', total: '999.00', chart_account_id: null }),
      expect.objectContaining({ name: 'Materiais', type: 'expense', total: '50.50' }),
    ]));
    const ranged = (await get(c, `/finance/reports/by-chart-account?from=${m1}&to=${m1}`)).json();
    expect(ranged).toEqual([{ chart_account_id: id('Doações', 'income'), name: 'Doações', type: 'income', total: '10.00' }]);

    // To the month's last day: the reversal is dated today, which may be the 29th, 30th or 31st.
    const csv = await get(c, `/finance/transactions.csv?from=${m1}&to=${m0end}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="lancamentos-/);
    expect(csv.rawPayload.subarray(0, 3).toString('hex')).toBe('efbbbf');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Data;Tipo;Descrição;Valor (R$);Caixa;Conta;Membro;Cofre;Estorno');
    const [y1, mo1] = m1.split('-');
    expect(lines[1]).toBe(`01/${mo1}/${y1};Receita;Doação antiga;10,00;"Caixa; Principal";Doações;;;`);
    expect(lines).toContain(`01/${m0.slice(5, 7)}/${m0.slice(0, 4)};Despesa;"'=HYPERLINK(""x"")";-50,50;"Caixa; Principal";Materiais;;;`);
    expect(lines.some((l) => l.includes('Estorno: Errado') && l.endsWith(';Sim'))).toBe(true);
    expect(lines.some((l) => l.includes('Fora da janela'))).toBe(false);

    expect((await get(c, '/finance/transactions.csv')).json().error.message).toBe(FIN_MSG.rangeRequired);
    expect((await get(c, `/finance/transactions.csv?from=${m0}&to=${m1}`)).json().error.message).toBe(FIN_MSG.rangeOrder);
  });

  it("the monthly report shows 'a receber' at each month's end (today for the current one) and its overdue part", async () => {
    const c = await newClub('Clube A Receber');
    const account = await cashAccount(c, 'Caixa', '0');
    const [{ m1, today }] = await ctx.db.query<{ m1: string; today: string }>(
      `SELECT to_char(d - interval '1 month', 'YYYY-MM-DD') AS m1, to_char(t, 'YYYY-MM-DD') AS today
         FROM (SELECT date_trunc('month', now() AT TIME ZONE 'America/Sao_Paulo')::date AS d, (now() AT TIME ZONE 'America/Sao_Paulo')::date AS t) x`);
    const day = (n: number) => `${m1.slice(0, 8)}${String(n).padStart(2, '0')}`;
    const newCharge = async (amount: string, due: string) =>
      (await post(c, '/charges', { profile_id: c.member.profile.id, description: 'Mensalidade', amount, due_date: due, origin: 'avulsa' })).json().id as string;
    const pay = async (id: string, amount: string, paidOn: string) =>
      (await post(c, `/charges/${id}/payments`, { amount, cash_account_id: account, method: 'pix', paid_on: paidOn })).json().payments.at(-1).id as string;
    // Last month: 100 due on the 5th, 30 paid on the 10th; 40 due on the 3rd, cancelled today.
    const a = await newCharge('100,00', day(5));
    await pay(a, '30,00', day(10));
    const cancelled = await newCharge('40,00', day(3));
    expect((await post(c, `/charges/${cancelled}/cancel`, { reason: 'Engano' })).statusCode).toBe(200);
    // Today: 20 more paid and reversed; 50 due next year, created today.
    const reversed = await pay(a, '20,00', today);
    expect((await post(c, `/charges/${a}/payments/${reversed}/reverse`, {})).statusCode).toBe(200);
    await newCharge('50,00', `${Number(today.slice(0, 4)) + 1}-01-10`);

    const monthly = (await get(c, '/finance/reports/monthly')).json() as Array<{ month: string; receivable: string; overdue: string }>;
    expect(monthly[10]).toMatchObject({ month: m1.slice(0, 7), receivable: '110.00', overdue: '110.00' });
    expect(monthly[11]).toMatchObject({ receivable: '120.00', overdue: '70.00' });
    expect(monthly[9]).toMatchObject({ receivable: '0.00', overdue: '0.00' });
  });

  it('finance is admin-only: members get 403, strangers and other clubs 404, anonymous 401', async () => {
    const c = await newClub();
    const account = await cashAccount(c);
    const goal = (await post(c, '/savings-goals', { name: 'Meta', goal_amount: '10' })).json().id;
    const chartId = ((await get(c, '/chart-of-accounts')).json() as Array<{ id: string }>)[0].id;
    const txId = (await post(c, '/transactions', { cash_account_id: account, description: 'x', amount: '1' })).json().id;
    const routes: Array<[('GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'), string, unknown?]> = [
      ['GET', '/finance/summary'], ['GET', '/finance/members'],
      ['GET', '/cash-accounts'], ['POST', '/cash-accounts', { name: 'X' }], ['PUT', `/cash-accounts/${account}`, { name: 'Y' }], ['DELETE', `/cash-accounts/${account}`],
      ['GET', '/savings-goals'], ['POST', '/savings-goals', { name: 'X', goal_amount: '1' }], ['PUT', `/savings-goals/${goal}`, { name: 'X', goal_amount: '1' }], ['DELETE', `/savings-goals/${goal}`],
      ['GET', '/chart-of-accounts'], ['POST', '/chart-of-accounts', { name: 'X', type: 'income' }], ['PATCH', `/chart-of-accounts/${chartId}`, { name: 'Z' }], ['DELETE', `/chart-of-accounts/${chartId}`],
      ['GET', '/transactions'], ['POST', '/transactions', { cash_account_id: account, description: 'x', amount: '1' }],
      ['POST', `/transactions/${txId}/reverse`, {}], ['DELETE', `/transactions/${txId}`, { reason: 'Lançado errado' }],
      ['GET', '/finance/reports/monthly'], ['GET', '/finance/reports/by-chart-account'], ['GET', '/finance/transactions.csv?from=2026-01-01&to=2026-01-31'],
    ];
    const stranger = await signUp(ctx.app);
    for (const [method, path, body] of routes) {
      const asMember = await call(ctx.app, method, `${c.base}${path}`, { as: c.member, body });
      expect(asMember.statusCode, `${method} ${path} member`).toBe(403);
      const asStranger = await call(ctx.app, method, `${c.base}${path}`, { as: stranger, body });
      expect(asStranger.statusCode, `${method} ${path} stranger`).toBe(404);
      const anonymous = await call(ctx.app, method, `${c.base}${path}`, { body });
      expect(anonymous.statusCode, `${method} ${path} anonymous`).toBe(401);
    }

    // An admin of another club cannot touch this club's rows through their own club either.
    const other = await newClub('Vizinho');
    const foreign: Array<[('PUT' | 'PATCH' | 'POST' | 'DELETE'), string, unknown?]> = [
      ['PUT', `/cash-accounts/${account}`, { name: 'Roubado' }], ['DELETE', `/cash-accounts/${account}`],
      ['PUT', `/savings-goals/${goal}`, { name: 'X', goal_amount: '1' }], ['DELETE', `/savings-goals/${goal}`],
      ['PATCH', `/chart-of-accounts/${chartId}`, { name: 'Z' }], ['POST', `/transactions/${txId}/reverse`, {}], ['DELETE', `/transactions/${txId}`, { reason: 'Lançado errado' }],
      ['DELETE', '/transactions/not-a-uuid', { reason: 'Lançado errado' }],
    ];
    for (const [method, path, body] of foreign) {
      const res = await call(ctx.app, method, `${other.base}${path}`, { as: other.admin, body });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    expect(await balance(c, account)).toBe('101.00');
    expect(((await get(c, '/transactions')).json().transactions as unknown[]).length).toBe(1);
  });

  it("'Meus Cofres': a member reads only their own goals, read-only", async () => {
    const c = await newClub();
    await post(c, '/savings-goals', { name: 'Do clube', goal_amount: '100' });
    await post(c, '/savings-goals', { name: 'Camporee do Pedro', goal_amount: '300', profile_id: c.member.profile.id });
    const another = await signUp(ctx.app);
    await addMember(ctx.db, c.id, another.profile.id);
    await post(c, '/savings-goals', { name: 'De outro', goal_amount: '50', profile_id: another.profile.id });

    const mine = await get(c, '/my-savings-goals', c.member);
    expect(mine.statusCode).toBe(200);
    expect((mine.json() as Array<{ name: string }>).map((g) => g.name)).toEqual(['Camporee do Pedro']);
    expect((await get(c, '/my-savings-goals', c.admin)).json()).toEqual([]);
    const stranger = await signUp(ctx.app);
    expect((await get(c, '/my-savings-goals', stranger)).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', `${c.base}/my-savings-goals`)).statusCode).toBe(401);
  });
});

describe(`finance demo seed on ${engineName()}`, () => {
  it('creates two caixas, goals and months of conciliated transactions for the report chart', async () => {
    const demo = await seedDemoClub(ctx.db);
    await seedFinance(demo);
    const accounts = await ctx.db.query<{ name: string; reconciled: boolean }>(
      `SELECT ca.name, ca.current_balance = v.expected_balance AS reconciled
         FROM cash_accounts ca JOIN v_cash_account_conciliation v ON v.cash_account_id = ca.id WHERE ca.club_id = $1 ORDER BY ca.name`,
      [demo.clubId],
    );
    expect(accounts).toEqual([{ name: 'Caixa Geral', reconciled: true }, { name: 'Cantina', reconciled: true }]);
    const goals = await ctx.db.query<{ n: number; members: number }>(
      'SELECT count(*)::int AS n, count(profile_id)::int AS members FROM savings_goals WHERE club_id = $1', [demo.clubId]);
    expect(goals[0].n).toBeGreaterThanOrEqual(3);
    expect(goals[0].members).toBeGreaterThanOrEqual(1);
    const months = await monthlyReport(ctx.db, demo.clubId);
    expect(months.filter((m) => m.income !== '0.00' && m.expense !== '0.00').length).toBeGreaterThanOrEqual(6);
  });
});
