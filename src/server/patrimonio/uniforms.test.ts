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

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
function pngForm() {
  const boundary = '----trilha-uniformes';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="lanterna.png"\r\nContent-Type: image/png\r\n\r\n`), PNG, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

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
    expect(mine.received).toEqual([{ kit_name: 'Kit Desbravador', kind: 'kit', item_name: 'Lenço', delivered_on: day(0), size: null, source: 'clube' }]);
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

describe(`the club's uniform and editing a kit on ${engineName()}`, () => {
  const piece = (name: string, price = '0', sized_by: string | null = null) => ({ name, price, sized_by });

  it('the uniform: its pieces, who has each (from the club or their own), who still lacks it per unit, and each member sees their own', async () => {
    const res = await call(ctx.app, 'POST', `${s.base}/uniformes/kits`, { as: s.admin, body: {
      name: 'Uniforme de gala', kind: 'uniforme',
      items: [piece('Camisa', '65,00', 'camisa'), piece('Calça/saia', '80', 'calca_saia'), piece('Lenço', '25'), piece('Cinto', '30'), piece('Boné', '28', 'bone'), piece('Distintivos', '18')],
    } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'uniforme', removed: [] });
    ids.uniform = res.json().id;
    ids.camisa = res.json().items[0].id;
    const second = await call(ctx.app, 'POST', `${s.base}/uniformes/kits`, { as: s.admin, body: { name: 'Outro uniforme', kind: 'uniforme', items: [piece('Camisa')] } });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(PAT_MSG.uniformExists);
    const badKind = await call(ctx.app, 'POST', `${s.base}/uniformes/kits`, { as: s.admin, body: { name: 'X', kind: 'fantasia', items: [piece('Camisa')] } });
    expect(badKind.json().error.message).toContain(PAT_MSG.kitKindInvalid);
    // Bruna's shirt came from the club; Carlos already had his own.
    const url = `${s.base}/uniformes/kits/${ids.uniform}/deliveries`;
    expect((await call(ctx.app, 'POST', url, { as: s.treasurer, body: { kit_item_id: ids.camisa, member_ids: [ids.Bruna], delivered_on: day(-10) } })).statusCode).toBe(201);
    expect((await call(ctx.app, 'POST', url, { as: s.treasurer, body: { kit_item_id: ids.camisa, member_ids: [ids.Carlos], delivered_on: day(-5), source: 'proprio' } })).statusCode).toBe(201);
    const badSource = await call(ctx.app, 'POST', url, { as: s.treasurer, body: { kit_item_id: ids.camisa, member_ids: [ids.Davi], delivered_on: day(0), source: 'emprestado' } });
    expect(badSource.json().error.message).toContain(PAT_MSG.sourceInvalid);
    expect((await call(ctx.app, 'POST', url, { as: counselor, body: { kit_item_id: ids.camisa, member_ids: [ids.Davi], delivered_on: day(0) } })).statusCode).toBe(403);
    // Quem ainda não tem a camisa, per unit: the counsellor of Águias sees only Águias (Clara herself).
    const pending = (await call(ctx.app, 'GET', `${s.base}/uniformes/kits/${ids.uniform}/pending`, { as: counselor })).json();
    const camisa = pending.find((p: { kit_item_id: string }) => p.kit_item_id === ids.camisa);
    expect(camisa.units.map((u: { unit_name: string }) => u.unit_name)).toEqual(['Águias']);
    expect(camisa.units[0].members.map((m: { name: string }) => m.name)).toEqual(['Conselheira Clara']);
    const mine = (await call(ctx.app, 'GET', `${s.base}/uniformes/me`, { as: s.members[1] })).json();
    expect(mine.uniform.kit_name).toBe('Uniforme de gala');
    expect(mine.uniform.pieces[0]).toEqual({ kit_item_id: ids.camisa, name: 'Camisa', has: true, size: 'G', since: day(-5), source: 'proprio', gone_reason: null });
    expect(mine.uniform.pieces.filter((p: { has: boolean }) => !p.has).map((p: { name: string }) => p.name)).toEqual(['Calça/saia', 'Lenço', 'Cinto', 'Boné', 'Distintivos']);
    // Davi, with no size and no piece: the whole uniform is missing.
    const davi = (await call(ctx.app, 'GET', `${s.base}/uniformes/me`, { as: s.members[2] })).json();
    expect(davi.uniform.pieces.every((p: { has: boolean; size: string | null }) => !p.has && p.size === null)).toBe(true);
    const stranger = await call(ctx.app, 'GET', `${s.base}/uniformes/kits/${ids.uniform}/pending`, { as: s.stranger });
    expect(stranger.statusCode).toBe(404);
  });

  it('editing a kit renames it and its pieces, adds and takes out pieces; what was given stays, under the name it had', async () => {
    const kit = (await call(ctx.app, 'GET', `${s.base}/uniformes/kits`, { as: s.admin })).json().find((k: { id: string }) => k.id === ids.kit);
    const edit = await call(ctx.app, 'PUT', `${s.base}/uniformes/kits/${ids.kit}`, { as: s.treasurer, body: {
      name: 'Kit Desbravador 2027',
      items: [{ id: ids.lenco, name: 'Lenço azul', price: '27,50' }, piece('Cantil', '30'), piece('Bíblia', '35')],
    } });
    expect(edit.statusCode, edit.body).toBe(200);
    const edited = edit.json();
    expect(edited.name).toBe('Kit Desbravador 2027');
    expect(edited.items.map((i: { name: string }) => i.name)).toEqual(['Lenço azul', 'Cantil', 'Bíblia']);
    expect(edited.items[0]).toMatchObject({ id: ids.lenco, price: '27.50', delivered: kit.items[0].delivered });
    expect(edited.removed).toEqual([expect.objectContaining({ id: ids.camiseta, name: 'Camiseta' })]);
    // Bruna's lenço is still hers, under the name it had when given; the removed camiseta leaves the pending list.
    const mine = (await call(ctx.app, 'GET', `${s.base}/uniformes/me`, { as: s.members[0] })).json();
    expect(mine.received).toContainEqual(expect.objectContaining({ kit_name: 'Kit Desbravador 2027', item_name: 'Lenço' }));
    const pending = (await call(ctx.app, 'GET', `${s.base}/uniformes/kits/${ids.kit}/pending`, { as: s.admin })).json();
    expect(pending.map((p: { item_name: string }) => p.item_name)).toEqual(['Lenço azul', 'Cantil', 'Bíblia']);
    const rows = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM kit_items WHERE kit_id = $1`, [ids.kit]);
    expect(rows[0].n).toBe(4);
    // Validation, permissions and another club.
    const foreign = await call(ctx.app, 'PUT', `${s.base}/uniformes/kits/${ids.kit}`, { as: s.treasurer, body: { name: 'Kit', items: [{ id: ids.camisa, name: 'Camisa', price: '1' }] } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toBe(PAT_MSG.kitItemNotFound);
    const removedAgain = await call(ctx.app, 'PUT', `${s.base}/uniformes/kits/${ids.kit}`, { as: s.treasurer, body: { name: 'Kit', items: [{ id: ids.camiseta, name: 'Camiseta', price: '1' }] } });
    expect(removedAgain.json().error.message).toBe(PAT_MSG.kitItemNotFound);
    const empty = await call(ctx.app, 'PUT', `${s.base}/uniformes/kits/${ids.kit}`, { as: s.treasurer, body: { name: 'Kit', items: [] } });
    expect(empty.json().error.message).toContain(PAT_MSG.kitItemsRequired);
    const dup = await call(ctx.app, 'PUT', `${s.base}/uniformes/kits/${ids.kit}`, { as: s.treasurer, body: { name: 'Kit', items: [piece('Cantil'), piece('cantil')] } });
    expect(dup.json().error.message).toContain(PAT_MSG.kitItemDuplicate);
    const taken = await call(ctx.app, 'PUT', `${s.base}/uniformes/kits/${ids.kit}`, { as: s.treasurer, body: { name: 'uniforme de gala', items: [piece('Cantil')] } });
    expect(taken.json().error.message).toBe(PAT_MSG.kitNameTaken);
    const twoUniforms = await call(ctx.app, 'PUT', `${s.base}/uniformes/kits/${ids.kit}`, { as: s.treasurer, body: { name: 'Kit', kind: 'uniforme', items: [piece('Cantil')] } });
    expect(twoUniforms.json().error.message).toBe(PAT_MSG.uniformExists);
    expect((await call(ctx.app, 'PUT', `${s.base}/uniformes/kits/${ids.kit}`, { as: counselor, body: { name: 'Kit', items: [piece('Cantil')] } })).statusCode).toBe(403);
    expect((await call(ctx.app, 'PUT', `${s.base}/uniformes/kits/${ids.kit}`, { as: s.members[0], body: { name: 'Kit', items: [piece('Cantil')] } })).statusCode).toBe(403);
    expect((await call(ctx.app, 'PUT', `${s.base}/uniformes/kits/${ids.kit}`, { as: s.stranger, body: { name: 'Kit', items: [piece('Cantil')] } })).statusCode).toBe(404);
    const after = (await call(ctx.app, 'GET', `${s.base}/uniformes/kits`, { as: s.admin })).json().find((k: { id: string }) => k.id === ids.kit);
    expect(after.name).toBe('Kit Desbravador 2027');
    expect(after.items.map((i: { name: string }) => i.name)).toEqual(['Lenço azul', 'Cantil', 'Bíblia']);
  });

  it('editing a kit while giving its pieces: the two take turns, one delivery per member and one kit', async () => {
    const kit = (await call(ctx.app, 'GET', `${s.base}/uniformes/kits`, { as: s.admin })).json().find((k: { id: string }) => k.id === ids.kit);
    const cantil = kit.items[1].id;
    const members = [ids.Carlos, ids.Davi];
    const edits = [0, 1, 2].map((n) => call(ctx.app, 'PUT', `${s.base}/uniformes/kits/${ids.kit}`, { as: s.admin, body: {
      name: 'Kit Desbravador 2027', items: [...kit.items.map((i: { id: string; name: string; price: string }) => ({ id: i.id, name: i.name, price: i.price })), piece(`Apito ${n}`, '5')],
    } }));
    const gives = [0, 1, 2].map(() => call(ctx.app, 'POST', `${s.base}/uniformes/kits/${ids.kit}/deliveries`, { as: s.treasurer, body: { kit_item_id: cantil, member_ids: members, delivered_on: day(0) } }));
    const results = await Promise.all([...edits, ...gives]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 201, 201, 201]);
    const rows = await ctx.db.query<{ member_id: string; item_name: string }>(`SELECT member_id, item_name FROM kit_deliveries WHERE kit_item_id = $1 ORDER BY member_id`, [cantil]);
    expect(rows.map((r) => r.member_id).sort()).toEqual([...members].sort());
    expect(rows.every((r) => r.item_name === 'Cantil')).toBe(true);
    const after = (await call(ctx.app, 'GET', `${s.base}/uniformes/kits`, { as: s.admin })).json();
    expect(after.filter((k: { name: string }) => k.name === 'Kit Desbravador 2027')).toHaveLength(1);
    const current = after.find((k: { id: string }) => k.id === ids.kit);
    expect(current.items.filter((i: { name: string }) => i.name.startsWith('Apito'))).toHaveLength(1);
    expect(current.items.find((i: { id: string }) => i.id === cantil).delivered).toBe(2);
  });
  it('a piece a member no longer has (lost it): marked by a leader with the day and why, missing again everywhere, audited; given again, theirs again', async () => {
    const url = `${s.base}/uniformes/kits/${ids.uniform}/pieces-gone`;
    const gone = await call(ctx.app, 'POST', url, { as: s.treasurer, body: { kit_item_id: ids.camisa, member_id: ids.Bruna, gone_on: day(-1), reason: 'perdeu' } });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json().items[0]).toMatchObject({ id: ids.camisa, delivered: 1 });
    const bruna = (await call(ctx.app, 'GET', `${s.base}/uniformes/me`, { as: s.members[0] })).json();
    expect(bruna.uniform.pieces[0]).toEqual({ kit_item_id: ids.camisa, name: 'Camisa', has: false, size: 'M', since: null, source: null, gone_reason: 'perdeu' });
    // She received it once: her history keeps it.
    expect(bruna.received).toContainEqual(expect.objectContaining({ item_name: 'Camisa', delivered_on: day(-10) }));
    const pending = (await call(ctx.app, 'GET', `${s.base}/uniformes/kits/${ids.uniform}/pending`, { as: s.admin })).json();
    const camisa = pending.find((p: { kit_item_id: string }) => p.kit_item_id === ids.camisa);
    expect(camisa.holders).toEqual([{ member_id: ids.Carlos, name: 'Carlos' }]);
    expect(camisa.units.flatMap((u: { members: Array<{ name: string }> }) => u.members.map((m) => m.name))).toContain('Bruna');
    const order = (await call(ctx.app, 'GET', `${s.base}/uniformes/kits/${ids.uniform}/order`, { as: s.admin })).json();
    expect(order.lines).toContainEqual(expect.objectContaining({ kit_item_id: ids.camisa, size: 'M', count: 1 }));
    const [audit] = await ctx.db.query<{ before: { delivered_on: string }; after: { reason: string; member_id: string } }>(
      `SELECT before, after FROM audit_log WHERE action = 'kit.piece_gone' AND entity_id = $1`, [ids.uniform]);
    expect(audit.before.delivered_on).toBe(day(-10));
    expect(audit.after).toMatchObject({ reason: 'perdeu', member_id: ids.Bruna });
    // Refusals: no longer held, a day to come, before it was received, a reason not on the list, a piece of another kit.
    const twice = await call(ctx.app, 'POST', url, { as: s.treasurer, body: { kit_item_id: ids.camisa, member_id: ids.Bruna, gone_on: day(0), reason: 'perdeu' } });
    expect([twice.statusCode, twice.json().error.message]).toEqual([409, PAT_MSG.pieceNotHeld]);
    const never = await call(ctx.app, 'POST', url, { as: s.treasurer, body: { kit_item_id: ids.camisa, member_id: ids.Davi, gone_on: day(0), reason: 'perdeu' } });
    expect(never.json().error.message).toBe(PAT_MSG.pieceNotHeld);
    const future = await call(ctx.app, 'POST', url, { as: s.treasurer, body: { kit_item_id: ids.camisa, member_id: ids.Carlos, gone_on: day(2), reason: 'nao_serve' } });
    expect([future.statusCode, future.json().error.message]).toEqual([400, PAT_MSG.goneInFuture]);
    const early = await call(ctx.app, 'POST', url, { as: s.treasurer, body: { kit_item_id: ids.camisa, member_id: ids.Carlos, gone_on: day(-6), reason: 'nao_serve' } });
    expect(early.json().error.message).toBe(PAT_MSG.goneBeforeDelivery);
    const reason = await call(ctx.app, 'POST', url, { as: s.treasurer, body: { kit_item_id: ids.camisa, member_id: ids.Carlos, gone_on: day(0), reason: 'rasgou' } });
    expect(reason.json().error.message).toContain(PAT_MSG.goneReasonInvalid);
    const other = await call(ctx.app, 'POST', url, { as: s.treasurer, body: { kit_item_id: ids.lenco, member_id: ids.Carlos, gone_on: day(0), reason: 'perdeu' } });
    expect(other.json().error.message).toBe(PAT_MSG.kitItemNotFound);
    const body = { kit_item_id: ids.camisa, member_id: ids.Carlos, gone_on: day(0), reason: 'nao_serve' };
    expect((await call(ctx.app, 'POST', url, { as: counselor, body })).statusCode).toBe(403);
    expect((await call(ctx.app, 'POST', url, { as: s.members[1], body })).statusCode).toBe(403);
    expect((await call(ctx.app, 'POST', url, { as: s.stranger, body })).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', `${s.base}/uniformes/me`, { as: s.members[1] })).json().uniform.pieces[0].has).toBe(true);
    // A new shirt from the club: hers again from today, the mark gone.
    const again = await call(ctx.app, 'POST', `${s.base}/uniformes/kits/${ids.uniform}/deliveries`, { as: s.treasurer, body: { kit_item_id: ids.camisa, member_ids: [ids.Bruna], delivered_on: day(0) } });
    expect(again.json().items[0].delivered).toBe(2);
    const back = (await call(ctx.app, 'GET', `${s.base}/uniformes/me`, { as: s.members[0] })).json();
    expect(back.uniform.pieces[0]).toMatchObject({ has: true, since: day(0), source: 'clube', gone_reason: null });
  });
});

describe(`reports and the inventory count on ${engineName()}`, () => {
  it('the inventory CSV carries the value in pt-BR; the count shows what is missing', async () => {
    const body = { name: 'Lanterna', category: 'iluminacao', quantity: 3, unit_value: '1234.5', acquired_on: '2024-05-01', acquisition: 'fabricado', condition: 'bom' };
    const item = (await call(ctx.app, 'POST', `${s.base}/patrimonio/items`, { as: s.treasurer, body })).json();
    const { payload, headers } = pngForm();
    const photo = await ctx.app.inject({ method: 'POST', url: `${s.base}/patrimonio/items/${item.id}/files?kind=foto`, payload, headers: { ...headers, cookie: s.treasurer.cookie, 'x-trilha-client': 'web' } });
    expect(photo.statusCode, photo.body).toBe(201);
    const photoId = photo.json().photo_id;
    // The photo's link is built from the configured public URL, never from a forged Host.
    const csv = await ctx.app.inject({ method: 'GET', url: `${s.base}/patrimonio/reports/inventory.csv`, headers: { cookie: s.admin.cookie, host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-trilha-client': 'web' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n')[0]).toContain(';Estado;Fotos (links)');
    expect(csv.body).toContain(`Lanterna;Iluminação (lanternas, lampiões);3;0;0;1234,50;3703,50;Fabricado pelo clube;01/05/2024;;;;Bom;${ctx.app.config.publicUrl}/api/clubs/${s.club.id}/patrimonio/files/${photoId}`);
    expect(csv.body).not.toContain('evil.example');
    // The link opens for the CSV's readers (patrimonio.lend); not for a member, nor for another club.
    expect((await call(ctx.app, 'GET', `${s.base}/patrimonio/files/${photoId}`, { as: s.admin })).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', `${s.base}/patrimonio/reports/inventory.csv`, { as: s.members[0] })).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', `${s.base}/patrimonio/reports/inventory.csv`, { as: s.stranger })).statusCode).toBe(404);
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
