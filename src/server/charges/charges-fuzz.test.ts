import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { call, createTestApp, setUpClubWithMember, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { firstRow, fuzzWriteRoutes, HOSTILE, HOSTILE_EXTRA, watch } from '../../../test/fuzz.js';

/** The charge routes' writes: no body answers 5xx, and a refused body changes nothing (style of src/server/fuzz.test.ts). */
let ctx: TestContext;
let admin: Session;
let clubId: string;
let memberProfileId: string;
let cashId: string;
let bigChargeId: string;
let cancelChargeId: string;
let seq = 0;

interface WriteRoute {
  method?: 'POST' | 'PUT';
  url: () => string;
  /** A query whose answer must not change when the route refuses a body. */
  state: () => string;
  valid: () => Record<string, unknown>;
  /** Puts the target back as it was, so every valid body is accepted again. */
  reset?: () => Promise<void>;
}

const routes: Record<string, WriteRoute> = {
  charge: {
    url: () => `/api/clubs/${clubId}/charges`,
    state: () => 'SELECT count(*)::int AS n FROM charges',
    valid: () => ({ profile_id: memberProfileId, description: `Cobrança ${++seq}`, amount: '12,34', due_date: '2026-05-10', origin: 'avulsa' }),
  },
  payment: {
    url: () => `/api/clubs/${clubId}/charges/${bigChargeId}/payments`,
    state: () => `SELECT (SELECT paid_amount FROM charges WHERE id = '${bigChargeId}') AS paid, (SELECT count(*)::int FROM transactions) AS n`,
    valid: () => ({ amount: '0,01', cash_account_id: cashId, method: 'pix', paid_on: '2026-05-11', payer_name: 'Marta Souza' }),
  },
  chargeBatch: {
    url: () => `/api/clubs/${clubId}/charges/batch`,
    state: () => 'SELECT (SELECT count(*)::int FROM charges) AS c, (SELECT count(*)::int FROM charge_batches) AS b, (SELECT count(*)::int FROM audit_log) AS a',
    valid: () => ({ client_id: randomUUID(), target: { kind: 'members', profile_ids: [memberProfileId] }, description: `Camiseta ${++seq}`, amount: '12,34', due_date: '2026-05-10', origin: 'avulsa' }),
  },
  pixSettings: {
    method: 'PUT',
    url: () => `/api/clubs/${clubId}/pix-settings`,
    state: () => `SELECT pix_key, beneficiary_name, city FROM club_pix_settings WHERE club_id = '${clubId}'`,
    valid: () => ({ pix_key: `tesouraria${++seq}@clube.org`, beneficiary_name: 'Clube Fuzz', city: 'Recife' }),
  },
  cancel: {
    url: () => `/api/clubs/${clubId}/charges/${cancelChargeId}/cancel`,
    state: () => `SELECT cancelled_at, cancel_reason, (SELECT count(*)::int FROM audit_log WHERE action = 'charge.cancel') AS n FROM charges WHERE id = '${cancelChargeId}'`,
    valid: () => ({ reason: `Motivo ${++seq}` }),
    reset: async () => {
      await ctx.db.query(`UPDATE charges SET cancelled_at = NULL, cancel_reason = NULL WHERE id = $1`, [cancelChargeId]);
    },
  },
  duesPlan: {
    method: 'PUT',
    url: () => `/api/clubs/${clubId}/dues-plan`,
    state: () => `SELECT description, amount, due_day, months, active FROM dues_plans WHERE club_id = '${clubId}'`,
    valid: () => ({ description: `Mensalidade ${++seq}`, amount: '60,00', due_day: 10, months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], active: true }),
  },
  duesException: {
    method: 'PUT',
    url: () => `/api/clubs/${clubId}/dues-exceptions/${memberProfileId}`,
    state: () => `SELECT kind, amount, percent, reason FROM dues_exceptions WHERE club_id = '${clubId}'`,
    valid: () => ({ kind: 'desconto', percent: 1 + (++seq % 99), reason: 'irmãos: 2º com 50 %' }),
  },
  statementPreview: {
    url: () => `/api/clubs/${clubId}/charges/statement/preview`,
    state: () => 'SELECT (SELECT count(*)::int FROM statement_lines) AS l, (SELECT count(*)::int FROM charge_payments) AS p',
    valid: () => ({ content: `Data;Histórico;Valor\n05/05/2026;PIX RECEBIDO ${++seq};12,34\n` }),
  },
  statementConfirm: {
    url: () => `/api/clubs/${clubId}/charges/statement/confirm`,
    state: () => `SELECT (SELECT count(*)::int FROM statement_lines) AS l, (SELECT paid_amount FROM charges WHERE id = '${bigChargeId}') AS paid, (SELECT count(*)::int FROM transactions) AS n`,
    valid: () => ({
      pairs: [{ fingerprint: (++seq).toString(16).padStart(64, 'f'), charge_id: bigChargeId, amount: '0,01', date: '2026-05-11' }],
      account_id: cashId,
      method: 'pix',
    }),
  },
  duesGenerate: {
    url: () => `/api/clubs/${clubId}/dues/generate`,
    state: () => `SELECT count(*)::int AS n FROM charges WHERE club_id = '${clubId}'`,
    valid: () => ({ month: '2026-05' }),
  },
};

const hostile = { ...HOSTILE, farDate: HOSTILE_EXTRA.farDate, formula: HOSTILE_EXTRA.formula };

async function send(route: WriteRoute, body: Record<string, unknown>) {
  await route.reset?.();
  return watch(firstRow(ctx.db, route.state()), () => call(ctx.app, route.method ?? 'POST', route.url(), { as: admin, body }));
}

beforeAll(async () => {
  ctx = await createTestApp();
  const setup = await setUpClubWithMember(ctx, 'Fuzz Cobranças');
  admin = setup.admin;
  clubId = setup.club.id;
  memberProfileId = setup.member.profile.id;
  cashId = (await call(ctx.app, 'POST', `/api/clubs/${clubId}/cash-accounts`, { as: admin, body: { name: 'Caixa', initial_balance: '0' } })).json().id;
  const charge = (body: Record<string, unknown>) => call(ctx.app, 'POST', `/api/clubs/${clubId}/charges`, {
    as: admin, body: { profile_id: memberProfileId, due_date: '2026-05-10', origin: 'avulsa', ...body },
  });
  bigChargeId = (await charge({ description: 'Grande', amount: '999999' })).json().id;
  cancelChargeId = (await charge({ description: 'Para cancelar', amount: '10' })).json().id;
  // The plan every dues body is measured against (months all year, so any past month can be generated).
  expect((await call(ctx.app, 'PUT', `/api/clubs/${clubId}/dues-plan`, { as: admin, body: routes.duesPlan.valid() })).statusCode).toBe(200);
});
afterAll(() => ctx.close());

describe(`hostile bodies on the charge routes on ${engineName()}`, () => {
  fuzzWriteRoutes({
    routes,
    hostile,
    valid: (route) => route.valid(),
    send: (route, _name, body) => send(route, body),
    title: (route, name) => `${route.method ?? 'POST'} ${name}`,
    seed: 50,
  });

  it('any statement file (random text, OFX and CSV pieces in any order) answers 200 or a pt-BR 400 and writes nothing (fast-check)', async () => {
    const piece = fc.constantFrom(
      'OFXHEADER:100\n', '<OFX>', '<STMTTRN>', '</STMTTRN>', '<DTPOSTED>20260505', '<DTPOSTED>2026', '<TRNAMT>12.34', '<TRNAMT>-1,5', '<TRNAMT>1e308',
      '<FITID>=1', '<MEMO>', '&amp;', '&#0;', '&#x110000;', 'Data;Histórico;Valor\n', 'Data,Valor,Identificador,Descrição\n', '05/05/2026;', '31/02/2026;',
      '"', ';', ',', '\n', '\r\n', '12,34', '1.234,56', '-@', '+55', '\uFEFF', '\uFFFD',
    );
    const route = routes.statementPreview;
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ maxLength: 300 }), fc.array(fc.oneof(piece, fc.string({ maxLength: 8 })), { maxLength: 40 }).map((p) => p.join(''))), async (content) => {
        const r = await send(route, { content });
        expect([200, 400], r.body).toContain(r.status);
        expect(r.changed).toBe(false);
        if (r.status === 400) expect(r.body).toMatch(/"message":"[^"]*[a-zà-ú]/);
      }),
      { numRuns: 150, seed: 35 },
    );
  });

  it('the reversal route answers < 500 for any payment id', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 60 }), async (id) => {
        const res = await call(ctx.app, 'POST', `/api/clubs/${clubId}/charges/${bigChargeId}/payments/${encodeURIComponent(id)}/reverse`, { as: admin });
        expect(res.statusCode).toBeLessThan(500);
      }),
      { numRuns: 40, seed: 50 },
    );
  });
});
