import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { insertUnit } from '../../../test/gamification.js';
import { engineName } from '../../../test/db.js';

// Issue 44: every line of the points ledger goes through one writer (progress/ledger-repo.ts). Whatever a
// club does — signatures and their undo, batches and their undo, manual points, roll calls corrected
// (reversals), members moving unit — the rankings and the kept totals are the ledger's sums, and each
// member's total is what the answers of those actions said it would be.

let ctx: TestContext;
let admin: Session;
let club: { id: string };
const units: string[] = [];
const kids: Array<{ session: Session; memberId: string; profileId: string }> = [];
const requirements: string[] = [];
const criteria: Array<{ id: string; points: number }> = [];
let meetingId: string;
let periodId: string;

/** What the answers said: each member's points outside roll calls, and their current roll-call points. */
const model = { base: [0, 0, 0, 0], meeting: [0, 0, 0, 0] };
const batches: Array<{ id: string; kids: number[]; points: number; undone: boolean }> = [];

const url = (p: string) => `/api/clubs/${club.id}${p}`;
const get = async (p: string) => {
  const res = await call(ctx.app, 'GET', url(p), { as: admin });
  expect(res.statusCode, p).toBe(200);
  return res.json();
};

type Op =
  | { kind: 'sign'; kid: number; req: number }
  | { kind: 'undoSign'; kid: number; req: number }
  | { kind: 'batch'; who: number[]; points: number }
  | { kind: 'undoBatch'; pick: number }
  | { kind: 'adjust'; kid: number; points: number }
  | { kind: 'adjustUnit'; unit: number; points: number }
  | { kind: 'move'; kid: number; unit: number }
  | { kind: 'roll'; kid: number; present: boolean; ticks: boolean[] };

const kid = fc.integer({ min: 0, max: 3 });
const points = fc.integer({ min: -30, max: 30 }).filter((n) => n !== 0);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('sign' as const), kid, req: fc.integer({ min: 0, max: 2 }) }),
  fc.record({ kind: fc.constant('undoSign' as const), kid, req: fc.integer({ min: 0, max: 2 }) }),
  fc.record({ kind: fc.constant('batch' as const), who: fc.uniqueArray(kid, { minLength: 1, maxLength: 4 }), points }),
  fc.record({ kind: fc.constant('undoBatch' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('adjust' as const), kid, points }),
  fc.record({ kind: fc.constant('adjustUnit' as const), unit: fc.integer({ min: 0, max: 1 }), points }),
  fc.record({ kind: fc.constant('move' as const), kid, unit: fc.integer({ min: 0, max: 1 }) }),
  fc.record({ kind: fc.constant('roll' as const), kid, present: fc.boolean(), ticks: fc.array(fc.boolean(), { minLength: 2, maxLength: 2 }) }),
);

async function run(o: Op): Promise<void> {
  switch (o.kind) {
    case 'sign': {
      const res = await call(ctx.app, 'POST', url('/programme/signatures'), { as: admin, body: { requirement_id: requirements[o.req], member_ids: [kids[o.kid].memberId] } });
      expect(res.statusCode, res.body).toBe(200);
      model.base[o.kid] += res.json().points;
      return;
    }
    case 'undoSign': {
      const card = await get(`/programme/members/${kids[o.kid].memberId}/card`);
      const signature = card.enrolments[0].requirements.find((r: { id: string }) => r.id === requirements[o.req])?.signature;
      if (!signature) return;
      const res = await call(ctx.app, 'DELETE', url(`/programme/signatures/${signature.id}`), { as: admin });
      expect(res.statusCode, res.body).toBe(200);
      model.base[o.kid] -= res.json().points_reversed;
      return;
    }
    case 'batch': {
      const res = await call(ctx.app, 'POST', url('/point-adjustments/batch'), {
        as: admin, body: { profile_ids: o.who.map((k) => kids[k].profileId), points: o.points, reason: 'Lote' },
      });
      expect(res.statusCode, res.body).toBe(201);
      for (const k of o.who) model.base[k] += o.points;
      batches.push({ id: res.json().batch_id, kids: o.who, points: o.points, undone: false });
      return;
    }
    case 'undoBatch': {
      const open = batches.filter((b) => !b.undone);
      if (!open.length) return;
      const batch = open[o.pick % open.length];
      const res = await call(ctx.app, 'POST', url(`/point-adjustments/batch/${batch.id}/undo`), { as: admin });
      expect(res.statusCode, res.body).toBe(200);
      for (const k of batch.kids) model.base[k] -= batch.points;
      batch.undone = true;
      return;
    }
    case 'adjust': {
      const res = await call(ctx.app, 'POST', url('/point-adjustments'), { as: admin, body: { profile_id: kids[o.kid].profileId, points: o.points, reason: 'Ajuste' } });
      expect(res.statusCode, res.body).toBe(201);
      model.base[o.kid] += o.points;
      return;
    }
    case 'adjustUnit': {
      const res = await call(ctx.app, 'POST', url('/point-adjustments'), { as: admin, body: { unit_id: units[o.unit], points: o.points, reason: 'Unidade' } });
      expect(res.statusCode, res.body).toBe(201);
      return;
    }
    case 'move': {
      const res = await call(ctx.app, 'PUT', url(`/members/${kids[o.kid].memberId}`), { as: admin, body: { role: 'Desbravador(a)', unit_id: units[o.unit], active: true } });
      expect(res.statusCode, res.body).toBe(200);
      return;
    }
    case 'roll': {
      const ticked = criteria.filter((_, i) => o.ticks[i]);
      const res = await call(ctx.app, 'PUT', url(`/meetings/${meetingId}/attendance`), {
        as: admin, body: { marks: [{ member_id: kids[o.kid].memberId, status: o.present ? 'present' : 'absent', criteria: ticked.map((c) => c.id) }] },
      });
      expect(res.statusCode, res.body).toBe(200);
      model.meeting[o.kid] = o.present ? ticked.reduce((sum, c) => sum + c.points, 0) : 0;
      return;
    }
  }
}

/** Ledger sums by member and by unit, over all time or within the period. */
async function ledgerSums(inPeriod: boolean) {
  const window = inPeriod ? 'AND pe.occurred_at BETWEEN pr.start_date AND pr.end_date' : '';
  const from = `FROM point_events pe JOIN periods pr ON pr.id = $2 WHERE pe.club_id = $1 ${window}`;
  const byMember = await ctx.db.query<{ profile_id: string; points: number }>(
    `SELECT pe.profile_id, sum(pe.points)::int AS points ${from} AND pe.profile_id IS NOT NULL GROUP BY pe.profile_id`, [club.id, periodId]);
  const byUnit = await ctx.db.query<{ unit_id: string; points: number }>(
    `SELECT pe.unit_id, sum(pe.points)::int AS points ${from} AND pe.unit_id IS NOT NULL GROUP BY pe.unit_id`, [club.id, periodId]);
  return {
    member: new Map(byMember.map((r) => [r.profile_id, r.points])),
    unit: new Map(byUnit.map((r) => [r.unit_id, r.points])),
  };
}

/** The rankings (overall and the period's), the kept totals and the model all say what the ledger says. */
async function expectRankingsAreTheLedger(): Promise<void> {
  for (const inPeriod of [false, true]) {
    const query = inPeriod ? `?period_id=${periodId}` : '';
    const sums = await ledgerSums(inPeriod);
    const individual: Array<{ profile_id: string; total_points: number }> = await get(`/ranking/individual${query}`);
    for (const k of kids) {
      const served = individual.find((r) => r.profile_id === k.profileId)?.total_points ?? 0;
      expect(served, `${inPeriod ? 'period' : 'overall'} points of ${k.profileId}`).toBe(sums.member.get(k.profileId) ?? 0);
    }
    const unitRows: Array<{ unit_id: string; total_points: number }> = await get(`/ranking/units${query}`);
    for (const unit of units) {
      const served = unitRows.find((u) => u.unit_id === unit)?.total_points ?? 0;
      expect(served, `${inPeriod ? 'period' : 'overall'} points of unit ${unit}`).toBe(sums.unit.get(unit) ?? 0);
    }
    if (!inPeriod) kids.forEach((k, i) => expect(sums.member.get(k.profileId) ?? 0, `model of kid ${i}`).toBe(model.base[i] + model.meeting[i]));
    // Only roll calls fall in the period (the meeting is on its first days; everything else is now).
    if (inPeriod) kids.forEach((k, i) => expect(sums.member.get(k.profileId) ?? 0, `period model of kid ${i}`).toBe(model.meeting[i]));
  }
  // Counted once: a signed requisito nets its 5 points, an unsigned one 0; a completed especialidade its 20.
  const nets = await ctx.db.query<{ signed: boolean; completed: boolean; requirement: boolean; points: number }>(
    `SELECT pe.programme_requirement_id IS NOT NULL AS requirement, sum(pe.points)::int AS points,
            EXISTS (SELECT 1 FROM programme_signatures s WHERE s.enrolment_id = pe.programme_enrolment_id AND s.requirement_id = pe.programme_requirement_id) AS signed,
            EXISTS (SELECT 1 FROM programme_enrolments e WHERE e.id = pe.programme_enrolment_id AND e.completed_on IS NOT NULL) AS completed
       FROM point_events pe WHERE pe.club_id = $1 AND pe.source = 'programme'
      GROUP BY pe.programme_enrolment_id, pe.programme_requirement_id`, [club.id]);
  for (const n of nets) expect(n.points).toBe(n.requirement ? (n.signed ? 5 : 0) : (n.completed ? 20 : 0));
  const kept = await ctx.db.query<{ profile_id: string; total_points: number }>(
    `SELECT profile_id, total_points::int AS total_points FROM member_point_totals WHERE club_id = $1`, [club.id]);
  const sums = await ledgerSums(false);
  for (const row of kept) expect(row.total_points).toBe(sums.member.get(row.profile_id) ?? 0);
}

beforeAll(async () => {
  ctx = await createTestApp();
  await signUp(ctx.app, { name: 'Super Admin' });
  admin = await signUp(ctx.app, { name: 'Diretora' });
  club = await createClub(ctx.app, admin, 'Livro-razão');
  units.push(await insertUnit(ctx.db, club.id, 'Águias', '#0ea5e9'), await insertUnit(ctx.db, club.id, 'Falcões', '#f59e0b'));
  for (const [i, name] of ['Ana', 'Bia', 'Caio', 'Davi'].entries()) {
    const session = await signUp(ctx.app, { name });
    await addMember(ctx.db, club.id, session.profile.id, 'Desbravador(a)', units[i % 2]);
    const [m] = await ctx.db.query<{ id: string }>(`SELECT id FROM club_members WHERE club_id = $1 AND profile_id = $2`, [club.id, session.profile.id]);
    kids.push({ session, memberId: m.id, profileId: session.profile.id });
  }
  for (const text of ['Identificar 5 aves', 'Desenhar 3 ninhos', 'Observar por 1 hora']) {
    const res = await call(ctx.app, 'POST', url('/programme/items/EN-002/requirements'), { as: admin, body: { text } });
    expect(res.statusCode, res.body).toBe(201);
    requirements.push(res.json().id);
  }
  for (const k of kids) {
    const res = await call(ctx.app, 'POST', url('/programme/enrolments'), { as: admin, body: { member_id: k.memberId, item_code: 'EN-002' } });
    expect(res.statusCode, res.body).toBe(201);
  }
  for (const [name, pts] of [['Uniforme', 3], ['Bíblia', 7]] as const) {
    const res = await call(ctx.app, 'POST', url('/meeting-criteria'), { as: admin, body: { name, points: pts, active: true, position: 10 + pts } });
    expect(res.statusCode, res.body).toBe(201);
    criteria.push({ id: res.json().id, points: pts });
  }
  // The meeting and the period are in the past: roll-call points count at the meeting's start.
  const meeting = await call(ctx.app, 'POST', url('/meetings'), { as: admin, body: { date: '2026-01-10', title: 'Reunião', type: 'regular' } });
  expect(meeting.statusCode, meeting.body).toBe(201);
  meetingId = meeting.json().id;
  const [period] = await ctx.db.query<{ id: string }>(
    `INSERT INTO periods (club_id, name, start_date, end_date) VALUES ($1, 'Janeiro', '2026-01-01T00:00:00Z', '2026-01-31T23:59:59Z') RETURNING id`, [club.id]);
  periodId = period.id;
});
afterAll(() => ctx.close());

describe(`one ledger writer on ${engineName()}`, () => {
  it('random signatures, undos, batches, unit moves, roll calls and reversals: rankings are the ledger sums', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
        for (const o of ops) await run(o);
        await expectRankingsAreTheLedger();
      }),
      { numRuns: 30, seed: 44, endOnFailure: true },
    );
  }, 240_000);
});
