import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, call, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { memberIdOf, setUpStaffedClub, type StaffedClub } from '../../../test/club.js';
import { engineName } from '../../../test/db.js';
import { PAT_MSG } from '../../shared/patrimonio.js';

let ctx: TestContext;
let s: StaffedClub;
let counselor: Session;
let aguias: string;
let falcoes: string;
const ids: Record<string, string> = {};

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await createTestApp();
  s = await setUpStaffedClub(ctx, 'Clube Uniformes', { members: ['Bruna', 'Carlos', 'Davi'] });
  aguias = (await call(ctx.app, 'POST', `${s.base}/units`, { as: s.admin, body: { name: 'Águias', color: '#ff0000' } })).json().id;
  falcoes = (await call(ctx.app, 'POST', `${s.base}/units`, { as: s.admin, body: { name: 'Falcões', color: '#00ff00' } })).json().id;
  counselor = await signUp(ctx.app, { name: 'Conselheira Clara' });
  await addMember(ctx.db, s.club.id, counselor.profile.id, 'counselor', aguias);
  for (const [i, m] of s.members.entries()) {
    ids[m.profile.full_name] = await memberIdOf(ctx.db, s.club.id, m.profile.id);
    await ctx.db.query(`UPDATE club_members SET unit_id = $2 WHERE id = $1`, [ids[m.profile.full_name], i < 2 ? aguias : falcoes]);
  }
});
afterAll(() => ctx.close());

describe(`uniformes e kits on ${engineName()}`, () => {
  it('sizes per member: saved by the treasurer in capitals, seen by the member on their own page; a member may not save them', async () => {
    const res = await call(ctx.app, 'PUT', `${s.base}/uniformes/sizes/${ids.Bruna}`, { as: s.treasurer, body: { camisa: 'm', calca_saia: '38', sapato: '36', bone: null } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ camisa: 'M', calca_saia: '38', unit_name: 'Águias' });
    await call(ctx.app, 'PUT', `${s.base}/uniformes/sizes/${ids.Carlos}`, { as: s.treasurer, body: { camisa: 'G' } });
    const mine = (await call(ctx.app, 'GET', `${s.base}/uniformes/me`, { as: s.members[0] })).json();
    expect(mine.sizes).toEqual({ camisa: 'M', calca_saia: '38', sapato: '36', bone: null });
    const denied = await call(ctx.app, 'PUT', `${s.base}/uniformes/sizes/${ids.Bruna}`, { as: s.members[0], body: { camisa: 'GG' } });
    expect(denied.statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', `${s.base}/uniformes/sizes`, { as: s.members[0] })).statusCode).toBe(403);
    const tooLong = await call(ctx.app, 'PUT', `${s.base}/uniformes/sizes/${ids.Bruna}`, { as: s.treasurer, body: { camisa: 'EXTRAGRANDE' } });
    expect(tooLong.json().error.message).toContain(PAT_MSG.sizeTooLong);
  });

  it('a kit half given: who still lacks the lenço per unit; the counsellor sees only their unit', async () => {
    const kit = await call(ctx.app, 'POST', `${s.base}/uniformes/kits`, { as: s.admin, body: { name: 'Kit Desbravador', items: [{ name: 'Lenço', price: '25,00' }, { name: 'Camiseta', price: '40.50', sized_by: 'camisa' }] } });
    expect(kit.statusCode, kit.body).toBe(201);
    ids.kit = kit.json().id;
    ids.lenco = kit.json().items[0].id;
    ids.camiseta = kit.json().items[1].id;
    const again = await call(ctx.app, 'POST', `${s.base}/uniformes/kits`, { as: s.admin, body: { name: 'kit desbravador', items: [{ name: 'Lenço', price: '1' }] } });
    expect(again.json().error.message).toBe(PAT_MSG.kitNameTaken);
    const given = await call(ctx.app, 'POST', `${s.base}/uniformes/kits/${ids.kit}/deliveries`, { as: s.treasurer, body: { kit_item_id: ids.lenco, member_ids: [ids.Bruna], delivered_on: day(0) } });
    expect(given.statusCode, given.body).toBe(201);
    expect(given.json().items[0].delivered).toBe(1);
    const pending = (await call(ctx.app, 'GET', `${s.base}/uniformes/kits/${ids.kit}/pending`, { as: counselor })).json();
    const lenco = pending.find((p: { kit_item_id: string }) => p.kit_item_id === ids.lenco);
    expect(lenco.units).toEqual([{ unit_id: aguias, unit_name: 'Águias', members: [
      { member_id: ids.Carlos, name: 'Carlos', size: null },
      { member_id: await memberIdOf(ctx.db, s.club.id, counselor.profile.id), name: 'Conselheira Clara', size: null },
    ] }]);
    const all = (await call(ctx.app, 'GET', `${s.base}/uniformes/kits/${ids.kit}/pending`, { as: s.admin })).json();
    const names = all[0].units.flatMap((u: { members: { name: string }[] }) => u.members.map((m) => m.name));
    expect(names).toEqual(expect.arrayContaining(['Carlos', 'Davi']));
    expect(names).not.toContain('Bruna');
    const mine = (await call(ctx.app, 'GET', `${s.base}/uniformes/me`, { as: s.members[0] })).json();
    expect(mine.received).toEqual([{ kit_name: 'Kit Desbravador', item_name: 'Lenço', delivered_on: day(0), size: null }]);
  });

  it('the order lists the missing pieces by size with their cost and becomes one charge per member through the charges service, once', async () => {
    const order = (await call(ctx.app, 'GET', `${s.base}/uniformes/kits/${ids.kit}/order`, { as: s.treasurer })).json();
    const camisetaM = order.lines.find((l: { kit_item_id: string; size: string | null }) => l.kit_item_id === ids.camiseta && l.size === 'M');
    expect(camisetaM).toMatchObject({ count: 1, price: '40.50', total: '40.50' });
    const before = (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM charges`))[0].n;
    const charged = await call(ctx.app, 'POST', `${s.base}/uniformes/kits/${ids.kit}/order/charges`, { as: s.treasurer, body: { due_on: day(15) } });
    expect(charged.statusCode, charged.body).toBe(201);
    expect(charged.json().total).toBe(order.total);
    const rows = await ctx.db.query<{ description: string; amount: string; origin: string }>(`SELECT description, amount, origin FROM charges WHERE club_id = $1 ORDER BY description`, [s.club.id]);
    expect(rows.length - before).toBe(charged.json().charges);
    expect(rows).toContainEqual({ description: 'Kit Desbravador: Camiseta (M)', amount: '40.50', origin: 'avulsa' });
    const twice = await call(ctx.app, 'POST', `${s.base}/uniformes/kits/${ids.kit}/order/charges`, { as: s.treasurer, body: { due_on: day(15) } });
    expect(twice.json().error.message).toBe(PAT_MSG.nothingToCharge);
    expect((await call(ctx.app, 'GET', `${s.base}/uniformes/kits/${ids.kit}/order`, { as: s.treasurer })).json().lines).toEqual([]);
    const stranger = await call(ctx.app, 'GET', `${s.base}/uniformes/kits/${ids.kit}/order`, { as: s.stranger });
    expect(stranger.statusCode).toBe(404);
  });
});

describe(`reports and the inventory count on ${engineName()}`, () => {
  it('the inventory CSV carries the value in pt-BR; the count shows what is missing', async () => {
    const body = { name: 'Lanterna', category: 'iluminacao', quantity: 3, unit_value: '1234.5', acquired_on: '2024-05-01', acquisition: 'fabricado', condition: 'bom' };
    const item = (await call(ctx.app, 'POST', `${s.base}/patrimonio/items`, { as: s.treasurer, body })).json();
    const csv = await call(ctx.app, 'GET', `${s.base}/patrimonio/reports/inventory.csv`, { as: s.admin });
    expect(csv.body).toContain('Lanterna;Iluminação (lanternas, lampiões);3;0;0;1234,50;3703,50;Fabricado pelo clube;01/05/2024');
    const started = await call(ctx.app, 'POST', `${s.base}/patrimonio/counts`, { as: s.treasurer });
    expect(started.statusCode).toBe(201);
    expect((await call(ctx.app, 'POST', `${s.base}/patrimonio/counts`, { as: s.treasurer })).json().error.message).toBe(PAT_MSG.countOpen);
    const countId = started.json().id;
    expect(started.json()).toMatchObject({ missing: 1, ticked: 0 });
    const two = await call(ctx.app, 'PUT', `${s.base}/patrimonio/counts/${countId}/items/${item.id}`, { as: s.treasurer, body: { found: 2 } });
    expect(two.json()).toMatchObject({ missing: 1, ticked: 1 });
    const three = await call(ctx.app, 'PUT', `${s.base}/patrimonio/counts/${countId}/items/${item.id}`, { as: s.treasurer, body: { found: '3' } });
    expect(three.json()).toMatchObject({ missing: 0, ticked: 1 });
    const neg = await call(ctx.app, 'PUT', `${s.base}/patrimonio/counts/${countId}/items/${item.id}`, { as: s.treasurer, body: { found: -1 } });
    expect(neg.json().error.message).toContain(PAT_MSG.quantityNegative);
    const closed = await call(ctx.app, 'POST', `${s.base}/patrimonio/counts/${countId}/close`, { as: s.treasurer });
    expect(closed.json().closed_at).toBeTruthy();
    expect((await call(ctx.app, 'GET', `${s.base}/patrimonio/counts/open`, { as: s.treasurer })).json()).toBeNull();
  });
});
