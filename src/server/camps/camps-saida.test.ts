import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMP_MSG } from '../../shared/camps.js';
import { addMember, call, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { inviteChild, memberIdOf, setUpStaffedClub } from '../../../test/club.js';
import { engineName } from '../../../test/db.js';
import { NUL_MESSAGE } from '../http/nul-guard.js';

/**
 * Saídas, second part (issue 49): uninsured participants flagged (a warning, never a refusal), the
 * accompanying adults of an under-16's authorisation (ECA art. 83), the programme kept in the pack, and
 * photos of an ocorrência (JPEG/PNG by content, exactly once, a 20 MB photo refused writing nothing).
 */
let ctx: TestContext;
let admin: Session;
let treasurer: Session;
let stranger: Session;
let leader: Session;
let guardian: Session;
let otherGuardian: Session;
let base: string;
let clubId: string;
let eventId: string;
let camp: string;
let childId: string;
let otherId: string;
let lateId: string;
let leaderMember: string;
let today: string;

const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

function upload(as: Session, url: string, file: { name: string; bytes: Buffer; type: string }) {
  const boundary = '----trilha' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({ method: 'POST', url, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: as.cookie, 'x-trilha-client': 'web' } });
}
const count = async (table: string) => (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE club_id = $1`, [clubId]))[0].n;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, treasurer, stranger, base, club: { id: clubId } } = await setUpStaffedClub(ctx, 'Clube Saídas Dois', { members: [] }));
  [{ today }] = await ctx.db.query<{ today: string }>(`SELECT (now() AT TIME ZONE timezone)::date::text AS today FROM clubs WHERE id = $1`, [clubId]);
  const unit = (await call(ctx.app, 'POST', `${base}/units`, { as: admin, body: { name: 'Águias', color: '#1d4ed8' } })).json().id;
  leader = await signUp(ctx.app, { name: 'Conselheira Lia' });
  await addMember(ctx.db, clubId, leader.profile.id, 'counselor', unit);
  leaderMember = await memberIdOf(ctx.db, clubId, leader.profile.id);
  const child = await inviteChild(ctx, admin, clubId, { name: 'Bruno Novo', unitId: unit, birthDate: addDays(today, -12 * 366), guardianName: 'Mãe do Bruno', relationship: 'Mãe' });
  ({ memberId: childId, guardian } = child);
  const older = await inviteChild(ctx, admin, clubId, { name: 'Carla Maior', unitId: unit, birthDate: addDays(today, -17 * 366), guardianName: 'Pai da Carla', relationship: 'Pai' });
  ({ memberId: otherId, guardian: otherGuardian } = older);
  lateId = (await inviteChild(ctx, admin, clubId, { name: 'Davi Tarde', unitId: unit, birthDate: addDays(today, -11 * 366), guardianName: 'Pai do Davi', relationship: 'Pai' })).memberId;
  eventId = (await call(ctx.app, 'POST', `${base}/events`, {
    as: admin, body: { title: 'Acampamento do Vale', kind: 'acampamento', starts_on: today, ends_on: addDays(today, 2), registration_deadline: today, place: 'Vale', cost: '0', instalments: 1, places: null, checklist_items: [] },
  })).json().id;
  camp = `${base}/events/${eventId}/camp`;
  for (const m of [childId, otherId]) expect((await call(ctx.app, 'POST', `${base}/events/${eventId}/registrations`, { as: admin, body: { member_id: m } })).statusCode).toBe(201);
}, 120_000);
afterAll(() => ctx.close());

describe(`saídas (seguro, acompanhantes, programação, fotos) on ${engineName()}`, () => {
  it('the programme: a day outside the saída or a bad time is refused in pt-BR; kept on the sheet and in the pack', async () => {
    const item = { day: today, at_time: '07:30', title: 'Alvorada e devocional', place: 'Clareira' };
    for (const [schedule, message] of [
      [[{ ...item, day: addDays(today, 5) }], CAMP_MSG.scheduleDayInvalid],
      [[{ ...item, day: '2026-02-30' }], CAMP_MSG.scheduleDayInvalid],
      [[{ ...item, at_time: '25:00' }], CAMP_MSG.scheduleTimeInvalid],
      [[{ ...item, title: ' ' }], CAMP_MSG.scheduleTitleRequired],
      [[{ ...item, title: 'x'.repeat(121) }], CAMP_MSG.scheduleTitleTooLong],
      [[{ ...item, place: 'x'.repeat(121) }], CAMP_MSG.schedulePlaceTooLong],
      [Array.from({ length: 201 }, () => item), CAMP_MSG.tooManyScheduleItems],
      ['manhã', CAMP_MSG.tooManyScheduleItems],
    ] as const) {
      const res = await call(ctx.app, 'PUT', camp, { as: admin, body: { leader_member_ids: [leaderMember], schedule } });
      expect(res.statusCode, JSON.stringify(schedule).slice(0, 80)).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
    expect(await count('camps')).toBe(0);
    const saved = await call(ctx.app, 'PUT', camp, { as: admin, body: { leader_member_ids: [leaderMember], schedule: [{ ...item, day: addDays(today, 1), at_time: '09:00', title: 'Trilha' }, item] } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().schedule.map((s: { title: string }) => s.title)).toEqual(['Alvorada e devocional', 'Trilha']);
    const pack = await call(ctx.app, 'GET', `${camp}/pack`, { as: leader });
    expect(pack.json().camp.schedule).toHaveLength(2);
  });

  it('uninsured participants are flagged on the sheet and the roster; registering one warns and registers', async () => {
    const sheet = (await call(ctx.app, 'GET', camp, { as: admin })).json();
    expect(sheet.all_insured).toBe(false);
    expect(sheet.uninsured.map((u: { full_name: string }) => u.full_name)).toEqual(['Bruno Novo', 'Carla Maior']);
    const year = Number(today.slice(0, 4));
    const insure = await call(ctx.app, 'PUT', `${base}/associacao/members/${childId}/insurance`, { as: admin, body: { year, insured: true, policy_number: 'AP-1', insured_on: `${year}-01-01` } });
    expect(insure.statusCode, insure.body).toBeLessThan(300);
    const after = (await call(ctx.app, 'GET', camp, { as: admin })).json();
    expect(after.uninsured.map((u: { full_name: string }) => u.full_name)).toEqual(['Carla Maior']);
    const reg = await call(ctx.app, 'POST', `${base}/events/${eventId}/registrations`, { as: admin, body: { member_id: lateId } });
    expect(reg.statusCode).toBe(201);
    expect(reg.json().warnings).toEqual([CAMP_MSG.uninsuredWarning]);
    const roster = (await call(ctx.app, 'GET', `${camp}/roster`, { as: leader })).json();
    expect(Object.fromEntries(roster.participants.map((p: { full_name: string; insured: boolean }) => [p.full_name, p.insured]))).toEqual({ 'Bruno Novo': true, 'Carla Maior': false, 'Davi Tarde': false });
    // An event that is not a saída registers without a word.
    const plain = (await call(ctx.app, 'POST', `${base}/events`, {
      as: admin, body: { title: 'Culto jovem', kind: 'culto_especial', starts_on: today, ends_on: today, registration_deadline: today, place: 'Igreja', cost: '0', instalments: 1, places: null, checklist_items: [] },
    })).json().id;
    expect((await call(ctx.app, 'POST', `${base}/events/${plain}/registrations`, { as: admin, body: { member_id: otherId } })).json().warnings).toEqual([]);
  });

  it('an under-16\'s authorisation names the accompanying adults (ECA art. 83); without them pt-BR 400, nothing written', async () => {
    const url = `/api/family/children/${childId}/events/${eventId}`;
    const ask = await call(ctx.app, 'GET', `${url}/camp-companions`, { as: guardian });
    expect(ask.json()).toEqual({ is_camp: true, required: true, leaders: ['Conselheira Lia'] });
    expect((await call(ctx.app, 'GET', `${url}/camp-companions`, { as: otherGuardian })).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', `/api/family/children/${childId}/events/${randomUUID()}/camp-companions`, { as: guardian })).statusCode).toBe(404);
    const sign = { signed_name: 'Mãe do Bruno', text_version: 1, confirm: true };
    for (const [adults, message] of [
      [[], CAMP_MSG.companionsRequired],
      [['A'], CAMP_MSG.companionInvalid],
      [['Ana\u0000Maria'], NUL_MESSAGE],
      [[42], CAMP_MSG.companionInvalid],
      ['Conselheira Lia', CAMP_MSG.companionInvalid],
      [Array.from({ length: 11 }, (_, i) => `Adulto número ${i}`), CAMP_MSG.tooManyCompanions],
    ] as const) {
      const res = await call(ctx.app, 'POST', `${url}/authorisation`, { as: guardian, body: { ...sign, accompanying_adults: adults } });
      expect(res.statusCode, JSON.stringify(adults)).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
    expect(await count('event_authorisations')).toBe(0);
    expect(await count('camp_authorisation_adults')).toBe(0);
    const ok = await call(ctx.app, 'POST', `${url}/authorisation`, { as: guardian, body: { ...sign, accompanying_adults: ['Conselheira Lia', 'Tio João da Silva'] } });
    expect(ok.statusCode, ok.body).toBe(201);
    // A 17-year-old's guardian may sign without naming anyone.
    const older = await call(ctx.app, 'GET', `/api/family/children/${otherId}/events/${eventId}/camp-companions`, { as: otherGuardian });
    expect(older.json().required).toBe(false);
    expect((await call(ctx.app, 'POST', `/api/family/children/${otherId}/events/${eventId}/authorisation`, { as: otherGuardian, body: { ...sign, signed_name: 'Pai da Carla' } })).statusCode).toBe(201);
    const roster = (await call(ctx.app, 'GET', `${camp}/roster`, { as: leader })).json();
    const byName = Object.fromEntries(roster.participants.map((p: { full_name: string }) => [p.full_name, p]));
    expect(byName['Bruno Novo']).toMatchObject({ under_16: true, authorised: true, accompanying_adults: ['Conselheira Lia', 'Tio João da Silva'] });
    expect(byName['Carla Maior']).toMatchObject({ under_16: false, authorised: true, accompanying_adults: null });
  });

  it('incident photos: PNG/JPEG by content, once per phone id, 20 MB refused writing nothing; leaders and the direction read them', async () => {
    const incident = randomUUID();
    const rec = await call(ctx.app, 'POST', `${camp}/incidents`, {
      as: leader, body: { id: incident, member_id: childId, kind: 'acidente', occurred_at: new Date().toISOString(), place: 'Trilha', description: 'Torceu o tornozelo', first_aid: 'Gelo' },
    });
    expect(rec.statusCode, rec.body).toBe(200);
    const photo = randomUUID();
    const url = `${camp}/incidents/${incident}/photos`;
    const first = await upload(leader, `${url}/${photo}`, { name: 'tornozelo.png', bytes: PNG, type: 'image/png' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ id: photo, duplicate: false });
    // The phone resends after a crash: a repeat, nothing stored twice.
    expect((await upload(leader, `${url}/${photo}`, { name: 'tornozelo.png', bytes: PNG, type: 'image/png' })).json()).toEqual({ id: photo, duplicate: true });
    expect(await count('camp_incident_photos')).toBe(1);

    const big = Buffer.alloc(20 * 1024 * 1024, 0);
    PNG.copy(big);
    const tooBig = await upload(leader, `${url}/${randomUUID()}`, { name: 'grande.png', bytes: big, type: 'image/png' });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toBe(CAMP_MSG.photoTooBig);
    const pdf = await upload(leader, `${url}/${randomUUID()}`, { name: 'foto.png', bytes: PDF, type: 'image/png' });
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().error.message).toBe(CAMP_MSG.photoType);
    const none = await call(ctx.app, 'POST', `${url}/${randomUUID()}`, { as: leader, body: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe(CAMP_MSG.photoRequired);
    expect((await upload(leader, `${camp}/incidents/${randomUUID()}/photos/${randomUUID()}`, { name: 'a.png', bytes: PNG, type: 'image/png' })).statusCode).toBe(404);
    expect((await upload(leader, `${url}/nao-e-id`, { name: 'a.png', bytes: PNG, type: 'image/png' })).json().error.message).toBe(CAMP_MSG.photoNotFound);
    // Not a named leader (treasurer), another club: refused, nothing written.
    expect((await upload(treasurer, `${url}/${randomUUID()}`, { name: 'a.png', bytes: PNG, type: 'image/png' })).statusCode).toBe(403);
    expect((await upload(stranger, `${url}/${randomUUID()}`, { name: 'a.png', bytes: PNG, type: 'image/png' })).statusCode).toBe(404);
    expect(await count('camp_incident_photos')).toBe(1);

    const bytes = await call(ctx.app, 'GET', `${url}/${photo}`, { as: leader });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/png');
    expect((await call(ctx.app, 'GET', `${url}/${photo}`, { as: admin })).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', `${url}/${photo}`, { as: treasurer })).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', `${url}/${photo}`, { as: stranger })).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', `${url}/${randomUUID()}`, { as: leader })).statusCode).toBe(404);

    const logged = (await call(ctx.app, 'GET', `${camp}/log`, { as: leader })).json().incidents.find((i: { id: string }) => i.id === incident);
    expect(logged.photos).toEqual([{ id: photo, name: 'tornozelo.png', mime: 'image/png', size: PNG.length }]);
    const report = (await call(ctx.app, 'GET', `${camp}/report`, { as: admin })).json();
    expect(report.incidents[0].photos).toHaveLength(1);
    const [audit] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE club_id = $1 AND action = 'camp.incident_photo'`, [clubId]);
    expect(audit.n).toBe(1);
  }, 180_000);
});
