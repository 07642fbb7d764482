import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROGRAMME_MSG } from '../../shared/programme.js';
import { REQ_IO_MSG } from '../../shared/programme-io.js';
import { PERMISSION_MSG } from '../../shared/permissions.js';
import { addMember, call, createClub, createTestApp, setUpClubWithMember, signUp, type Session, type TestContext } from '../../../test/api.js';
import { insertUnit, pointsOf } from '../../../test/gamification.js';
import { engineName } from '../../../test/db.js';
import { clubTodayOf } from '../db/club-clock.js';

/**
 * Setting up and running a class (issue 43): instructors assigned from the class or the member, a
 * wrong enrolment removed with its points reversed, the cartão showing only what the reader may see,
 * 'assinar para todos os presentes' from today's roll call, a unit enrolled at once, the leaders told
 * of a marked requisito, section names in the import.
 */
let ctx: TestContext;
let admin: Session;
let counselor: Session;
let instructor: Session;
let stranger: Session;
let club: { id: string };
let unitA: string;
let unitB: string;
const kids: Record<string, { session: Session; memberId: string }> = {};
let instructorMemberId: string;

const url = (p: string) => `/api/clubs/${club.id}/programme${p}`;
async function memberIdOf(profileId: string): Promise<string> {
  const [row] = await ctx.db.query<{ id: string }>('SELECT id FROM club_members WHERE club_id = $1 AND profile_id = $2', [club.id, profileId]);
  return row.id;
}
async function person(name: string, role: string, unitId: string | null, birth: string | null = null): Promise<Session> {
  const s = await signUp(ctx.app, { name });
  await addMember(ctx.db, club.id, s.profile.id, role, unitId);
  if (birth) await ctx.db.query('UPDATE club_members SET birth_date = $3 WHERE club_id = $1 AND profile_id = $2', [club.id, s.profile.id, birth]);
  return s;
}
const enrolMany = (member_ids: string[], item_code: string, as = admin) => call(ctx.app, 'POST', url('/enrolments/bulk'), { as, body: { member_ids, item_code } });
const count = async (sql: string, params: unknown[] = []) => Number((await ctx.db.query<{ n: number }>(sql, params))[0].n);
const enrolmentsOf = (memberId: string) => count('SELECT count(*)::int AS n FROM programme_enrolments WHERE member_id = $1', [memberId]);

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, club } = await setUpClubWithMember(ctx, 'Clube Montagem'));
  unitA = await insertUnit(ctx.db, club.id, 'Águias');
  unitB = await insertUnit(ctx.db, club.id, 'Leões');
  counselor = await person('Conselheira Ana', 'counselor', unitA);
  instructor = await person('Instrutor Beto', 'instructor', null);
  instructorMemberId = await memberIdOf(instructor.profile.id);
  for (const [name, unit, birth] of [['Caio', unitA, '2014-03-01'], ['Duda', unitA, '2013-05-20'], ['Enzo', unitB, '2014-01-10'], ['Íris', unitA, null]] as const) {
    const s = await person(name, 'member', unit, birth);
    kids[name] = { session: s, memberId: await memberIdOf(s.profile.id) };
  }
  stranger = await signUp(ctx.app, { name: 'Diretor de fora' });
  await createClub(ctx.app, stranger, 'Outro Clube');
});
afterAll(() => ctx.close());

describe(`setting up a class on ${engineName()}`, () => {
  it('a unit is enrolled at once from the roster (all or none); the roster names the suggested class', async () => {
    const roster = await call(ctx.app, 'GET', url(`/enrolments/roster?unit_id=${unitA}`), { as: admin });
    expect(roster.statusCode).toBe(200);
    const rows = roster.json() as { full_name: string; suggested_class: string | null; suggested_class_name: string | null; classes: unknown[] }[];
    expect(rows.map((r) => r.full_name)).toEqual(['Caio', 'Conselheira Ana', 'Duda', 'Íris']);
    const caio = rows.find((r) => r.full_name === 'Caio');
    expect(caio?.suggested_class).toMatch(/^[A-Z_]+$/);
    expect(caio?.suggested_class_name).not.toBe(caio?.suggested_class);
    expect(rows.find((r) => r.full_name === 'Íris')?.suggested_class_name).toBeNull();
    expect((await call(ctx.app, 'GET', url('/enrolments/roster'), { as: counselor })).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', url('/enrolments/roster'), { as: stranger })).statusCode).toBe(404);

    // Duda already has a class: the whole list is refused, naming her, and nobody is enrolled.
    expect((await call(ctx.app, 'POST', url('/enrolments'), { as: admin, body: { member_id: kids.Duda.memberId, item_code: 'COMPANHEIRO' } })).statusCode).toBe(201);
    const refused = await enrolMany([kids.Caio.memberId, kids.Duda.memberId, kids.Enzo.memberId], 'AMIGO');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(`Duda: ${PROGRAMME_MSG.classInProgress}`);
    expect(await enrolmentsOf(kids.Caio.memberId)).toBe(0);

    const bad = [
      [[], PROGRAMME_MSG.membersRequired],
      [[kids.Caio.memberId, kids.Caio.memberId], PROGRAMME_MSG.memberRepeated],
      [['00000000-0000-4000-8000-000000000000'], PROGRAMME_MSG.memberUnknown],
    ] as const;
    for (const [ids, message] of bad) {
      const res = await enrolMany([...ids], 'AMIGO');
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect((await enrolMany([kids.Caio.memberId], 'AMIGO', counselor)).statusCode).toBe(403);

    const ok = await enrolMany([kids.Caio.memberId, kids.Enzo.memberId, kids['Íris'].memberId], 'AMIGO');
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toEqual({ enrolled: 3 });
    const after = (await call(ctx.app, 'GET', url('/enrolments/roster'), { as: admin })).json() as { full_name: string; classes: { code: string; name: string }[] }[];
    expect(after.find((r) => r.full_name === 'Caio')?.classes).toEqual([{ code: 'AMIGO', name: 'Amigo' }]);
  });

  it('two lists enrolling the same kid at once leave one enrolment', async () => {
    const res = await Promise.all([enrolMany([kids.Enzo.memberId, kids.Caio.memberId], 'HM-001'), enrolMany([kids.Caio.memberId], 'HM-001')]);
    expect(res.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await count(`SELECT count(*)::int AS n FROM programme_enrolments WHERE item_code = 'HM-001'`)).toBe(res[0].statusCode === 201 ? 2 : 1);
  });

  it('an instructor is assigned from the member; before that the grid says why it is read-only', async () => {
    await call(ctx.app, 'POST', url('/items/AMIGO/requirements'), { as: admin, body: { section_code: 'G', text: 'Ter 10 anos' } });
    const before = (await call(ctx.app, 'GET', url('/items/AMIGO/grid'), { as: instructor })).json();
    expect(before.members.every((m: { can_sign: boolean }) => !m.can_sign)).toBe(true);
    expect(before.read_only_reason).toBe(PROGRAMME_MSG.gridReadOnlyInstructor('Amigo'));

    const path = url(`/members/${instructorMemberId}/instructor-items`);
    expect((await call(ctx.app, 'PUT', path, { as: admin, body: { item_codes: ['NADA'] } })).statusCode).toBe(400);
    const badItem = await call(ctx.app, 'PUT', path, { as: admin, body: { item_codes: ['ZZ-999'] } });
    expect(badItem.statusCode).toBe(400);
    expect(badItem.json().error.message).toBe(PROGRAMME_MSG.instructorItemsInvalid);
    const denied = await call(ctx.app, 'PUT', path, { as: instructor, body: { item_codes: ['AMIGO'] } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe(PERMISSION_MSG.forbidden('programme.manage'));
    expect((await call(ctx.app, 'PUT', path, { as: stranger, body: { item_codes: ['AMIGO'] } })).statusCode).toBe(404);
    expect((await call(ctx.app, 'PUT', url('/members/00000000-0000-4000-8000-000000000000/instructor-items'), { as: admin, body: { item_codes: ['AMIGO'] } })).statusCode).toBe(404);

    const saved = await call(ctx.app, 'PUT', path, { as: admin, body: { item_codes: ['AMIGO', 'HM-001', 'AMIGO'] } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ item_codes: ['AMIGO', 'HM-001'] });
    expect((await call(ctx.app, 'GET', path, { as: admin })).json()).toEqual({ item_codes: ['AMIGO', 'HM-001'] });
    // The class's own list shows them too.
    expect((await call(ctx.app, 'GET', url('/items/AMIGO/instructors'), { as: admin })).json()).toEqual([{ member_id: instructorMemberId, full_name: 'Instrutor Beto' }]);

    const grid = (await call(ctx.app, 'GET', url('/items/AMIGO/grid'), { as: instructor })).json();
    expect(grid.read_only_reason).toBeNull();
    expect(grid.members.every((m: { can_sign: boolean }) => m.can_sign)).toBe(true);
    const signed = await call(ctx.app, 'POST', url('/signatures'), { as: instructor, body: { requirement_id: grid.requirements[0].id, member_ids: [kids.Caio.memberId] } });
    expect(signed.statusCode).toBe(200);
    expect(await count(`SELECT count(*)::int AS n FROM audit_log WHERE club_id = $1 AND action = 'programme.instructors'`, [club.id])).toBe(1);
  });

  it('the cartão gives the birth date only to who may read the member record; the suggestion also to who enrols', async () => {
    const secretary = await person('Secretária Lu', 'secretary', null);
    const birthOf = async (as: Session, memberId: string) => {
      const res = await call(ctx.app, 'GET', url(`/members/${memberId}/card`), { as });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      return { birth: body.member.birth_date, suggested: body.suggested_class, name: body.suggested_class_name };
    };
    expect((await birthOf(admin, kids.Caio.memberId)).birth).toBe('2014-03-01');
    const enroller = await birthOf(secretary, kids.Caio.memberId);
    expect(enroller.birth).toBeNull();
    expect(enroller.suggested).toBe((await birthOf(admin, kids.Caio.memberId)).suggested);
    expect(enroller.name).toMatch(/^[A-ZÁ-Ú][a-zá-ú ]+/);
    expect(await birthOf(kids.Caio.session, kids.Caio.memberId)).toMatchObject({ birth: '2014-03-01' });
    // An instructor and a counsellor (403 on the member record) read the cartão without it.
    expect(await birthOf(instructor, kids.Caio.memberId)).toEqual({ birth: null, suggested: null, name: null });
    expect(await birthOf(counselor, kids.Caio.memberId)).toEqual({ birth: null, suggested: null, name: null });
    expect((await call(ctx.app, 'GET', `/api/clubs/${club.id}/members/${kids.Caio.memberId}/family`, { as: counselor })).statusCode).toBe(403);
  });

  it("'assinar para todos os presentes' reads today's roll call (the club's day): none taken is null", async () => {
    expect((await call(ctx.app, 'GET', url('/items/AMIGO/grid'), { as: admin })).json().present_today).toBeNull();
    // A meeting yesterday does not count.
    const [old] = await ctx.db.query<{ id: string }>(`INSERT INTO meetings (club_id, date, starts_at, title) VALUES ($1, ${clubTodayOf('$1')} - 1, now() - interval '1 day', 'Ontem') RETURNING id`, [club.id]);
    await ctx.db.query(`INSERT INTO meeting_attendance (club_id, meeting_id, member_id, status) VALUES ($1, $2, $3, 'present')`, [club.id, old.id, kids.Enzo.memberId]);
    expect((await call(ctx.app, 'GET', url('/items/AMIGO/grid'), { as: admin })).json().present_today).toBeNull();
    const [today] = await ctx.db.query<{ id: string }>(`INSERT INTO meetings (club_id, date, starts_at, title) VALUES ($1, ${clubTodayOf('$1')}, now(), 'Hoje') RETURNING id`, [club.id]);
    for (const [kid, status] of [['Caio', 'present'], ['Enzo', 'absent'], ['Íris', 'late'], ['Duda', 'present']] as const) {
      await ctx.db.query(`INSERT INTO meeting_attendance (club_id, meeting_id, member_id, status) VALUES ($1, $2, $3, $4)`, [club.id, today.id, kids[kid].memberId, status]);
    }
    const grid = (await call(ctx.app, 'GET', url('/items/AMIGO/grid'), { as: admin })).json();
    // Present and late, of those enrolled in the item (Duda is in Companheiro).
    expect([...grid.present_today].sort()).toEqual([kids.Caio.memberId, kids['Íris'].memberId].sort());
    // A counsellor's grid is their unit's, and so is its roll call.
    const mine = (await call(ctx.app, 'GET', url('/items/AMIGO/grid'), { as: counselor })).json();
    expect([...mine.present_today].sort()).toEqual([kids.Caio.memberId, kids['Íris'].memberId].sort());
  });

  it('a wrong enrolment with signatures is removed after confirming; its points are reversed through the ledger', async () => {
    await call(ctx.app, 'POST', url('/items/AMIGO/requirements'), { as: admin, body: { section_code: 'DE', text: 'Memorizar o voto' } });
    const all = (await call(ctx.app, 'GET', url('/items/AMIGO/requirements'), { as: admin })).json() as { id: string }[];
    expect(all).toHaveLength(2);
    const enzo = kids.Enzo;
    const before = await pointsOf(ctx.db, club.id, enzo.session.profile.id);
    for (const r of all) expect((await call(ctx.app, 'POST', url('/signatures'), { as: admin, body: { requirement_id: r.id, member_ids: [enzo.memberId] } })).statusCode).toBe(200);
    const gained = (await pointsOf(ctx.db, club.id, enzo.session.profile.id)) - before;
    expect(gained).toBeGreaterThan(0);
    const card = (await call(ctx.app, 'GET', url(`/members/${enzo.memberId}/card`), { as: admin })).json();
    const amigo = card.enrolments.find((e: { item: { code: string } }) => e.item.code === 'AMIGO');
    expect(amigo.ready).toBe(true);

    const refused = await call(ctx.app, 'DELETE', url(`/enrolments/${amigo.id}`), { as: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(PROGRAMME_MSG.enrolmentHasSignatures(2));
    expect((await call(ctx.app, 'DELETE', url(`/enrolments/${amigo.id}?confirm=1`), { as: counselor })).statusCode).toBe(403);
    expect((await call(ctx.app, 'DELETE', url(`/enrolments/${amigo.id}?confirm=sim`), { as: admin })).statusCode).toBe(400);
    expect(await count('SELECT count(*)::int AS n FROM programme_signatures WHERE enrolment_id = $1', [amigo.id])).toBe(2);

    const removed = await call(ctx.app, 'DELETE', url(`/enrolments/${amigo.id}?confirm=1`), { as: admin });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ ok: true, signatures_removed: 2, points_reversed: gained });
    expect(await pointsOf(ctx.db, club.id, enzo.session.profile.id)).toBe(before);
    expect(await count(`SELECT count(*)::int AS n FROM point_events WHERE club_id = $1 AND profile_id = $2 AND points < 0 AND reason LIKE 'Estorno: inscrição em Amigo removida'`, [club.id, enzo.session.profile.id])).toBeGreaterThan(0);
    expect(await count('SELECT count(*)::int AS n FROM programme_signatures WHERE enrolment_id = $1', [amigo.id])).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM audit_log WHERE club_id = $1 AND action = 'programme.unenrol'`, [club.id])).toBe(1);
    expect((await call(ctx.app, 'DELETE', url(`/enrolments/${amigo.id}?confirm=1`), { as: admin })).statusCode).toBe(404);
    // Now in the right class.
    expect((await call(ctx.app, 'POST', url('/enrolments'), { as: admin, body: { member_id: enzo.memberId, item_code: 'COMPANHEIRO' } })).statusCode).toBe(201);
  });

  it('a removal racing a signature: the points end at zero either way', async () => {
    const [first] = (await call(ctx.app, 'GET', url('/items/AMIGO/requirements'), { as: admin })).json() as { id: string }[];
    const iris = kids['Íris'];
    const enrolment = (await call(ctx.app, 'GET', url(`/members/${iris.memberId}/card`), { as: admin })).json().enrolments.find((e: { item: { code: string } }) => e.item.code === 'AMIGO');
    await call(ctx.app, 'POST', url('/signatures'), { as: admin, body: { requirement_id: first.id, member_ids: [iris.memberId] } });
    const before = await count(`SELECT coalesce(sum(points), 0)::int AS n FROM point_events WHERE club_id = $1 AND profile_id = $2 AND source = 'programme'`, [club.id, iris.session.profile.id]);
    expect(before).toBeGreaterThan(0);
    const all = (await call(ctx.app, 'GET', url('/items/AMIGO/requirements'), { as: admin })).json() as { id: string }[];
    const [sign, remove] = await Promise.all([
      call(ctx.app, 'POST', url('/signatures'), { as: admin, body: { requirement_id: all[1].id, member_ids: [iris.memberId] } }),
      call(ctx.app, 'DELETE', url(`/enrolments/${enrolment.id}?confirm=1`), { as: admin }),
    ]);
    expect(remove.statusCode).toBe(200);
    expect([200, 400]).toContain(sign.statusCode);
    expect(await count(`SELECT coalesce(sum(points), 0)::int AS n FROM point_events WHERE club_id = $1 AND profile_id = $2 AND source = 'programme'`, [club.id, iris.session.profile.id])).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM programme_enrolments WHERE id = $1', [enrolment.id])).toBe(0);
  });

  it('an invested enrolment is history: it cannot be removed', async () => {
    const [req] = (await call(ctx.app, 'GET', url('/items/HM-001/requirements'), { as: admin })).json() as { id: string }[];
    const own = req ?? (await call(ctx.app, 'POST', url('/items/HM-001/requirements'), { as: admin, body: { text: 'Fazer um nó' } })).json();
    await call(ctx.app, 'POST', url('/signatures'), { as: admin, body: { requirement_id: own.id, member_ids: [kids.Caio.memberId] } });
    const [{ id }] = await ctx.db.query<{ id: string }>(`SELECT id FROM programme_enrolments WHERE member_id = $1 AND item_code = 'HM-001'`, [kids.Caio.memberId]);
    expect((await call(ctx.app, 'POST', url('/investitures'), { as: admin, body: { held_on: '2026-01-10', place: 'Igreja', enrolment_ids: [id] } })).statusCode).toBe(201);
    const res = await call(ctx.app, 'DELETE', url(`/enrolments/${id}?confirm=1`), { as: admin });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(PROGRAMME_MSG.enrolmentInvested);
  });

  it('a member marking a requisito tells the leaders who may sign it, once per evening', async () => {
    const kind = 'programme.marked';
    const told = async (s: Session) => count('SELECT count(*)::int AS n FROM notifications WHERE profile_id = $1 AND kind = $2', [s.profile.id, kind]);
    const reqs = (await call(ctx.app, 'GET', url('/items/AMIGO/requirements'), { as: admin })).json() as { id: string }[];
    const mark = (id: string) => call(ctx.app, 'POST', url('/marks'), { as: kids.Caio.session, body: { requirement_id: id } });
    // Caio has the first signed (by the instructor); he marks the second.
    expect((await mark(reqs[1].id)).statusCode).toBe(201);
    expect(await told(admin)).toBe(1);
    expect(await told(counselor)).toBe(1);
    expect(await told(instructor)).toBe(1);
    expect(await told(kids.Caio.session)).toBe(0);
    const [row] = await ctx.db.query<{ title: string; link: string; category: string }>('SELECT title, link, category FROM notifications WHERE profile_id = $1 AND kind = $2', [admin.profile.id, kind]);
    expect(row).toEqual({ title: 'Caio marcou requisitos como feitos', link: '/dashboard/programa?aba=para-assinar', category: 'leadership' });
    // A second mark the same evening: no second notice.
    await call(ctx.app, 'POST', url('/items/AMIGO/requirements'), { as: admin, body: { section_code: 'SA', text: 'Caminhar 5 km' } });
    const third = (await call(ctx.app, 'GET', url('/items/AMIGO/requirements'), { as: admin })).json() as { id: string }[];
    expect((await mark(third[2].id)).statusCode).toBe(201);
    expect(await told(admin)).toBe(1);
  });

  it('the import reads section names ("Gerais", "G — Gerais") and names them in the preview', async () => {
    const content = 'item;seção;texto\nHM-002;Gerais;Primeiro\nHM-002;descoberta espiritual;Segundo\nHM-002;G — Gerais;Terceiro\nHM-002;Seção inventada bem comprida;Quarto';
    const res = await call(ctx.app, 'POST', url('/requirements/import'), { as: admin, body: { format: 'csv', content, dry_run: true } });
    expect(res.statusCode).toBe(200);
    const rows = res.json().rows as { section_code: string | null; section_name: string | null; errors: string[] }[];
    expect(rows.slice(0, 3).map((r) => [r.section_code, r.section_name, r.errors])).toEqual([['G', 'Gerais', []], ['DE', 'Descoberta espiritual', []], ['G', 'Gerais', []]]);
    // An unknown one is shown whole, not cut at ten characters.
    expect(rows[3]).toMatchObject({ section_code: 'Seção inventada bem comprida', section_name: null, errors: [REQ_IO_MSG.sectionUnknown('Seção inventada bem comprida')] });
  });
});
