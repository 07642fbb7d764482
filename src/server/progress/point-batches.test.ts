import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BATCH_MSG } from '../../shared/point-batches.js';
import { addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { insertUnit, pointsOf } from '../../../test/gamification.js';

let ctx: TestContext;
let admin: Session;
let plain: Session;
let club: { id: string };
let other: { id: string };
let kids: Session[] = [];
let stranger: Session;
let unitId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  await signUp(ctx.app, { name: 'Super Admin' });
  admin = await signUp(ctx.app, { name: 'Diretora' });
  club = await createClub(ctx.app, admin, 'Lotes');
  unitId = await insertUnit(ctx.db, club.id, 'Águias');
  kids = [];
  for (const name of ['Ana', 'Bruno', 'Carla', 'Davi']) {
    const s = await signUp(ctx.app, { name });
    await addMember(ctx.db, club.id, s.profile.id, 'Desbravador(a)', unitId);
    kids.push(s);
  }
  plain = kids[3];
  const otherAdmin = await signUp(ctx.app, { name: 'Outro Diretor' });
  other = await createClub(ctx.app, otherAdmin, 'Outro Clube');
  stranger = await signUp(ctx.app, { name: 'De Fora' });
  await addMember(ctx.db, other.id, stranger.profile.id, 'Desbravador(a)');
});
afterAll(() => ctx.close());

const url = (path: string) => `/api/clubs/${club.id}${path}`;
const batch = (as: Session, body: unknown) => call(ctx.app, 'POST', url('/point-adjustments/batch'), { as, body });
const ledgerCount = async () => (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM point_events WHERE club_id = $1`, [club.id]))[0].n;
const batchCount = async () => (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM point_batches WHERE club_id = $1`, [club.id]))[0].n;

describe(`'Pontuar vários' on ${engineName()}`, () => {
  it('scores three members in one save: one ledger line each, one audit entry, the ranking shows it', async () => {
    const ids = kids.slice(0, 3).map((k) => k.profile.id);
    const before = await Promise.all(ids.map((id) => pointsOf(ctx.db, club.id, id)));
    const res = await batch(admin, { profile_ids: ids, points: 7, reason: 'Limpeza do acampamento' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ points: 7, member_count: 3 });
    const batchId = res.json().batch_id;
    const lines = await ctx.db.query<{ profile_id: string; unit_id: string; reason: string }>(
      `SELECT profile_id, unit_id, reason FROM point_events WHERE batch_id = $1`, [batchId]);
    expect(lines).toHaveLength(3);
    expect(lines.every((l) => l.unit_id === unitId && l.reason === 'Limpeza do acampamento')).toBe(true);
    const after = await Promise.all(ids.map((id) => pointsOf(ctx.db, club.id, id)));
    expect(after).toEqual(before.map((p) => p + 7));
    const audit = await ctx.db.query(`SELECT 1 FROM audit_log WHERE club_id = $1 AND action = 'points.batch' AND entity_id = $2`, [club.id, batchId]);
    expect(audit).toHaveLength(1);
    const rows: Array<{ profile_id: string; total_points: number }> = (await call(ctx.app, 'GET', url('/ranking/individual'), { as: plain })).json();
    for (const [i, id] of ids.entries()) expect(rows.find((r) => r.profile_id === id)?.total_points).toBe(after[i]);
  });

  it('is all or nothing: a profile of another club refuses the whole batch and writes nothing', async () => {
    const lines = await ledgerCount();
    const batches = await batchCount();
    const res = await batch(admin, { profile_ids: [kids[0].profile.id, kids[1].profile.id, stranger.profile.id], points: 5, reason: 'Tentativa' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(BATCH_MSG.membersNotFound);
    expect(res.json().error.details.profile_ids).toEqual([stranger.profile.id]);
    expect(await ledgerCount()).toBe(lines);
    expect(await batchCount()).toBe(batches);
  });

  it('refuses an inactive member, the director themself, a plain member (403) and a stranger club (404)', async () => {
    const gone = await signUp(ctx.app, { name: 'Saiu' });
    await addMember(ctx.db, club.id, gone.profile.id);
    await ctx.db.query(`UPDATE club_members SET active = false WHERE club_id = $1 AND profile_id = $2`, [club.id, gone.profile.id]);
    const lines = await ledgerCount();
    expect((await batch(admin, { profile_ids: [kids[0].profile.id, gone.profile.id], points: 1, reason: 'x' })).statusCode).toBe(404);
    const self = await batch(admin, { profile_ids: [kids[0].profile.id, admin.profile.id], points: 1, reason: 'x' });
    expect(self.statusCode).toBe(403);
    expect(self.json().error.message).toBe(BATCH_MSG.selfIncluded);
    const asMember = await batch(plain, { profile_ids: [kids[0].profile.id], points: 1, reason: 'x' });
    expect(asMember.statusCode).toBe(403);
    const fromOutside = await call(ctx.app, 'POST', `/api/clubs/${club.id}/point-adjustments/batch`, { as: stranger, body: { profile_ids: [kids[0].profile.id], points: 1, reason: 'x' } });
    expect(fromOutside.statusCode).toBe(404);
    expect(await ledgerCount()).toBe(lines);
  });

  it('answers pt-BR 400s to bad input: no members, more than 500, zero points, no reason, bad ids', async () => {
    const lines = await ledgerCount();
    const id = kids[0].profile.id;
    const cases: Array<[unknown, string]> = [
      [{ profile_ids: [], points: 5, reason: 'x' }, BATCH_MSG.membersRequired],
      [{ profile_ids: Array.from({ length: 501 }, () => id), points: 5, reason: 'x' }, BATCH_MSG.tooManyMembers],
      [{ profile_ids: [id], points: 0, reason: 'x' }, BATCH_MSG.pointsRequired],
      [{ profile_ids: [id], points: '2,5', reason: 'x' }, BATCH_MSG.pointsRequired],
      [{ profile_ids: [id], points: 5, reason: '   ' }, BATCH_MSG.reasonRequired],
      [{ profile_ids: ['nao-e-id'], points: 5, reason: 'x' }, BATCH_MSG.memberInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await batch(admin, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body).toContain(message);
    }
    expect(await ledgerCount()).toBe(lines);
  });

  it('20 concurrent batches on the same members add up exactly', async () => {
    const ids = kids.slice(0, 3).map((k) => k.profile.id);
    const before = await Promise.all(ids.map((id) => pointsOf(ctx.db, club.id, id)));
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) =>
      batch(admin, { profile_ids: i % 2 ? ids : [...ids].reverse(), points: i + 1, reason: `Reunião ${i + 1}` })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const total = (20 * 21) / 2;
    const after = await Promise.all(ids.map((id) => pointsOf(ctx.db, club.id, id)));
    expect(after).toEqual(before.map((p) => p + total));
  });

  it('a batch is undone as a whole, once; the history shows its lines with the batch id', async () => {
    const ids = kids.slice(0, 2).map((k) => k.profile.id);
    const before = await Promise.all(ids.map((id) => pointsOf(ctx.db, club.id, id)));
    const res = await batch(admin, { profile_ids: ids, points: -4, reason: 'Atraso' });
    const batchId = res.json().batch_id;
    const profile = (await call(ctx.app, 'GET', url(`/members/${ids[0]}/profile`), { as: admin })).json();
    expect(profile.history[0]).toMatchObject({ batch_id: batchId, batch_undone: false, points: -4 });
    expect((await call(ctx.app, 'POST', url(`/point-adjustments/batch/${batchId}/undo`), { as: plain })).statusCode).toBe(403);
    const undo = await call(ctx.app, 'POST', url(`/point-adjustments/batch/${batchId}/undo`), { as: admin });
    expect(undo.statusCode).toBe(200);
    expect(undo.json()).toEqual({ batch_id: batchId, member_count: 2 });
    expect(await Promise.all(ids.map((id) => pointsOf(ctx.db, club.id, id)))).toEqual(before);
    const again = await call(ctx.app, 'POST', url(`/point-adjustments/batch/${batchId}/undo`), { as: admin });
    expect(again.statusCode).toBe(409);
    const otherClub = await call(ctx.app, 'POST', `/api/clubs/${other.id}/point-adjustments/batch/${batchId}/undo`, { as: admin });
    expect(otherClub.statusCode).toBe(404);
    const history = (await call(ctx.app, 'GET', url(`/members/${ids[0]}/profile`), { as: admin })).json().history;
    expect(history.filter((h: { batch_id: string }) => h.batch_id === batchId).every((h: { batch_undone: boolean }) => h.batch_undone)).toBe(true);
    const audit = await ctx.db.query(`SELECT 1 FROM audit_log WHERE action = 'points.batch_undo' AND entity_id = $1`, [batchId]);
    expect(audit).toHaveLength(1);
  });

  it('fuzz: any body is a 201 or a pt-BR 400/403/404, never a 500, and a refusal writes nothing', async () => {
    const ids = kids.slice(0, 3).map((k) => k.profile.id);
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          profile_ids: fc.oneof(fc.subarray(ids), fc.array(fc.oneof(fc.uuid(), fc.string(), fc.constantFrom(...ids)), { maxLength: 4 }), fc.anything()),
          points: fc.oneof(fc.integer({ min: -200_000, max: 200_000 }), fc.string(), fc.double(), fc.constant(null)),
          reason: fc.oneof(fc.string({ maxLength: 600 }), fc.constant('Motivo'), fc.anything()),
        }, { requiredKeys: [] }),
        async (body) => {
          const lines = await ledgerCount();
          const res = await batch(admin, body);
          expect([201, 400, 403, 404]).toContain(res.statusCode);
          if (res.statusCode !== 201) {
            expect(res.json().error.message).toMatch(/[a-zà-ú]/i);
            expect(await ledgerCount()).toBe(lines);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
