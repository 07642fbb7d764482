import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHARGE_BATCH_MSG } from '../../shared/charge-batches.js';
import { PERMISSION_MSG } from '../../shared/permissions.js';
import { call, signUp, createTestApp, type Session, type TestContext } from '../../../test/api.js';
import { addGuardian, setUpStaffedClub } from '../../../test/club.js';
import { insertUnit } from '../../../test/gamification.js';
import { engineName } from '../../../test/db.js';

// Issue 43, item 19: 'Nova cobrança' for a list, a unit or the whole club, at once and all-or-nothing.
let ctx: TestContext;
let treasurer: Session;
let secretary: Session;
let stranger: Session;
let ana: Session;
let bruno: Session;
let caio: Session;
let duda: Session;
let leaver: Session;
let carla: Session;
let base: string;
let clubId: string;
let unitA: string;

const counts = async () => (await ctx.db.query<{ c: number; b: number; a: number; n: number }>(
  `SELECT (SELECT count(*)::int FROM charges WHERE club_id = $1) AS c, (SELECT count(*)::int FROM charge_batches WHERE club_id = $1) AS b,
          (SELECT count(*)::int FROM audit_log WHERE club_id = $1 AND action = 'charge.create') AS a,
          (SELECT count(*)::int FROM notifications WHERE club_id = $1) AS n`, [clubId]))[0];

const body = (target: unknown, extra: Record<string, unknown> = {}) =>
  ({ client_id: randomUUID(), target, description: 'Camiseta do clube', amount: '35,50', due_date: '2026-12-10', origin: 'avulsa', ...extra });

const batch = (payload: Record<string, unknown>, as = treasurer) => call(ctx.app, 'POST', `${base}/charges/batch`, { as, body: payload });

beforeAll(async () => {
  ctx = await createTestApp();
  const setup = await setUpStaffedClub(ctx, 'Clube Camiseta', { members: ['Ana Souza', 'Bruno Souza', 'Caio Lima', 'Duda Reis', 'Ex Membro'] });
  ({ treasurer, secretary, stranger, base, members: [ana, bruno, caio, duda, leaver] } = setup);
  clubId = setup.club.id;
  unitA = await insertUnit(ctx.db, clubId, 'Águias');
  const unitB = await insertUnit(ctx.db, clubId, 'Falcões');
  for (const [who, unit] of [[ana, unitA], [bruno, unitA], [caio, unitA], [duda, unitB]] as const) {
    await ctx.db.query('UPDATE club_members SET unit_id = $3 WHERE club_id = $1 AND profile_id = $2', [clubId, who.profile.id, unit]);
  }
  // A counselor of unit A: staff, charged only when picked by name.
  await ctx.db.query(`UPDATE club_members SET unit_id = $2, role = 'counselor' WHERE club_id = $1 AND profile_id = $3`, [clubId, unitA, secretary.profile.id]);
  await ctx.db.query('UPDATE club_members SET active = false WHERE club_id = $1 AND profile_id = $2', [clubId, leaver.profile.id]);
  carla = await signUp(ctx.app, { name: 'Carla Souza' });
  await addGuardian(ctx.db, clubId, ana.profile.id, carla, { consent: true });
  await addGuardian(ctx.db, clubId, bruno.profile.id, carla, { consent: true });
});
afterAll(() => ctx.close());

describe(`charging many at once on ${engineName()}`, () => {
  it('the whole club: one charge per active youth, one audit line each, one notice per member and one for the family', async () => {
    const before = await counts();
    const res = await batch(body({ kind: 'club' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ count: 4, total: '142.00', replayed: false });
    const after = await counts();
    expect(after.c - before.c).toBe(4);
    expect(after.a - before.a).toBe(4);
    const charged = await ctx.db.query<{ full_name: string; amount: string }>(
      `SELECT p.full_name, ch.amount::text FROM charges ch JOIN profiles p ON p.id = ch.profile_id WHERE ch.club_id = $1 ORDER BY p.full_name`, [clubId]);
    expect(charged).toEqual(['Ana Souza', 'Bruno Souza', 'Caio Lima', 'Duda Reis'].map((full_name) => ({ full_name, amount: '35.50' })));
    const [audit] = await ctx.db.query<{ batch: string }>(`SELECT after->>'batch_id' AS batch FROM audit_log WHERE club_id = $1 AND action = 'charge.create' LIMIT 1`, [clubId]);
    expect(audit.batch).toBe(res.json().batch_id);
    // Carla, mother of Ana and Bruno, is told once, naming both.
    const toCarla = await ctx.db.query<{ body: string }>('SELECT body FROM notifications WHERE profile_id = $1', [carla.profile.id]);
    expect(toCarla).toHaveLength(1);
    expect(toCarla[0].body).toMatch(/^Ana Souza e Bruno Souza: R\$ 35,50 cada, vencimento em 10\/12\/2026/);
    const toAna = await ctx.db.query('SELECT 1 FROM notifications WHERE profile_id = $1', [ana.profile.id]);
    expect(toAna).toHaveLength(1);
    expect(after.n - before.n).toBe(5);
  });

  it('a unit charges its youth; a list charges exactly the members picked, staff included', async () => {
    const unit = await batch(body({ kind: 'unit', unit_id: unitA }, { description: 'Lenço da unidade' }));
    expect(unit.statusCode).toBe(201);
    expect(unit.json().count).toBe(3);
    const list = await batch(body({ kind: 'members', profile_ids: [duda.profile.id, secretary.profile.id, duda.profile.id] }, { description: 'Livro' }));
    expect(list.statusCode).toBe(201);
    expect(list.json()).toMatchObject({ count: 2, total: '71.00' });
  });

  it('a double click or a resend charges once: the second answer is the first batch', async () => {
    const payload = body({ kind: 'unit', unit_id: unitA }, { description: 'Boné' });
    const before = await counts();
    const [a, b] = await Promise.all([batch(payload), batch(payload)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().batch_id).toBe(b.json().batch_id);
    expect(a.json().count).toBe(3);
    expect(b.json().count).toBe(3);
    const again = await batch(payload);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ batch_id: a.json().batch_id, replayed: true, count: 3 });
    expect((await counts()).c - before.c).toBe(3);
  });

  it('all or nothing: one member not active, or one who already has the month\'s due, and nobody is charged', async () => {
    const before = await counts();
    const inactive = await batch(body({ kind: 'members', profile_ids: [ana.profile.id, leaver.profile.id] }));
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().error.message).toBe(CHARGE_BATCH_MSG.membersNotFound);
    await call(ctx.app, 'POST', `${base}/charges`, {
      as: treasurer, body: { profile_id: caio.profile.id, description: 'Mensalidade 12/2026', amount: '50', due_date: '2026-12-10', origin: 'mensalidade' },
    });
    const mid = await counts();
    const dues = await batch(body({ kind: 'club' }, { description: 'Mensalidade 12/2026', origin: 'mensalidade' }));
    expect(dues.statusCode).toBe(409);
    expect(dues.json().error.message).toBe(CHARGE_BATCH_MSG.duesTaken);
    expect(await counts()).toEqual(mid);
    expect(mid.c - before.c).toBe(1);
    expect(mid.b).toBe(before.b);
  });

  it('every refusal in pt-BR: no target, an empty list, a unit of another club, a bad client_id', async () => {
    const before = await counts();
    const message = async (payload: Record<string, unknown>) => (await batch(payload)).json().error.message;
    expect(await message({ ...body({ kind: 'club' }), target: undefined })).toBe(CHARGE_BATCH_MSG.targetRequired);
    expect(await message(body({ kind: 'members', profile_ids: [] }))).toBe(CHARGE_BATCH_MSG.membersRequired);
    expect(await message(body({ kind: 'members', profile_ids: Array.from({ length: 501 }, () => randomUUID()) }))).toBe(CHARGE_BATCH_MSG.tooManyMembers);
    expect(await message(body({ kind: 'unit' }))).toBe(CHARGE_BATCH_MSG.unitRequired);
    expect(await message({ ...body({ kind: 'club' }), client_id: 'abc' })).toBe(CHARGE_BATCH_MSG.clientIdInvalid);
    const other = await batch(body({ kind: 'unit', unit_id: randomUUID() }));
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe(CHARGE_BATCH_MSG.unitNotFound);
    expect(await counts()).toEqual(before);
  });

  it('only charges.manage: the secretary 403, a member 403, another club 404; the payers list likewise', async () => {
    const refused = await batch(body({ kind: 'club' }), secretary);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(PERMISSION_MSG.forbidden('charges.manage'));
    expect((await batch(body({ kind: 'club' }), ana)).statusCode).toBe(403);
    expect((await batch(body({ kind: 'club' }), stranger)).statusCode).toBe(404);
    const payers = (await call(ctx.app, 'GET', `${base}/charges/payers`, { as: treasurer })).json();
    expect(payers.map((p: { full_name: string; youth: boolean }) => `${p.full_name}${p.youth ? '' : ' (staff)'}`))
      .toEqual(['Ana Souza', 'Bruno Souza', 'Caio Lima', 'Diretora (staff)', 'Duda Reis', 'Secretário (staff)', 'Tesoureira (staff)']);
    expect((await call(ctx.app, 'GET', `${base}/charges/payers`, { as: secretary })).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', `${base}/charges/payers`, { as: stranger })).statusCode).toBe(404);
  });
});
