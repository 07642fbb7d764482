import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHARGE_MSG } from '../../shared/charges.js';
import { call, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { addGuardian, setUpStaffedClub } from '../../../test/club.js';
import { engineName } from '../../../test/db.js';

// The printable 'recibo' of a payment, and who may open it (issue 35).
let ctx: TestContext;
let admin: Session;
let treasurer: Session;
let secretary: Session;
let ana: Session;
let bruno: Session;
let guardian: Session;
let stranger: Session;
let base: string;
let clubId: string;
let anaMemberId: string;
let chargeId: string;
const payments: string[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  const setup = await setUpStaffedClub(ctx, 'Clube Recibo', { members: ['Ana Souza', 'Bruno Lima'], cashAccount: 'Caixa Geral' });
  ({ admin, treasurer, secretary, members: [ana, bruno], stranger, base } = setup);
  clubId = setup.club.id;
  await ctx.db.query(`UPDATE clubs SET logo_url = '/uploads/logo.png' WHERE id = $1`, [clubId]);
  guardian = await signUp(ctx.app, { name: 'Carla Souza' });
  ({ memberId: anaMemberId } = await addGuardian(ctx.db, clubId, ana.profile.id, guardian, { consent: true }));
  const { cash } = setup;
  chargeId = (await call(ctx.app, 'POST', `${base}/charges`, {
    as: treasurer, body: { profile_id: ana.profile.id, description: 'Acampamento', amount: '300,00', due_date: '2026-10-10', origin: 'evento' },
  })).json().id;
  for (const [amount, paid_on] of [['100,00', '2026-10-01'], ['50,00', '2026-10-05']]) {
    const res = await call(ctx.app, 'POST', `${base}/charges/${chargeId}/payments`, { as: treasurer, body: { amount, cash_account_id: cash, method: 'pix', paid_on } });
    payments.push(res.json().payments.at(-1).id);
  }
});
afterAll(() => ctx.close());

describe(`recibos on ${engineName()}`, () => {
  it('the treasurer opens any payment\'s receipt: club name and logo, payer, what, how much, what is still owed', async () => {
    const res = await call(ctx.app, 'GET', `${base}/payments/${payments[1]}/receipt`, { as: treasurer });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      club_name: 'Clube Recibo', club_logo_url: '/uploads/logo.png', member_name: 'Ana Souza', description: 'Acampamento', origin: 'evento',
      amount: '50.00', paid_on: '2026-10-05', method: 'pix', reversed: false, charge_amount: '300.00', charge_open_amount: '150.00',
    });
    expect(res.json().number).toMatch(/^[A-Z2-9]{8}-2$/);
    expect((await call(ctx.app, 'GET', `${base}/payments/${payments[0]}/receipt`, { as: admin })).json().number).toMatch(/-1$/);
  });

  it('the member opens their own receipts and lists their payments; the guardian, the child\'s', async () => {
    expect((await call(ctx.app, 'GET', `${base}/payments/${payments[0]}/receipt`, { as: ana })).json().amount).toBe('100.00');
    expect((await call(ctx.app, 'GET', `${base}/my-payments`, { as: ana })).json().map((p: { amount: string }) => p.amount)).toEqual(['50.00', '100.00']);
    expect((await call(ctx.app, 'GET', `${base}/my-payments`, { as: bruno })).json()).toEqual([]);
    const child = await call(ctx.app, 'GET', `/api/family/children/${anaMemberId}/payments/${payments[0]}/receipt`, { as: guardian });
    expect(child.statusCode).toBe(200);
    expect(child.json().member_name).toBe('Ana Souza');
    expect((await call(ctx.app, 'GET', `/api/family/children/${anaMemberId}/payments`, { as: guardian })).json()).toHaveLength(2);
  });

  it('nobody else: another member, a secretary, another club and another guardian get 404; anonymous 401', async () => {
    for (const who of [bruno, secretary, stranger]) {
      const res = await call(ctx.app, 'GET', `${base}/payments/${payments[0]}/receipt`, { as: who });
      expect(res.statusCode, who.profile.full_name).toBe(404);
    }
    expect((await call(ctx.app, 'GET', `${base}/payments/${payments[0]}/receipt`, { as: bruno })).json().error.message).toBe(CHARGE_MSG.paymentNotFound);
    for (const who of [bruno, stranger, treasurer]) {
      expect((await call(ctx.app, 'GET', `/api/family/children/${anaMemberId}/payments/${payments[0]}/receipt`, { as: who })).statusCode).toBe(404);
    }
    expect((await call(ctx.app, 'GET', `${base}/payments/nao-e-id/receipt`, { as: treasurer })).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', `${base}/payments/${payments[0]}/receipt`)).statusCode).toBe(401);
  });

  it('a reversed payment\'s receipt says so and leaves the member\'s list', async () => {
    await call(ctx.app, 'POST', `${base}/charges/${chargeId}/payments/${payments[1]}/reverse`, { as: treasurer });
    expect((await call(ctx.app, 'GET', `${base}/payments/${payments[1]}/receipt`, { as: ana })).json()).toMatchObject({ reversed: true, charge_open_amount: '200.00' });
    expect((await call(ctx.app, 'GET', `${base}/my-payments`, { as: ana })).json()).toHaveLength(1);
  });
});
