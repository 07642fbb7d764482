import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHARGE_MSG } from '../../shared/charges.js';
import { MONEY_MSG } from '../../shared/money.js';
import { PERMISSION_MSG } from '../../shared/permissions.js';
import { call, createTestApp, type Session, type TestContext } from '../../../test/api.js';
import { setUpStaffedClub } from '../../../test/club.js';
import { engineName } from '../../../test/db.js';

let ctx: TestContext;
let admin: Session;
let treasurer: Session;
let secretary: Session;
let member: Session;
let stranger: Session;
let club: { id: string };
let base: string;
let cash: string;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, treasurer, secretary, members: [member], stranger, club, base, cash } = await setUpStaffedClub(ctx, 'Clube Cobranças', { members: ['Ana Membro'], cashAccount: 'Caixa Geral' }));
});
afterAll(() => ctx.close());

async function newCharge(body: Record<string, unknown> = {}, as: Session = treasurer) {
  return call(ctx.app, 'POST', `${base}/charges`, {
    as, body: { profile_id: member.profile.id, description: 'Mensalidade de outubro', amount: '85,50', due_date: '2026-10-10', origin: 'mensalidade', ...body },
  });
}
async function pay(chargeId: string, amount: string, as: Session = treasurer) {
  return call(ctx.app, 'POST', `${base}/charges/${chargeId}/payments`, { as, body: { amount, cash_account_id: cash, method: 'pix', paid_on: '2026-10-12' } });
}
async function cashBalance(): Promise<string> {
  const [row] = await ctx.db.query<{ b: string }>(`SELECT current_balance AS b FROM cash_accounts WHERE id = $1`, [cash]);
  return row.b;
}

describe(`charges on ${engineName()}`, () => {
  it('a treasurer creates a charge typed the Brazilian way; it is open, with a short code', async () => {
    const res = await newCharge();
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      amount: '85.50', paid_amount: '0.00', open_amount: '85.50', status: 'aberta', origin: 'mensalidade', member_name: 'Ana Membro', due_date: '2026-10-10',
    });
    expect(res.json().short_code).toMatch(/^[A-Z2-9]{8}$/);
  });

  it('each bad field gets its pt-BR message and writes nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ description: '  ' }, CHARGE_MSG.descriptionRequired],
      [{ description: 'x'.repeat(201) }, CHARGE_MSG.descriptionTooLong],
      [{ amount: '' }, CHARGE_MSG.amountRequired],
      [{ amount: '0' }, CHARGE_MSG.amountRequired],
      [{ amount: '10,555' }, MONEY_MSG.decimals],
      [{ amount: 'dez' }, MONEY_MSG.invalid],
      [{ due_date: '2026-02-31' }, CHARGE_MSG.dateInvalid],
      [{ due_date: undefined }, CHARGE_MSG.dueDateRequired],
      [{ origin: 'rifa' }, CHARGE_MSG.originRequired],
      [{ profile_id: 'abc' }, CHARGE_MSG.idInvalid],
      [{ profile_id: stranger.profile.id, description: 'Outro' }, CHARGE_MSG.memberNotFound],
    ];
    const [before] = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM charges');
    for (const [body, message] of cases) {
      const res = await newCharge({ due_date: '2026-11-10', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message, JSON.stringify(body)).toBe(message);
    }
    const [after] = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM charges');
    expect(after.n).toBe(before.n);
  });

  it('one monthly due per member and month', async () => {
    expect((await newCharge({ due_date: '2026-09-05' })).statusCode).toBe(201);
    const again = await newCharge({ due_date: '2026-09-20' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Este membro já tem a mensalidade deste mês.');
  });

  it('partial then full payment: each is an income in the caixa under Mensalidades; never more than what is owed', async () => {
    const charge = (await newCharge({ due_date: '2026-08-10' })).json();
    const first = await pay(charge.id, '50,00');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ status: 'paga_em_parte', paid_amount: '50.00', open_amount: '35.50' });
    expect(await cashBalance()).toBe('50.00');
    const over = await pay(charge.id, '35.51');
    expect(over.statusCode).toBe(400);
    expect(over.json().error.message).toBe('O valor passa do que falta pagar (R$ 35,50).');
    const rest = await pay(charge.id, '35.50');
    expect(rest.json()).toMatchObject({ status: 'paga', open_amount: '0.00', overdue: false });
    expect(rest.json().payments).toHaveLength(2);
    const again = await pay(charge.id, '1');
    expect(again.json().error.message).toBe('Esta cobrança já está paga.');
    const txs = await ctx.db.query<{ amount: string; chart: string; profile_id: string; description: string }>(
      `SELECT t.amount, c.name AS chart, t.profile_id, t.description FROM transactions t JOIN chart_of_accounts c ON c.id = t.chart_account_id
        WHERE t.id IN (SELECT transaction_id FROM charge_payments WHERE charge_id = $1) ORDER BY t.amount`, [charge.id]);
    expect(txs).toEqual([
      { amount: '35.50', chart: 'Mensalidades', profile_id: member.profile.id, description: `Cobrança ${charge.short_code}: Mensalidade de outubro` },
      { amount: '50.00', chart: 'Mensalidades', profile_id: member.profile.id, description: `Cobrança ${charge.short_code}: Mensalidade de outubro` },
    ]);
    expect(await cashBalance()).toBe('85.50');
  });

  it('an event payment goes to Eventos, recreated if the club had deactivated it', async () => {
    await ctx.db.query(`UPDATE chart_of_accounts SET active = false WHERE club_id = $1 AND name = 'Eventos' AND type = 'income'`, [club.id]);
    const charge = (await newCharge({ origin: 'evento', description: 'Acampamento' })).json();
    expect((await pay(charge.id, '10')).statusCode).toBe(201);
    const [row] = await ctx.db.query<{ name: string; active: boolean }>(
      `SELECT c.name, c.active FROM transactions t JOIN chart_of_accounts c ON c.id = t.chart_account_id
        WHERE t.id = (SELECT transaction_id FROM charge_payments WHERE charge_id = $1)`, [charge.id]);
    expect(row).toEqual({ name: 'Eventos', active: true });
  });

  it('reversing a payment reverses its income; the finance screen cannot reverse it alone', async () => {
    const before = await cashBalance();
    const charge = (await newCharge({ origin: 'avulsa', description: 'Uniforme', amount: '20' })).json();
    const paid = (await pay(charge.id, '20')).json();
    const payment = paid.payments[0];
    const viaFinance = await call(ctx.app, 'POST', `${base}/transactions/${payment.transaction_id}/reverse`, { as: treasurer });
    expect(viaFinance.statusCode).toBe(400);
    expect(viaFinance.json().error.message).toContain('estorne o pagamento na tela de cobranças');
    const deleted = await call(ctx.app, 'DELETE', `${base}/transactions/${payment.transaction_id}`, { as: treasurer, body: { reason: 'Lançado errado' } });
    expect(deleted.statusCode).toBe(400);
    expect(deleted.json().error.message).toContain('estorne o pagamento na tela de cobranças');
    expect(await cashBalance()).toBe((await ctx.db.query<{ b: string }>(`SELECT ($1::numeric + 20)::numeric(14,2)::text AS b`, [before]))[0].b);
    const rev = await call(ctx.app, 'POST', `${base}/charges/${charge.id}/payments/${payment.id}/reverse`, { as: treasurer });
    expect(rev.statusCode).toBe(200);
    expect(rev.json()).toMatchObject({ status: 'aberta', paid_amount: '0.00', open_amount: '20.00' });
    expect(rev.json().payments[0].reversed_at).not.toBeNull();
    expect(await cashBalance()).toBe(before);
    const twice = await call(ctx.app, 'POST', `${base}/charges/${charge.id}/payments/${payment.id}/reverse`, { as: treasurer });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.message).toBe('Este pagamento já foi estornado.');
    const [reversal] = await ctx.db.query<{ type: string; amount: string }>(
      `SELECT type, amount FROM transactions WHERE reversal_of = $1`, [payment.transaction_id]);
    expect(reversal).toEqual({ type: 'expense', amount: '20.00' });
  });

  it('cancelling needs a reason, is audited, and refuses a charge with payments standing', async () => {
    const charge = (await newCharge({ origin: 'avulsa', description: 'Camiseta' })).json();
    const blank = await call(ctx.app, 'POST', `${base}/charges/${charge.id}/cancel`, { as: treasurer, body: { reason: ' ' } });
    expect(blank.json().error.message).toBe(CHARGE_MSG.reasonRequired);
    const ok = await call(ctx.app, 'POST', `${base}/charges/${charge.id}/cancel`, { as: treasurer, body: { reason: 'Lançada em duplicidade' } });
    expect(ok.json()).toMatchObject({ status: 'cancelada', open_amount: '0.00', cancel_reason: 'Lançada em duplicidade' });
    const [audit] = await ctx.db.query<{ actor_id: string; after: { reason: string } }>(
      `SELECT actor_id, after FROM audit_log WHERE action = 'charge.cancel' AND entity_id = $1`, [charge.id]);
    expect(audit).toEqual({ actor_id: treasurer.profile.id, after: { status: 'cancelada', reason: 'Lançada em duplicidade' } });
    expect((await pay(charge.id, '1')).json().error.message).toBe('Esta cobrança foi cancelada: não recebe pagamentos.');
    const again = await call(ctx.app, 'POST', `${base}/charges/${charge.id}/cancel`, { as: treasurer, body: { reason: 'De novo' } });
    expect(again.statusCode).toBe(409);
    const withPayment = (await newCharge({ origin: 'avulsa', description: 'Boné' })).json();
    await pay(withPayment.id, '5');
    const refused = await call(ctx.app, 'POST', `${base}/charges/${withPayment.id}/cancel`, { as: treasurer, body: { reason: 'Erro' } });
    expect(refused.json().error.message).toBe(CHARGE_MSG.cancelPaid);
  });

  it('lists with filters and cursor; vencida is open and past due', async () => {
    const old = (await newCharge({ origin: 'avulsa', description: 'Atrasada', due_date: '2020-01-10' })).json();
    expect(old.overdue).toBe(true);
    const overdue = (await call(ctx.app, 'GET', `${base}/charges?status=vencida&limit=200`, { as: admin })).json();
    expect(overdue.charges.map((c: { id: string }) => c.id)).toContain(old.id);
    expect(overdue.charges.every((c: { overdue: boolean }) => c.overdue)).toBe(true);
    const first = (await call(ctx.app, 'GET', `${base}/charges?limit=2`, { as: admin })).json();
    expect(first.charges).toHaveLength(2);
    const second = (await call(ctx.app, 'GET', `${base}/charges?limit=2&after=${first.next_cursor}`, { as: admin })).json();
    expect(second.charges[0].id).not.toBe(first.charges[1].id);
    const bad = await call(ctx.app, 'GET', `${base}/charges?status=quase`, { as: admin });
    expect(bad.json().error.message).toBe(CHARGE_MSG.statusInvalid);
  });

  it('permissions: a secretary and a member are refused, another club gets 404, a member reads only their own', async () => {
    const charge = (await newCharge({ origin: 'avulsa', description: 'Lenço' })).json();
    for (const who of [secretary, member]) {
      const res = await pay(charge.id, '1', who);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(PERMISSION_MSG.forbidden('charges.manage'));
      expect((await newCharge({}, who)).statusCode).toBe(403);
    }
    expect((await pay(charge.id, '1', stranger)).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', `${base}/charges/${charge.id}`, { as: stranger })).statusCode).toBe(404);
    const mine = (await call(ctx.app, 'GET', `${base}/my-charges`, { as: member })).json();
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((c: { profile_id: string; status: string }) => c.profile_id === member.profile.id && c.status !== 'paga')).toBe(true);
    expect((await call(ctx.app, 'GET', `${base}/my-charges`, { as: treasurer })).json()).toEqual([]);
    expect((await call(ctx.app, 'GET', `${base}/my-charges`, { as: stranger })).statusCode).toBe(404);
  });

  it('20 concurrent payments on one charge never pay it beyond its amount', async () => {
    const charge = (await newCharge({ origin: 'avulsa', description: 'Campori', amount: '100' })).json();
    const before = await cashBalance();
    const results = await Promise.all(Array.from({ length: 20 }, () => pay(charge.id, '15.00')));
    const ok = results.filter((r) => r.statusCode === 201);
    expect(ok).toHaveLength(6);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(14);
    const detail = (await call(ctx.app, 'GET', `${base}/charges/${charge.id}`, { as: treasurer })).json();
    expect(detail).toMatchObject({ paid_amount: '90.00', open_amount: '10.00' });
    expect(detail.payments).toHaveLength(6);
    const [row] = await ctx.db.query<{ d: string }>(`SELECT ($1::numeric + 90)::numeric(14,2)::text AS d`, [before]);
    expect(await cashBalance()).toBe(row.d);
  });
});
