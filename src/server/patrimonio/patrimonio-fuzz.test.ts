import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { firstRow, fuzzWriteRoutes, HOSTILE, HOSTILE_EXTRA, watch } from '../../../test/fuzz.js';
import { call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';

/** The patrimônio routes' writes through the one fuzz harness (test/fuzz.ts): no 5xx, a refusal writes nothing and speaks pt-BR. */
let ctx: TestContext;
let admin: Session;
let clubId: string;
let itemId: string;
let unitId: string;
let kitId: string;
let kitItemId: string;
let memberId: string;
let seq = 0;

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const base = () => `/api/clubs/${clubId}`;

interface WriteRoute {
  method?: 'POST' | 'PUT';
  url: () => string;
  state: () => string;
  valid: () => Record<string, unknown>;
  reset?: () => Promise<void>;
}

const itemBody = () => ({
  name: `Barraca ${++seq}`, category: 'barraca', quantity: 5, unit_value: '350.00', acquired_on: '2025-01-10', acquisition: 'comprado',
  nfe_number: `NF ${seq}`, church_vote: 'Ata 1 voto 2', location: 'Almoxarifado', condition: 'bom', notes: 'Lona extra',
});

const returnAll = async () => {
  await ctx.db.query(`UPDATE patrimonio_loans SET returned_at = now(), return_condition = 'bom' WHERE item_id = $1 AND returned_at IS NULL`, [itemId]);
};

/** The base kit's first piece back in it (an edit may have taken it out). */
const restoreKit = async () => {
  await ctx.db.query(`UPDATE kit_items SET removed_at = NULL WHERE id = $1`, [kitItemId]);
};

const routes: Record<string, WriteRoute> = {
  createItem: { url: () => `${base()}/patrimonio/items`, state: () => 'SELECT count(*)::int AS n FROM patrimonio_items', valid: itemBody },
  updateItem: {
    method: 'PUT',
    url: () => `${base()}/patrimonio/items/${itemId}`,
    state: () => `SELECT name, category, quantity, unit_value, acquired_on, nfe_number, church_vote, location, condition, notes FROM patrimonio_items WHERE id = '${itemId}'`,
    valid: itemBody,
  },
  history: {
    url: () => `${base()}/patrimonio/items/${itemId}/history`,
    state: () => `SELECT count(*)::int AS n FROM patrimonio_history WHERE item_id = '${itemId}'`,
    valid: () => ({ kind: 'vistoria', condition: 'bom', note: `Vistoria ${++seq}` }),
  },
  writeOff: {
    url: () => `${base()}/patrimonio/items/${itemId}/write-off`,
    state: () => `SELECT written_off, (SELECT count(*)::int FROM patrimonio_history WHERE item_id = '${itemId}') AS h FROM patrimonio_items WHERE id = '${itemId}'`,
    valid: () => ({ kind: 'perda', quantity: 1, reason: 'Sumiu', church_vote: null }),
    reset: async () => {
      await returnAll();
      await ctx.db.query(`UPDATE patrimonio_items SET written_off = 0 WHERE id = $1`, [itemId]);
    },
  },
  checkOut: {
    url: () => `${base()}/patrimonio/items/${itemId}/check-out`,
    state: () => `SELECT count(*)::int AS n FROM patrimonio_loans WHERE item_id = '${itemId}'`,
    valid: () => ({ borrower_kind: 'unidade', borrower_id: unitId, quantity: 1, due_on: day(3) }),
    reset: returnAll,
  },
  checkIn: {
    url: () => `${base()}/patrimonio/items/${itemId}/check-in`,
    state: () => `SELECT count(*)::int AS n FROM patrimonio_loans WHERE item_id = '${itemId}' AND returned_at IS NULL`,
    valid: () => ({ condition: 'regular', note: 'Piso rasgado' }),
    reset: async () => {
      await returnAll();
      await ctx.db.query(`UPDATE patrimonio_items SET written_off = 0 WHERE id = $1`, [itemId]);
      const res = await call(ctx.app, 'POST', `${base()}/patrimonio/items/${itemId}/check-out`, { as: admin, body: { borrower_kind: 'unidade', borrower_id: unitId, due_on: day(3) } });
      expect(res.statusCode, res.body).toBe(201);
    },
  },
  sizes: {
    method: 'PUT',
    url: () => `${base()}/uniformes/sizes/${memberId}`,
    state: () => `SELECT camisa, calca_saia, sapato, bone FROM member_sizes WHERE member_id = '${memberId}'`,
    valid: () => ({ camisa: ['P', 'M', 'G'][++seq % 3], calca_saia: '38', sapato: '36', bone: 'U' }),
  },
  createKit: {
    url: () => `${base()}/uniformes/kits`,
    state: () => 'SELECT count(*)::int AS n FROM kits',
    valid: () => ({ name: `Kit ${++seq}`, items: [{ name: 'Lenço', price: '25,00', sized_by: null }, { name: 'Camiseta', price: '40', sized_by: 'camisa' }] }),
  },
  updateKit: {
    method: 'PUT',
    url: () => `${base()}/uniformes/kits/${kitId}`,
    state: () => `SELECT k.name, k.kind, (SELECT string_agg(ki.name || ':' || ki.price || ':' || COALESCE(ki.sized_by, '') || ':' || (ki.removed_at IS NULL), ',' ORDER BY ki.id)
      FROM kit_items ki WHERE ki.kit_id = k.id) AS items FROM kits k WHERE k.id = '${kitId}'`,
    valid: () => ({ name: `Kit base ${++seq}`, kind: 'kit', items: [{ id: kitItemId, name: `Lenço ${seq}`, price: '25,00', sized_by: null }, { name: `Cantil ${seq}`, price: '30' }] }),
    reset: restoreKit,
  },
  deliver: {
    url: () => `${base()}/uniformes/kits/${kitId}/deliveries`,
    state: () => 'SELECT count(*)::int AS n FROM kit_deliveries',
    valid: () => ({ kit_item_id: kitItemId, member_ids: [memberId], delivered_on: day(0), source: ['clube', 'proprio'][++seq % 2] }),
    reset: async () => {
      await restoreKit();
      await ctx.db.query(`DELETE FROM kit_deliveries`);
    },
  },
  pieceGone: {
    url: () => `${base()}/uniformes/kits/${kitId}/pieces-gone`,
    state: () => `SELECT gone_on, gone_reason, (SELECT count(*)::int FROM audit_log WHERE action = 'kit.piece_gone') AS audited
      FROM kit_deliveries WHERE kit_item_id = '${kitItemId}' AND member_id = '${memberId}'`,
    valid: () => ({ kit_item_id: kitItemId, member_id: memberId, gone_on: day(-1), reason: ['perdeu', 'nao_serve', 'devolveu'][++seq % 3] }),
    reset: async () => {
      await restoreKit();
      await ctx.db.query(`DELETE FROM kit_deliveries`);
      await ctx.db.query(`INSERT INTO kit_deliveries (club_id, kit_item_id, member_id, delivered_on) VALUES ($1, $2, $3, $4)`, [clubId, kitItemId, memberId, day(-2)]);
    },
  },
};

async function send(route: WriteRoute, body: Record<string, unknown>) {
  await route.reset?.();
  return watch(firstRow(ctx.db, route.state()), () => call(ctx.app, route.method ?? 'POST', route.url(), { as: admin, body }));
}

beforeAll(async () => {
  ctx = await createTestApp();
  await signUp(ctx.app, { name: 'Super Admin' });
  admin = await signUp(ctx.app, { name: 'Diretora' });
  clubId = (await createClub(ctx.app, admin, 'Fuzz Patrimônio')).id;
  unitId = (await call(ctx.app, 'POST', `${base()}/units`, { as: admin, body: { name: 'Águias', color: '#ff0000' } })).json().id;
  itemId = (await call(ctx.app, 'POST', `${base()}/patrimonio/items`, { as: admin, body: itemBody() })).json().id;
  [{ id: memberId }] = await ctx.db.query<{ id: string }>(`SELECT id FROM club_members WHERE club_id = $1`, [clubId]);
  const kit = (await call(ctx.app, 'POST', `${base()}/uniformes/kits`, { as: admin, body: { name: 'Kit base', items: [{ name: 'Lenço', price: '25' }] } })).json();
  kitId = kit.id;
  kitItemId = kit.items[0].id;
  expect(itemId && kitItemId).toBeTruthy();
});
afterAll(() => ctx.close());

describe(`hostile bodies on the patrimônio routes on ${engineName()}`, () => {
  fuzzWriteRoutes({
    routes,
    valid: (route) => route.valid(),
    send: (route, _name, body) => send(route, body),
    hostile: { ...HOSTILE, formula: HOSTILE_EXTRA.formula },
    seed: 50,
    numRuns: 80,
    title: (route, name) => `${route.method ?? 'POST'} ${name}`,
  });

  it('a formula in a name is stored as typed and leaves the CSV neutralised', async () => {
    const res = await call(ctx.app, 'POST', `${base()}/patrimonio/items`, { as: admin, body: { ...itemBody(), name: '=HYPERLINK("http://x","clique")' } });
    expect(res.statusCode).toBe(201);
    const csv = await call(ctx.app, 'GET', `${base()}/patrimonio/reports/inventory.csv`, { as: admin });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`"'=HYPERLINK(""http://x"",""clique"")"`);
  });

  it('the id routes answer < 500 for any id', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 60 }), async (id) => {
        const e = encodeURIComponent(id);
        for (const [method, url] of [
          ['GET', `${base()}/patrimonio/items/${e}`],
          ['GET', `${base()}/patrimonio/files/${e}`],
          ['POST', `${base()}/patrimonio/items/${itemId}/loans/${e}/check-in`],
          ['PUT', `${base()}/uniformes/sizes/${e}`],
          ['PUT', `${base()}/uniformes/kits/${e}`],
          ['POST', `${base()}/uniformes/kits/${e}/pieces-gone`],
        ] as const) {
          const res = await call(ctx.app, method, url, { as: admin, body: method === 'GET' ? undefined : { condition: 'bom' } });
          expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
        }
      }),
      { numRuns: 25, seed: 50 },
    );
  });
});
