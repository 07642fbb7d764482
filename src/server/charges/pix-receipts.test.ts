import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHARGE_MSG } from '../../shared/charges.js';
import { PIX_MSG } from '../../shared/pix.js';
import { call, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { addGuardian, setUpStaffedClub } from '../../../test/club.js';
import { engineName } from '../../../test/db.js';

// Issue 43, items 8 and 21: a PIX name or city the code cannot carry is refused; the full city is kept
// for the receipt; the receipt names who paid, whom it was for, once, and the amount in words.
let ctx: TestContext;
let treasurer: Session;
let ana: Session;
let base: string;
let clubId: string;
let cash: string;
let chargeId: string;

const pixRow = async () => (await ctx.db.query<{ beneficiary_name: string; city: string }>(
  'SELECT beneficiary_name, city FROM club_pix_settings WHERE club_id = $1', [clubId]))[0] ?? null;

beforeAll(async () => {
  ctx = await createTestApp();
  const setup = await setUpStaffedClub(ctx, 'Clube Recibo Claro', { members: ['Ana Souza'], cashAccount: 'Caixa Geral' });
  ({ treasurer, members: [ana], base, cash } = setup);
  clubId = setup.club.id;
  const guardian = await signUp(ctx.app, { name: 'Carla Souza' });
  await addGuardian(ctx.db, clubId, ana.profile.id, guardian, { consent: true });
  chargeId = (await call(ctx.app, 'POST', `${base}/charges`, {
    as: treasurer, body: { profile_id: ana.profile.id, description: 'Mensalidade 11/2026', amount: '300,00', due_date: '2026-11-10', origin: 'mensalidade' },
  })).json().id;
});
afterAll(() => ctx.close());

describe(`PIX beneficiary as the code writes it, on ${engineName()}`, () => {
  it('an emoji-only name or city is refused in pt-BR and nothing is saved', async () => {
    for (const [body, message] of [
      [{ beneficiary_name: '🦅🔥', city: 'Recife' }, PIX_MSG.nameUnwritable],
      [{ beneficiary_name: 'Clube', city: '🏙️🌆' }, PIX_MSG.cityUnwritable],
      [{ beneficiary_name: 'x'.repeat(101), city: 'Recife' }, PIX_MSG.nameTooLong],
    ] as const) {
      const res = await call(ctx.app, 'PUT', `${base}/pix-settings`, { as: treasurer, body: { pix_key: 'tesouraria@clube.org', ...body } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect(await pixRow()).toBeNull();
  });

  it('keeps the full name and city; every charge gets a code carrying 25 and 15 characters without accents', async () => {
    const res = await call(ctx.app, 'PUT', `${base}/pix-settings`, {
      as: treasurer, body: { pix_key: 'tesouraria@clube.org', beneficiary_name: 'Clube Órion de Desbravadores', city: 'São José dos Campos' },
    });
    expect(res.statusCode).toBe(200);
    expect(await pixRow()).toEqual({ beneficiary_name: 'Clube Órion de Desbravadores', city: 'São José dos Campos' });
    const code: string = (await call(ctx.app, 'GET', `${base}/charges/${chargeId}`, { as: treasurer })).json().pix_copia_e_cola;
    expect(code).toContain('5925Clube Orion de Desbravado');
    expect(code).toContain('6015Sao Jose dos Ca');
  });
});

describe(`a receipt that reads right, on ${engineName()}`, () => {
  it('names who paid and whom for, says the subject once, writes the amount in words and the full city', async () => {
    const detail = (await call(ctx.app, 'GET', `${base}/charges/${chargeId}`, { as: treasurer })).json();
    expect(detail.payer_suggestions).toEqual(['Carla Souza']);
    const paid = await call(ctx.app, 'POST', `${base}/charges/${chargeId}/payments`, {
      as: treasurer, body: { amount: '150,20', cash_account_id: cash, method: 'pix', paid_on: '2026-11-05', payer_name: '  Carla Souza ' },
    });
    expect(paid.statusCode).toBe(201);
    const payment = paid.json().payments.at(-1);
    expect(payment.payer_name).toBe('Carla Souza');
    const receipt = (await call(ctx.app, 'GET', `${base}/payments/${payment.id}/receipt`, { as: ana })).json();
    expect(receipt).toMatchObject({
      payer_name: 'Carla Souza', member_name: 'Ana Souza', description: 'Mensalidade 11/2026', origin: 'mensalidade',
      amount: '150.20', amount_in_words: 'cento e cinquenta reais e vinte centavos', club_city: 'São José dos Campos',
    });
  });

  it('a payer not known stays null (the receipt then names nobody as payer); a payer name too long is refused and nothing is paid', async () => {
    const paid = (await call(ctx.app, 'POST', `${base}/charges/${chargeId}/payments`, {
      as: treasurer, body: { amount: '1,00', cash_account_id: cash, method: 'dinheiro', payer_name: '' },
    })).json();
    const receipt = (await call(ctx.app, 'GET', `${base}/payments/${paid.payments.at(-1).id}/receipt`, { as: treasurer })).json();
    expect(receipt).toMatchObject({ payer_name: null, amount_in_words: 'um real' });
    const tooLong = await call(ctx.app, 'POST', `${base}/charges/${chargeId}/payments`, {
      as: treasurer, body: { amount: '1,00', cash_account_id: cash, method: 'dinheiro', payer_name: 'x'.repeat(121) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe(CHARGE_MSG.payerTooLong);
    const [{ n }] = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM charge_payments WHERE charge_id = $1', [chargeId]);
    expect(n).toBe(2);
  });
});
