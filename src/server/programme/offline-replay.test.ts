import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PROGRAMME_MSG } from '../../shared/programme.js';
import { BADGE_COLOR_KEYS, BADGE_ICON_KEYS } from '../../shared/badge-icons.js';
import { addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { insertUnit, pointsOf } from '../../../test/gamification.js';
import { engineName } from '../../../test/db.js';

/**
 * The grid's offline queue (issue 34): each queued signature carries the id the device gave it, and a
 * resend — the answer was lost, the queue replays, two tabs send at once — signs nothing, gives no
 * points and no second badge, and answers what the first request did.
 */
let ctx: TestContext;
let admin: Session;
let stranger: Session;
let clubId: string;
let otherClubId: string;
let badgeId: string;
const kids: Record<string, { session: Session; memberId: string }> = {};
const reqs: string[] = [];

const P = () => `/api/clubs/${clubId}/programme`;
const sign = (requirementId: string, memberIds: string[], clientId?: string, as = admin, club = clubId) =>
  call(ctx.app, 'POST', `/api/clubs/${club}/programme/signatures`, { as, body: { requirement_id: requirementId, member_ids: memberIds, ...(clientId ? { client_id: clientId } : {}) } });
const signatures = async (memberId: string) =>
  (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM programme_signatures s JOIN programme_enrolments e ON e.id = s.enrolment_id WHERE e.member_id = $1', [memberId]))[0].n;
const completions = async (memberId: string) =>
  (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM point_events pe JOIN programme_enrolments e ON e.id = pe.programme_enrolment_id
     WHERE e.member_id = $1 AND pe.programme_requirement_id IS NULL AND pe.points > 0`, [memberId]))[0].n;
const badges = async (profileId: string) =>
  (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM member_badges WHERE badge_id = $1 AND profile_id = $2', [badgeId, profileId]))[0].n;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signUp(ctx.app, { name: 'Diretora' });
  stranger = await signUp(ctx.app, { name: 'Diretor de fora' });
  clubId = (await createClub(ctx.app, admin, 'Clube Fila Offline')).id;
  otherClubId = (await createClub(ctx.app, stranger, 'Outro Clube')).id;
  const unit = await insertUnit(ctx.db, clubId, 'Águias');
  for (const name of ['Ana', 'Bia', 'Caio']) {
    const s = await signUp(ctx.app, { name });
    await addMember(ctx.db, clubId, s.profile.id, 'member', unit);
    const [row] = await ctx.db.query<{ id: string }>('SELECT id FROM club_members WHERE club_id = $1 AND profile_id = $2', [clubId, s.profile.id]);
    kids[name] = { session: s, memberId: row.id };
    const enrol = await call(ctx.app, 'POST', `${P()}/enrolments`, { as: admin, body: { member_id: row.id, item_code: 'AMIGO' } });
    expect(enrol.statusCode, enrol.body).toBe(201);
  }
  for (const text of ['Voto e lei', 'Caminhada']) {
    const res = await call(ctx.app, 'POST', `${P()}/items/AMIGO/requirements`, { as: admin, body: { section_code: 'G', text } });
    expect(res.statusCode, res.body).toBe(201);
    reqs.push(res.json().id);
  }
  const badge = await call(ctx.app, 'POST', `/api/clubs/${clubId}/badges`, {
    as: admin,
    body: { name: 'Amigo concluído', description: 'Classe Amigo', rarity: 'rare', points: 25, active: true, badge_type: 'auto', category: 'classes', icon_key: BADGE_ICON_KEYS[0], icon_color: BADGE_COLOR_KEYS[0], criteria_value: 0, criteria_type: 'class_completed', criteria_item: 'AMIGO' },
  });
  expect(badge.statusCode, badge.body).toBe(201);
  badgeId = badge.json().id;
});
afterAll(() => ctx.close());

describe(`the grid's offline queue replays on ${engineName()}`, () => {
  it('a resend of the same signature answers the same and changes nothing', async () => {
    const id = randomUUID();
    const first = await sign(reqs[0], [kids.Ana.memberId, kids.Bia.memberId], id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ signed: 2, already: 0, points: 10, completed: [] });
    const points = await pointsOf(ctx.db, clubId, kids.Ana.session.profile.id);
    const again = await sign(reqs[0], [kids.Bia.memberId, kids.Ana.memberId], id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await signatures(kids.Ana.memberId)).toBe(1);
    expect(await pointsOf(ctx.db, clubId, kids.Ana.session.profile.id)).toBe(points);
  });

  it('the completing signature replayed twice and at once: one signature, points once, badge once', async () => {
    const id = randomUUID();
    const profile = kids.Ana.session.profile.id;
    const before = await pointsOf(ctx.db, clubId, profile);
    const first = await sign(reqs[1], [kids.Ana.memberId], id);
    expect(first.json()).toEqual({ signed: 1, already: 0, points: 55, completed: [kids.Ana.memberId] });
    const replays = await Promise.all([sign(reqs[1], [kids.Ana.memberId], id), sign(reqs[1], [kids.Ana.memberId], id), sign(reqs[1], [kids.Ana.memberId], id)]);
    for (const r of replays) {
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toEqual(first.json());
    }
    expect(await signatures(kids.Ana.memberId)).toBe(2);
    expect(await completions(kids.Ana.memberId)).toBe(1);
    expect(await badges(profile)).toBe(1);
    // 5 for the requisito, 50 for the class, 25 for the badge.
    expect(await pointsOf(ctx.db, clubId, profile)).toBe(before + 80);
  });

  it('the first send and its resends at once (the answer lost while the queue replays): one signature, points once, badge once', async () => {
    const id = randomUUID();
    const profile = kids.Caio.session.profile.id;
    const all = await Promise.all([0, 1, 2, 3].map(() => sign(reqs[0], [kids.Caio.memberId], id)));
    for (const r of all) expect(r.statusCode, r.body).toBe(200);
    const answers = all.map((r) => r.json());
    expect(answers.every((a) => JSON.stringify(a) === JSON.stringify(answers[0]))).toBe(true);
    expect(answers[0]).toEqual({ signed: 1, already: 0, points: 5, completed: [] });
    const done = await Promise.all([0, 1, 2].map(() => sign(reqs[1], [kids.Caio.memberId], randomUUID())));
    expect(done.map((r) => r.json().signed).sort()).toEqual([0, 0, 1]);
    expect(await signatures(kids.Caio.memberId)).toBe(2);
    expect(await completions(kids.Caio.memberId)).toBe(1);
    expect(await badges(profile)).toBe(1);
    expect(await pointsOf(ctx.db, clubId, profile)).toBe(5 + 5 + 50 + 25);
  });

  it('a signature undone meanwhile stays undone when the queue replays it', async () => {
    const id = randomUUID();
    const member = kids.Bia.memberId;
    const first = await sign(reqs[1], [member], id);
    expect(first.json().completed).toEqual([member]);
    const grid = (await call(ctx.app, 'GET', `${P()}/items/AMIGO/grid`, { as: admin })).json();
    const enrolment = grid.members.find((m: { member_id: string }) => m.member_id === member).enrolment_id;
    const cell = grid.signatures.find((s: { enrolment_id: string; requirement_id: string }) => s.enrolment_id === enrolment && s.requirement_id === reqs[1]);
    expect((await call(ctx.app, 'DELETE', `${P()}/signatures/${cell.id}`, { as: admin })).statusCode).toBe(200);
    const points = await pointsOf(ctx.db, clubId, kids.Bia.session.profile.id);
    const replay = await sign(reqs[1], [member], id);
    expect(replay.json()).toEqual(first.json());
    expect(await signatures(member)).toBe(1);
    expect(await pointsOf(ctx.db, clubId, kids.Bia.session.profile.id)).toBe(points);
    // A new tap (a new id) signs it again.
    expect((await sign(reqs[1], [member], randomUUID())).json().signed).toBe(1);
  });

  it("an id already used for another signature is refused in pt-BR; another club's ids are its own", async () => {
    const id = randomUUID();
    expect((await sign(reqs[0], [kids.Ana.memberId], id)).json().already).toBe(1);
    const other = await sign(reqs[1], [kids.Ana.memberId], id);
    expect(other.statusCode).toBe(409);
    expect(other.json().error.message).toBe(PROGRAMME_MSG.clientIdReused);
    const more = await sign(reqs[0], [kids.Ana.memberId, kids.Bia.memberId], id);
    expect(more.statusCode).toBe(409);
    expect((await sign(reqs[0], [kids.Ana.memberId], 'nao-e-uuid')).json().error.message).toBe(PROGRAMME_MSG.clientIdInvalid);
    // Another club cannot read this club's answer through the id: its requisito is not found there.
    const foreign = await sign(reqs[0], [kids.Ana.memberId], id, stranger, otherClubId);
    expect(foreign.statusCode).toBe(404);
  });

  it('a refused request keeps no answer: the same id goes through once the reason is gone', async () => {
    const id = randomUUID();
    const s = await signUp(ctx.app, { name: 'Davi' });
    await addMember(ctx.db, clubId, s.profile.id, 'member', null);
    const [row] = await ctx.db.query<{ id: string }>('SELECT id FROM club_members WHERE club_id = $1 AND profile_id = $2', [clubId, s.profile.id]);
    const refused = await sign(reqs[0], [row.id], id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(PROGRAMME_MSG.notEnrolled);
    expect((await call(ctx.app, 'POST', `${P()}/enrolments`, { as: admin, body: { member_id: row.id, item_code: 'AMIGO' } })).statusCode).toBe(201);
    expect((await sign(reqs[0], [row.id], id)).json().signed).toBe(1);
  });

  const cellId = async (memberId: string, requirementId: string) =>
    (await ctx.db.query<{ id: string }>('SELECT s.id FROM programme_signatures s JOIN programme_enrolments e ON e.id = s.enrolment_id WHERE e.member_id = $1 AND s.requirement_id = $2', [memberId, requirementId]))[0]?.id;
  const undo = (signatureId: string, clientId?: string) =>
    call(ctx.app, 'DELETE', `${P()}/signatures/${signatureId}${clientId ? `?client_id=${encodeURIComponent(clientId)}` : ''}`, { as: admin });

  it('an undo queued offline and resent (also at once) reverses once and answers the same; a new signature meanwhile stays', async () => {
    const s = await signUp(ctx.app, { name: 'Elisa' });
    await addMember(ctx.db, clubId, s.profile.id, 'member', null);
    const [row] = await ctx.db.query<{ id: string }>('SELECT id FROM club_members WHERE club_id = $1 AND profile_id = $2', [clubId, s.profile.id]);
    expect((await call(ctx.app, 'POST', `${P()}/enrolments`, { as: admin, body: { member_id: row.id, item_code: 'AMIGO' } })).statusCode).toBe(201);
    expect((await sign(reqs[0], [row.id], randomUUID())).json().signed).toBe(1);
    const before = await pointsOf(ctx.db, clubId, s.profile.id);
    const signature = await cellId(row.id, reqs[0]);
    const id = randomUUID();
    const all = await Promise.all([0, 1, 2].map(() => undo(signature, id)));
    for (const r of all) {
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toEqual({ points_reversed: 5 });
    }
    expect(await cellId(row.id, reqs[0])).toBeUndefined();
    expect(await pointsOf(ctx.db, clubId, s.profile.id)).toBe(before - 5);
    // Signed again (a new tap): the old undo replayed answers what it did and leaves the new signature.
    expect((await sign(reqs[0], [row.id], randomUUID())).json().signed).toBe(1);
    const replay = await undo(signature, id);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json()).toEqual({ points_reversed: 5 });
    expect(await cellId(row.id, reqs[0])).toBeDefined();
    expect(await pointsOf(ctx.db, clubId, s.profile.id)).toBe(before);
    const [kept] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE club_id = $1 AND action = 'programme.unsign'`, [clubId]);
    expect(kept.n).toBeGreaterThanOrEqual(1);
  });

  it('an id is either a signature or an undo, of one signature (409 in pt-BR); a refused undo keeps no answer', async () => {
    const member = kids.Caio.memberId;
    const signatureId = await cellId(member, reqs[0]);
    expect(signatureId).toBeDefined();
    const signId = randomUUID();
    expect((await sign(reqs[1], [kids.Ana.memberId], signId)).statusCode).toBe(200);
    const reused = await undo(signatureId, signId);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.message).toBe(PROGRAMME_MSG.clientIdReusedUndo);
    expect(await cellId(member, reqs[0])).toBe(signatureId);
    // A refused undo (a stranger's club, an unknown signature) keeps nothing: the id still works.
    const id = randomUUID();
    expect((await undo(randomUUID(), id)).statusCode).toBe(404);
    expect((await undo(signatureId, id)).json()).toEqual({ points_reversed: expect.any(Number) });
    const other = await cellId(member, reqs[1]);
    if (other) expect((await undo(other, id)).statusCode).toBe(409);
    const asSign = await sign(reqs[0], [member], id);
    expect(asSign.statusCode).toBe(409);
    expect(asSign.json().error.message).toBe(PROGRAMME_MSG.clientIdReused);
    // Signed again for the fast-check below.
    expect((await sign(reqs[0], [member], randomUUID())).json().signed).toBe(1);
  });

  it('any client_id on an undo answers 200, 404 or a pt-BR 400, never 5xx, and a 400 undoes nothing (fast-check)', async () => {
    let signatureId = await cellId(kids.Caio.memberId, reqs[0]);
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.constantFrom('', '%00', "' OR 1=1 --", 'nao-e-uuid', '00000000-0000-0000-0000-000000000000', 'ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ')), async (clientId) => {
        const res = await call(ctx.app, 'DELETE', `${P()}/signatures/${signatureId}?client_id=${encodeURIComponent(clientId)}`, { as: admin });
        expect(res.statusCode, res.body).toBeLessThan(500);
        if (res.statusCode === 400) {
          expect(res.json().error.message).toBe(PROGRAMME_MSG.clientIdInvalid);
          expect(await cellId(kids.Caio.memberId, reqs[0])).toBe(signatureId);
        }
        if (res.statusCode === 200) {
          expect((await sign(reqs[0], [kids.Caio.memberId], randomUUID())).statusCode).toBe(200);
          signatureId = await cellId(kids.Caio.memberId, reqs[0]);
        }
      }),
      { numRuns: 25, seed: 545 },
    );
  });

  it('any order of sends, resends at once and undos: each id answers its first answer, a cell holds one signature and its points once, the badge once (fast-check)', async () => {
    let run = 0;
    const action = fc.oneof(
      fc.record({ kind: fc.constant('send' as const), request: fc.nat(3), copies: fc.integer({ min: 1, max: 3 }) }),
      fc.record({ kind: fc.constant('undo' as const), member: fc.nat(1), requirement: fc.nat(1) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 8 }), async (actions) => {
        run += 1;
        const members: { memberId: string; profileId: string; enrolmentId: string }[] = [];
        for (const k of [0, 1]) {
          const [p] = await ctx.db.query<{ id: string }>('INSERT INTO profiles (full_name) VALUES ($1) RETURNING id', [`Fila ${run}-${k}`]);
          const [m] = await ctx.db.query<{ id: string }>('INSERT INTO club_members (club_id, profile_id) VALUES ($1, $2) RETURNING id', [clubId, p.id]);
          const [e] = await ctx.db.query<{ id: string }>(`INSERT INTO programme_enrolments (club_id, member_id, item_code, kind) VALUES ($1, $2, 'AMIGO', 'class') RETURNING id`, [clubId, m.id]);
          members.push({ memberId: m.id, profileId: p.id, enrolmentId: e.id });
        }
        // Four queued signatures: each requisito for the first member alone, and for both.
        const requests = [[0, [0]], [1, [0]], [0, [0, 1]], [1, [0, 1]]].map(([r, ms]) => ({ id: randomUUID(), requirement: reqs[r as number], members: (ms as number[]).map((i) => members[i].memberId) }));
        const answers = new Map<string, unknown>();
        for (const a of actions) {
          if (a.kind === 'send') {
            const q = requests[a.request];
            const res = await Promise.all(Array.from({ length: a.copies }, () => sign(q.requirement, q.members, q.id)));
            for (const r of res) expect(r.statusCode, r.body).toBe(200);
            const first = answers.get(q.id) ?? res[0].json();
            answers.set(q.id, first);
            for (const r of res) expect(r.json()).toEqual(first);
          } else {
            const m = members[a.member];
            const [row] = await ctx.db.query<{ id: string }>('SELECT id FROM programme_signatures WHERE enrolment_id = $1 AND requirement_id = $2', [m.enrolmentId, reqs[a.requirement]]);
            if (row) expect((await call(ctx.app, 'DELETE', `${P()}/signatures/${row.id}`, { as: admin })).statusCode).toBe(200);
          }
        }
        for (const m of members) {
          const cells = await ctx.db.query<{ requirement_id: string }>('SELECT requirement_id FROM programme_signatures WHERE enrolment_id = $1', [m.enrolmentId]);
          expect(new Set(cells.map((c) => c.requirement_id)).size).toBe(cells.length);
          for (const r of reqs) {
            const [net] = await ctx.db.query<{ n: number }>('SELECT coalesce(sum(points), 0)::int AS n FROM point_events WHERE programme_enrolment_id = $1 AND programme_requirement_id = $2', [m.enrolmentId, r]);
            expect(net.n).toBe(cells.some((c) => c.requirement_id === r) ? 5 : 0);
          }
          const [done] = await ctx.db.query<{ n: number }>('SELECT coalesce(sum(points), 0)::int AS n FROM point_events WHERE programme_enrolment_id = $1 AND programme_requirement_id IS NULL', [m.enrolmentId]);
          expect(done.n).toBe(cells.length === reqs.length ? 50 : 0);
          expect(await badges(m.profileId)).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 12, seed: 34 },
    );
  }, 120_000);
});
