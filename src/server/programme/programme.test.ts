import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROGRAMME_MSG, suggestedClass } from '../../shared/programme.js';
import { PERMISSION_MSG } from '../../shared/permissions.js';
import { addMember, call, createClub, createTestApp, setUpClubWithMember, signUp, type Session, type TestContext } from '../../../test/api.js';
import { insertUnit, pointsOf } from '../../../test/gamification.js';
import { engineName } from '../../../test/db.js';

let ctx: TestContext;
let admin: Session;
let plain: Session;
let counselorA: Session;
let instructorAmigo: Session;
let instructorOther: Session;
let stranger: Session;
let club: { id: string };
let otherClub: { id: string };
let unitA: string;
let unitB: string;
const kids: Record<string, { session: Session; memberId: string }> = {};

const url = (p: string) => `/api/clubs/${club.id}/programme${p}`;
async function memberIdOf(profileId: string): Promise<string> {
  const [row] = await ctx.db.query<{ id: string }>('SELECT id FROM club_members WHERE club_id = $1 AND profile_id = $2', [club.id, profileId]);
  return row.id;
}
async function person(name: string, role: string, unitId: string | null): Promise<Session> {
  const s = await signUp(ctx.app, { name });
  await addMember(ctx.db, club.id, s.profile.id, role, unitId);
  return s;
}
const addReq = (code: string, body: Record<string, unknown>, as = admin) => call(ctx.app, 'POST', url(`/items/${code}/requirements`), { as, body });
const signReq = (as: Session, requirementId: string, memberIds: string[], extra: Record<string, unknown> = {}) =>
  call(ctx.app, 'POST', url('/signatures'), { as, body: { requirement_id: requirementId, member_ids: memberIds, ...extra } });
const card = async (memberId: string, as = admin) => {
  const res = await call(ctx.app, 'GET', url(`/members/${memberId}/card`), { as });
  expect(res.statusCode).toBe(200);
  return res.json();
};

let amigoReqs: { id: string; text: string; section_code: string | null }[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, member: plain, club } = await setUpClubWithMember(ctx, 'Clube Programa'));
  unitA = await insertUnit(ctx.db, club.id, 'Águias');
  unitB = await insertUnit(ctx.db, club.id, 'Leões');
  await ctx.db.query('UPDATE club_members SET unit_id = $2 WHERE club_id = $1 AND profile_id = $3', [club.id, unitA, plain.profile.id]);
  counselorA = await person('Conselheira Ana', 'counselor', unitA);
  instructorAmigo = await person('Instrutor Beto', 'instructor', null);
  instructorOther = await person('Instrutora Clara', 'instructor', null);
  for (const [name, unit] of [['Caio', unitA], ['Duda', unitA], ['Enzo', unitB]] as const) {
    const s = await person(name, 'member', unit);
    kids[name] = { session: s, memberId: await memberIdOf(s.profile.id) };
  }
  kids.plain = { session: plain, memberId: await memberIdOf(plain.profile.id) };
  stranger = await signUp(ctx.app, { name: 'Diretor de fora' });
  otherClub = await createClub(ctx.app, stranger, 'Outro Clube');
});
afterAll(() => ctx.close());

describe(`the club's programme on ${engineName()}`, () => {
  it('every member reads the catalogue; a stranger gets 404', async () => {
    const res = await call(ctx.app, 'GET', url('/catalogue'), { as: plain });
    expect(res.statusCode).toBe(200);
    const cat = res.json();
    expect(cat.items.filter((i: { kind: string }) => i.kind === 'specialty')).toHaveLength(544);
    expect(cat.items.find((i: { code: string }) => i.code === 'AMIGO')).toMatchObject({ name: 'Amigo', min_age: 10, programme: 'desbravadores' });
    expect(cat.areas.find((a: { code: string }) => a.code === 'EN').color).toMatch(/^#[0-9a-f]{6}$/);
    expect((await call(ctx.app, 'GET', url('/catalogue'), { as: stranger })).statusCode).toBe(404);
  });

  it('the director chooses the programmes and points; bad values get pt-BR messages and change nothing', async () => {
    expect((await call(ctx.app, 'GET', url('/settings'), { as: plain })).json()).toEqual({ programmes: ['desbravadores'], points_per_requirement: 5, points_per_class: 50, points_per_specialty: 20 });
    const bad = [
      [{ programmes: [], points_per_requirement: 1, points_per_class: 1, points_per_specialty: 1 }, PROGRAMME_MSG.programmesInvalid],
      [{ programmes: ['escoteiros'], points_per_requirement: 1, points_per_class: 1, points_per_specialty: 1 }, PROGRAMME_MSG.programmesInvalid],
      [{ programmes: ['desbravadores'], points_per_requirement: -1, points_per_class: 1, points_per_specialty: 1 }, PROGRAMME_MSG.pointsInvalid],
      [{ programmes: ['desbravadores'], points_per_requirement: 1, points_per_class: 2.5, points_per_specialty: 1 }, PROGRAMME_MSG.pointsInvalid],
    ] as const;
    for (const [body, message] of bad) {
      const res = await call(ctx.app, 'PUT', url('/settings'), { as: admin, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const denied = await call(ctx.app, 'PUT', url('/settings'), { as: counselorA, body: { programmes: ['aventureiros'], points_per_requirement: 1, points_per_class: 1, points_per_specialty: 1 } });
    expect(denied.statusCode).toBe(403);
    const ok = await call(ctx.app, 'PUT', url('/settings'), { as: admin, body: { programmes: ['desbravadores', 'aventureiros'], points_per_requirement: 10, points_per_class: '100', points_per_specialty: 30 } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ programmes: ['desbravadores', 'aventureiros'], points_per_requirement: 10, points_per_class: 100, points_per_specialty: 30 });
  });

  it('requisitos are added, edited, reordered and removed; each bad field has its message', async () => {
    const texts = [['G', 'Ter 10 anos'], ['DE', 'Memorizar o voto'], ['SA', 'Caminhada de 5 km'], ['EN', 'Completar a especialidade de Felinos']] as const;
    for (const [section, text] of texts) {
      const res = await addReq('AMIGO', { section_code: section, text, in_field: section === 'SA', needs_evidence: false, ...(section === 'EN' ? { link_specialty: 'EN-001' } : {}) });
      expect(res.statusCode).toBe(201);
    }
    const bad = [
      [{ section_code: 'XX', text: 'a' }, PROGRAMME_MSG.sectionInvalid],
      [{ section_code: 'G', text: '   ' }, PROGRAMME_MSG.textRequired],
      [{ section_code: 'G', text: 'x'.repeat(2001) }, PROGRAMME_MSG.textRequired],
      [{ section_code: 'G', text: 'a', link_specialty: 'ZZ-999' }, PROGRAMME_MSG.linkSpecialtyInvalid],
      [{ section_code: 'G', text: 'a', link_area: 'ZZ' }, PROGRAMME_MSG.linkAreaInvalid],
      [{ section_code: 'G', text: 'a', link_area: 'EN', link_specialty: 'EN-001' }, PROGRAMME_MSG.linkBoth],
    ] as const;
    for (const [body, message] of bad) {
      const res = await addReq('AMIGO', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect((await addReq('NAO_EXISTE', { text: 'a' })).statusCode).toBe(404);
    const denied = await addReq('AMIGO', { text: 'a' }, instructorAmigo);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe(PERMISSION_MSG.forbidden('programme.manage'));
    expect((await addReq('AMIGO', { text: 'a' }, stranger)).statusCode).toBe(404);

    let list = (await call(ctx.app, 'GET', url('/items/AMIGO/requirements'), { as: plain })).json();
    expect(list.map((r: { text: string }) => r.text)).toEqual(texts.map((t) => t[1]));
    const edited = await call(ctx.app, 'PUT', url(`/requirements/${list[0].id}`), { as: admin, body: { section_code: 'G', text: 'Ter no mínimo 10 anos', in_field: false, needs_evidence: true } });
    expect(edited.json()).toMatchObject({ text: 'Ter no mínimo 10 anos', needs_evidence: true });
    const reversed = [...list].reverse().map((r: { id: string }) => r.id);
    const reorder = await call(ctx.app, 'PUT', url('/items/AMIGO/requirements/order'), { as: admin, body: { ids: reversed } });
    expect(reorder.json().map((r: { id: string }) => r.id)).toEqual(reversed);
    const partial = await call(ctx.app, 'PUT', url('/items/AMIGO/requirements/order'), { as: admin, body: { ids: reversed.slice(1) } });
    expect(partial.json().error.message).toBe(PROGRAMME_MSG.orderInvalid);
    const extra = (await addReq('AMIGO', { section_code: 'G', text: 'Temporário' })).json();
    expect((await call(ctx.app, 'DELETE', url(`/requirements/${extra.id}`), { as: admin })).statusCode).toBe(200);
    expect((await call(ctx.app, 'DELETE', url(`/requirements/${extra.id}`), { as: admin })).statusCode).toBe(404);
    // Back to the natural order for the rest of the suite.
    await call(ctx.app, 'PUT', url('/items/AMIGO/requirements/order'), { as: admin, body: { ids: list.map((r: { id: string }) => r.id) } });
    list = (await call(ctx.app, 'GET', url('/items/AMIGO/requirements'), { as: plain })).json();
    amigoReqs = list;
    // Another club sees none of them, and cannot edit them.
    expect((await call(ctx.app, 'GET', `/api/clubs/${otherClub.id}/programme/items/AMIGO/requirements`, { as: stranger })).json()).toEqual([]);
    expect((await call(ctx.app, 'PUT', `/api/clubs/${otherClub.id}/programme/requirements/${list[0].id}`, { as: stranger, body: { text: 'x' } })).statusCode).toBe(404);
  });

  it('enrols members (class suggested from the birth date), one class at a time', async () => {
    await ctx.db.query(`UPDATE club_members SET birth_date = (current_date - interval '10 years 2 months')::date WHERE id = $1`, [kids.Caio.memberId]);
    expect((await card(kids.Caio.memberId)).suggested_class).toBe('AMIGO');
    for (const k of ['Caio', 'Duda', 'Enzo', 'plain']) {
      const res = await call(ctx.app, 'POST', url('/enrolments'), { as: admin, body: { member_id: kids[k].memberId, item_code: 'AMIGO' } });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ progress: { signed: 0, total: 4 }, ready: false });
    }
    const again = await call(ctx.app, 'POST', url('/enrolments'), { as: admin, body: { member_id: kids.Caio.memberId, item_code: 'AMIGO' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(PROGRAMME_MSG.alreadyEnrolled);
    const second = await call(ctx.app, 'POST', url('/enrolments'), { as: admin, body: { member_id: kids.Caio.memberId, item_code: 'COMPANHEIRO' } });
    expect(second.json().error.message).toBe(PROGRAMME_MSG.classInProgress);
    const specialty = await call(ctx.app, 'POST', url('/enrolments'), { as: admin, body: { member_id: kids.Caio.memberId, item_code: 'EN-001' } });
    expect(specialty.statusCode).toBe(201);
    const unknown = await call(ctx.app, 'POST', url('/enrolments'), { as: admin, body: { member_id: '00000000-0000-4000-8000-000000000000', item_code: 'AMIGO' } });
    expect(unknown.statusCode).toBe(404);
    expect((await call(ctx.app, 'POST', url('/enrolments'), { as: counselorA, body: { member_id: kids.Caio.memberId, item_code: 'EN-002' } })).statusCode).toBe(403);
  });

  it('who may sign: a plain member nobody; an instructor only assigned items; a counsellor only their unit; nobody their own', async () => {
    const req = amigoReqs[0].id;
    const member = await signReq(plain, req, [kids.Caio.memberId]);
    expect(member.statusCode).toBe(403);
    expect(member.json().error.message).toBe(PERMISSION_MSG.forbidden('programme.sign'));
    const notAssigned = await signReq(instructorOther, req, [kids.Caio.memberId]);
    expect(notAssigned.statusCode).toBe(403);
    expect(notAssigned.json().error.message).toBe(PROGRAMME_MSG.notAssigned);
    const otherUnit = await signReq(counselorA, req, [kids.Enzo.memberId]);
    expect(otherUnit.statusCode).toBe(403);
    expect(otherUnit.json().error.message).toBe(PROGRAMME_MSG.notYourUnit);
    expect((await signReq(stranger, req, [kids.Caio.memberId])).statusCode).toBe(404);
    expect((await call(ctx.app, 'POST', `/api/clubs/${otherClub.id}/programme/signatures`, { as: stranger, body: { requirement_id: req, member_ids: [kids.Caio.memberId] } })).statusCode).toBe(404);
    const assign = await call(ctx.app, 'PUT', url('/items/AMIGO/instructors'), { as: admin, body: { member_ids: [await memberIdOf(instructorAmigo.profile.id)] } });
    expect(assign.json()).toEqual([expect.objectContaining({ full_name: 'Instrutor Beto' })]);
    // An instructor enrolled in the class cannot sign their own requisito.
    await ctx.db.query(`INSERT INTO programme_enrolments (club_id, member_id, item_code, kind) VALUES ($1, $2, 'AMIGO', 'class')`, [club.id, await memberIdOf(instructorAmigo.profile.id)]);
    const own = await signReq(instructorAmigo, req, [await memberIdOf(instructorAmigo.profile.id)]);
    expect(own.json().error.message).toBe(PROGRAMME_MSG.signOwn);
    expect((await signReq(counselorA, req, [kids.Caio.memberId])).statusCode).toBe(200);
    expect((await signReq(instructorAmigo, amigoReqs[1].id, [kids.Enzo.memberId])).statusCode).toBe(200);
    expect((await signReq(plain, amigoReqs[1].id, [kids.Enzo.memberId])).statusCode).toBe(403);
  });

  it('a signature records the date (today by default, never in the future) and a note; bad values get messages', async () => {
    const req = amigoReqs[1].id;
    const bad = [
      [{ signed_on: '2100-01-01' }, PROGRAMME_MSG.dateInFuture],
      [{ signed_on: '2026-02-31' }, PROGRAMME_MSG.dateInvalid],
      [{ note: 'x'.repeat(501) }, PROGRAMME_MSG.noteTooLong],
    ] as const;
    for (const [extra, message] of bad) {
      const res = await signReq(admin, req, [kids.Duda.memberId], extra);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect((await signReq(admin, req, [])).json().error.message).toBe(PROGRAMME_MSG.membersRequired);
    expect((await signReq(admin, req, [kids.Duda.memberId, kids.Duda.memberId])).json().error.message).toBe(PROGRAMME_MSG.memberRepeated);
    const notEnrolled = await signReq(admin, req, [await memberIdOf(counselorA.profile.id)]);
    expect(notEnrolled.json().error.message).toBe(PROGRAMME_MSG.notEnrolled);
    const ok = await signReq(admin, req, [kids.Duda.memberId], { signed_on: '2026-03-14', note: 'Na reunião' });
    expect(ok.json()).toEqual({ signed: 1, already: 0, points: 10, completed: [] });
    const c = await card(kids.Duda.memberId, kids.Duda.session);
    const row = c.enrolments[0].requirements.find((r: { id: string }) => r.id === req);
    expect(row.signature).toMatchObject({ signed_on: '2026-03-14', note: 'Na reunião', signed_by_name: 'Admin' });
    expect(c.enrolments[0].progress).toEqual({ signed: 1, total: 4 });
  });

  it('two leaders signing the same requisito at once leave one signature and the points once', async () => {
    const before = await pointsOf(ctx.db, club.id, kids.Duda.session.profile.id);
    const [a, b] = await Promise.all([signReq(admin, amigoReqs[2].id, [kids.Duda.memberId]), signReq(counselorA, amigoReqs[2].id, [kids.Duda.memberId])]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().signed + b.json().signed).toBe(1);
    expect(a.json().already + b.json().already).toBe(1);
    const rows = await ctx.db.query('SELECT 1 FROM programme_signatures WHERE requirement_id = $1', [amigoReqs[2].id]);
    expect(rows).toHaveLength(1);
    expect(await pointsOf(ctx.db, club.id, kids.Duda.session.profile.id)).toBe(before + 10);
  });

  it('the last requisito completes the class (points once, pronto para investidura); a completed especialidade signs its linked requisito', async () => {
    const caio = kids.Caio;
    const before = await pointsOf(ctx.db, club.id, caio.session.profile.id);
    await signReq(admin, amigoReqs[1].id, [caio.memberId]);
    await signReq(admin, amigoReqs[2].id, [caio.memberId]);
    // EN-001 has one requisito; completing it signs Amigo's 'completar a especialidade' requisito, which completes Amigo.
    const enReq = (await addReq('EN-001', { text: 'Identificar 5 felinos' })).json();
    const res = await signReq(admin, enReq.id, [caio.memberId]);
    expect(res.json()).toMatchObject({ signed: 2, completed: [caio.memberId, caio.memberId] });
    const c = await card(caio.memberId, caio.session);
    const amigo = c.enrolments.find((e: { item: { code: string } }) => e.item.code === 'AMIGO');
    expect(amigo).toMatchObject({ ready: true, progress: { signed: 4, total: 4 } });
    expect(amigo.sections.map((s: { code: string; progress: { signed: number } }) => [s.code, s.progress.signed])).toEqual([['G', 1], ['DE', 1], ['SA', 1], ['EN', 1]]);
    // 3 Amigo requisitos × 10 + especialidade requisito 10 + especialidade 30 + class 100.
    expect(await pointsOf(ctx.db, club.id, caio.session.profile.id)).toBe(before + 20 + 10 + 10 + 30 + 100);
    const ready = (await call(ctx.app, 'GET', url('/ready'), { as: admin })).json();
    expect(ready.map((r: { full_name: string; item_code: string }) => `${r.full_name}:${r.item_code}`)).toEqual(['Caio:AMIGO', 'Caio:EN-001']);
    // Replaying the same signatures (an offline queue sent twice) changes nothing.
    const replay = await signReq(admin, enReq.id, [caio.memberId]);
    expect(replay.json()).toEqual({ signed: 0, already: 1, points: 0, completed: [] });
    expect(await pointsOf(ctx.db, club.id, caio.session.profile.id)).toBe(before + 170);
  });

  it('undoing a signature reverses its points and the completion through the ledger, audited', async () => {
    const caio = kids.Caio;
    const before = await pointsOf(ctx.db, club.id, caio.session.profile.id);
    const c = await card(caio.memberId);
    const amigo = c.enrolments.find((e: { item: { code: string } }) => e.item.code === 'AMIGO');
    const sig = amigo.requirements[1].signature.id;
    const counselorUndo = await call(ctx.app, 'DELETE', url(`/signatures/${sig}`), { as: counselorA });
    expect(counselorUndo.statusCode).toBe(200);
    expect(counselorUndo.json()).toEqual({ points_reversed: 110 });
    expect(await pointsOf(ctx.db, club.id, caio.session.profile.id)).toBe(before - 110);
    expect((await call(ctx.app, 'DELETE', url(`/signatures/${sig}`), { as: admin })).statusCode).toBe(404);
    const after = (await card(caio.memberId)).enrolments.find((e: { item: { code: string } }) => e.item.code === 'AMIGO');
    expect(after).toMatchObject({ ready: false, completed_on: null, progress: { signed: 3, total: 4 } });
    const audit = await ctx.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE club_id = $1 AND action LIKE 'programme.%sign' ORDER BY at DESC, id DESC LIMIT 1`, [club.id]);
    expect(audit[0].action).toBe('programme.unsign');
    // Signing again gives the points again, once.
    await signReq(admin, amigoReqs[1].id, [caio.memberId]);
    expect(await pointsOf(ctx.db, club.id, caio.session.profile.id)).toBe(before);
    const enzoSig = (await card(kids.Enzo.memberId)).enrolments[0].requirements[1].signature.id;
    expect((await call(ctx.app, 'DELETE', url(`/signatures/${enzoSig}`), { as: counselorA })).json().error.message).toBe(PROGRAMME_MSG.notYourUnit);
    expect((await call(ctx.app, 'DELETE', url(`/signatures/${enzoSig}`), { as: plain })).statusCode).toBe(403);
  });

  it('0 points turns the points off', async () => {
    await call(ctx.app, 'PUT', url('/settings'), { as: admin, body: { programmes: ['desbravadores'], points_per_requirement: 0, points_per_class: 0, points_per_specialty: 0 } });
    const before = await pointsOf(ctx.db, club.id, kids.Enzo.session.profile.id);
    expect((await signReq(admin, amigoReqs[0].id, [kids.Enzo.memberId])).json()).toMatchObject({ signed: 1, points: 0 });
    expect(await pointsOf(ctx.db, club.id, kids.Enzo.session.profile.id)).toBe(before);
  });

  it('the grid: enrolled members × requisitos, a counsellor sees their unit; assinar para todos', async () => {
    const grid = (await call(ctx.app, 'GET', url('/items/AMIGO/grid'), { as: instructorAmigo })).json();
    expect(grid.requirements).toHaveLength(4);
    expect(grid.members.map((m: { full_name: string }) => m.full_name)).toEqual(['Caio', 'Duda', 'Enzo', 'Instrutor Beto', 'Membro']);
    expect(grid.members.find((m: { full_name: string }) => m.full_name === 'Instrutor Beto').can_sign).toBe(false);
    const mine = (await call(ctx.app, 'GET', url('/items/AMIGO/grid'), { as: counselorA })).json();
    expect(mine.members.map((m: { full_name: string }) => m.full_name)).toEqual(['Caio', 'Duda', 'Membro']);
    const all = await signReq(counselorA, amigoReqs[3].id, mine.members.map((m: { member_id: string }) => m.member_id));
    expect(all.json()).toMatchObject({ signed: 2, already: 1 });
    expect((await call(ctx.app, 'GET', url('/items/AMIGO/grid'), { as: plain })).statusCode).toBe(403);
  });

  it('the cartão: the member, leaders who may see them; not another member', async () => {
    expect((await call(ctx.app, 'GET', url(`/members/${kids.Enzo.memberId}/card`), { as: plain })).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', url(`/members/${kids.Enzo.memberId}/card`), { as: counselorA })).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', url(`/members/${kids.Enzo.memberId}/card`), { as: instructorOther })).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', `/api/clubs/${otherClub.id}/programme/members/${kids.Enzo.memberId}/card`, { as: stranger })).statusCode).toBe(404);
  });

  it('an enrolment with signatures asks to confirm its removal; an empty one is removed at once', async () => {
    const duda = (await card(kids.Duda.memberId)).enrolments[0];
    const refused = await call(ctx.app, 'DELETE', url(`/enrolments/${duda.id}`), { as: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(PROGRAMME_MSG.enrolmentHasSignatures(duda.progress.signed));
    const spec = (await call(ctx.app, 'POST', url('/enrolments'), { as: admin, body: { member_id: kids.Duda.memberId, item_code: 'HM-001' } })).json();
    expect((await call(ctx.app, 'DELETE', url(`/enrolments/${spec.id}`), { as: admin })).statusCode).toBe(200);
  });

  it('an investidura invests the prontos on a date and place; the history keeps it and the next class can start', async () => {
    const caioCard = await card(kids.Caio.memberId);
    const amigo = caioCard.enrolments.find((e: { item: { code: string } }) => e.item.code === 'AMIGO');
    expect(amigo.ready).toBe(true);
    const duda = (await card(kids.Duda.memberId)).enrolments[0];
    const post = (body: Record<string, unknown>, as = admin) => call(ctx.app, 'POST', url('/investitures'), { as, body });
    const bad = [
      [{ held_on: '2026-11-01', place: ' ', enrolment_ids: [amigo.id] }, PROGRAMME_MSG.placeRequired],
      [{ held_on: '2100-01-01', place: 'Igreja Central', enrolment_ids: [amigo.id] }, PROGRAMME_MSG.investitureDateInvalid],
      [{ held_on: '2026-11-01', place: 'Igreja Central', enrolment_ids: [] }, PROGRAMME_MSG.enrolmentsRequired],
      [{ held_on: '2026-11-01', place: 'Igreja Central', enrolment_ids: [amigo.id, duda.id] }, PROGRAMME_MSG.notReady],
    ] as const;
    for (const [body, message] of bad) {
      const res = await post(body);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.json().error.message).toBe(message);
    }
    expect((await post({ held_on: '2026-11-01', place: 'Igreja Central', enrolment_ids: [amigo.id] }, counselorA)).statusCode).toBe(403);
    expect((await call(ctx.app, 'POST', `/api/clubs/${otherClub.id}/programme/investitures`, { as: stranger, body: { held_on: '2026-11-01', place: 'X', enrolment_ids: [amigo.id] } })).statusCode).toBe(404);
    const ok = await post({ held_on: '2026-11-01', place: 'Igreja Central', enrolment_ids: [amigo.id] });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ held_on: '2026-11-01', place: 'Igreja Central', club_name: 'Clube Programa', invested: [{ full_name: 'Caio', item_name: 'Amigo' }] });
    expect((await post({ held_on: '2026-11-01', place: 'Igreja Central', enrolment_ids: [amigo.id] })).json().error.message).toBe(PROGRAMME_MSG.notReady);
    const after = (await card(kids.Caio.memberId, kids.Caio.session)).enrolments.find((e: { item: { code: string } }) => e.item.code === 'AMIGO');
    expect(after).toMatchObject({ invested_on: '2026-11-01', ready: false });
    expect((await call(ctx.app, 'GET', url('/ready'), { as: admin })).json().map((r: { item_code: string }) => r.item_code)).not.toContain('AMIGO');
    expect((await call(ctx.app, 'DELETE', url(`/signatures/${after.requirements[0].signature.id}`), { as: admin })).statusCode).toBe(409);
    expect((await call(ctx.app, 'POST', url('/enrolments'), { as: admin, body: { member_id: kids.Caio.memberId, item_code: 'COMPANHEIRO' } })).statusCode).toBe(201);
    const list = (await call(ctx.app, 'GET', url('/investitures'), { as: instructorAmigo })).json();
    expect(list).toEqual([expect.objectContaining({ place: 'Igreja Central', count: 1 })]);
    expect((await call(ctx.app, 'GET', url(`/investitures/${list[0].id}`), { as: plain })).statusCode).toBe(403);
  });

  it('a guardian reads the child\'s cartão in /familia (read-only); anyone else gets 404', async () => {
    const email = `resp.caio.${Date.now()}@teste.com`;
    const consent = (await call(ctx.app, 'GET', `/api/clubs/${club.id}/consent-text`, { as: admin })).json();
    const { token } = (await call(ctx.app, 'POST', `/api/clubs/${club.id}/members/${kids.Caio.memberId}/guardians`, { as: admin, body: { full_name: 'Mãe do Caio', email, relationship: 'Mãe' } })).json();
    const guardian = await signUp(ctx.app, { name: 'Mãe do Caio', email });
    expect((await call(ctx.app, 'POST', `/api/guardian-invitations/${token}/accept`, { as: guardian, body: { accept: true, consent_version: consent.version } })).statusCode).toBe(200);
    const res = await call(ctx.app, 'GET', `/api/family/children/${kids.Caio.memberId}/programme-card`, { as: guardian });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ can_sign: false, member: { full_name: 'Caio' } });
    expect(res.json().enrolments.map((e: { item: { code: string } }) => e.item.code)).toContain('AMIGO');
    expect((await call(ctx.app, 'GET', `/api/family/children/${kids.Duda.memberId}/programme-card`, { as: guardian })).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', `/api/family/children/${kids.Caio.memberId}/programme-card`, { as: stranger })).statusCode).toBe(404);
  });

  it('Aventureiros classes need the programme chosen', async () => {
    const res = await call(ctx.app, 'POST', url('/enrolments'), { as: admin, body: { member_id: kids.Enzo.memberId, item_code: 'ABELHINHAS' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(PROGRAMME_MSG.programmeNotChosen);
  });
});

describe('suggested class', () => {
  const items = [
    { code: 'AMIGO', kind: 'class' as const, programme: 'desbravadores' as const, class_kind: 'regular' as const, min_age: 10 },
    { code: 'COMPANHEIRO', kind: 'class' as const, programme: 'desbravadores' as const, class_kind: 'regular' as const, min_age: 11 },
    { code: 'AMIGO_NATUREZA', kind: 'class' as const, programme: 'desbravadores' as const, class_kind: 'avancada' as const, min_age: 10 },
    { code: 'ABELHINHAS', kind: 'class' as const, programme: 'aventureiros' as const, class_kind: 'regular' as const, min_age: 6 },
  ];
  it('is the highest regular class the age reaches, in the club programmes', () => {
    expect(suggestedClass(items, ['desbravadores'], '2015-11-27', '2026-11-26')).toBe('AMIGO');
    expect(suggestedClass(items, ['desbravadores'], '2015-11-26', '2026-11-26')).toBe('COMPANHEIRO');
    expect(suggestedClass(items, ['desbravadores'], '2019-01-01', '2026-11-26')).toBeNull();
    expect(suggestedClass(items, ['desbravadores', 'aventureiros'], '2019-01-01', '2026-11-26')).toBe('ABELHINHAS');
    expect(suggestedClass(items, ['desbravadores'], null, '2026-11-26')).toBeNull();
  });
});
