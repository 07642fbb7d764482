import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMP_MSG } from '../../shared/camps.js';
import { addMember, call, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { inviteChild, memberIdOf, setUpStaffedClub } from '../../../test/club.js';
import { engineName } from '../../../test/db.js';

let ctx: TestContext;
let admin: Session;
let secretary: Session;
let counselor: Session;
let treasurer: Session;
let stranger: Session;
let guardian: Session;
let base: string;
let clubId: string;
let eventId: string;
let camp: string;
let unitA: string;
let childId: string;
let otherId: string;
let outsiderId: string;
let counselorMember: string;
let today: string;

const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const risk = { hazard: 'Afogamento no lago', likelihood: 1, severity: 3, controls: 'Banho só com salva-vidas', responsible: 'Pedro' };
const now = () => new Date().toISOString();

beforeAll(async () => {
  ctx = await createTestApp();
  let members: Session[];
  ({ admin, secretary, treasurer, stranger, members, base, club: { id: clubId } } = await setUpStaffedClub(ctx, 'Clube Saídas', { members: [] }));
  void members;
  [{ today }] = await ctx.db.query<{ today: string }>(`SELECT (now() AT TIME ZONE timezone)::date::text AS today FROM clubs WHERE id = $1`, [clubId]);
  unitA = (await call(ctx.app, 'POST', `${base}/units`, { as: admin, body: { name: 'Águias', color: '#1d4ed8' } })).json().id;
  counselor = await signUp(ctx.app, { name: 'Conselheiro Pedro' });
  await addMember(ctx.db, clubId, counselor.profile.id, 'counselor', unitA);
  counselorMember = await memberIdOf(ctx.db, clubId, counselor.profile.id);
  const child = await inviteChild(ctx, admin, clubId, { name: 'Bruno Filho', unitId: unitA, birthDate: '2014-05-01', guardianName: 'Mãe do Bruno', relationship: 'Mãe' });
  childId = child.memberId;
  guardian = child.guardian;
  otherId = (await inviteChild(ctx, admin, clubId, { name: 'Carla Outra', unitId: null, birthDate: '2013-02-01', guardianName: 'Pai da Carla', relationship: 'Pai' })).memberId;
  outsiderId = (await inviteChild(ctx, admin, clubId, { name: 'Davi Fora', unitId: unitA, birthDate: '2013-02-01', guardianName: 'Pai do Davi', relationship: 'Pai' })).memberId;
  const health = await call(ctx.app, 'PUT', `${base}/members/${childId}/health`, {
    as: admin, body: { blood_type: 'O+', allergies: 'Amendoim', medications: 'Ritalina 10 mg', conditions: 'TDAH', health_plan: '', emergency_contacts: [{ name: 'Mãe do Bruno', phone: '(11) 99999-0000', relationship: 'Mãe' }] },
  });
  expect(health.statusCode).toBe(200);
  const ev = await call(ctx.app, 'POST', `${base}/events`, {
    as: admin, body: { title: 'Acampamento da Serra', kind: 'acampamento', starts_on: today, ends_on: addDays(today, 2), registration_deadline: today, place: 'Serra', cost: '50,00', instalments: 1, places: null, checklist_items: [] },
  });
  expect(ev.statusCode).toBe(201);
  eventId = ev.json().id;
  camp = `${base}/events/${eventId}/camp`;
  for (const m of [childId, otherId]) expect((await call(ctx.app, 'POST', `${base}/events/${eventId}/registrations`, { as: admin, body: { member_id: m } })).statusCode).toBe(201);
}, 120_000);
afterAll(() => ctx.close());

describe(`saídas on ${engineName()}`, () => {
  it('an APCR item without controls is refused in pt-BR and writes nothing', async () => {
    const res = await call(ctx.app, 'PUT', camp, { as: secretary, body: { risks: [{ ...risk, controls: ' ' }] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(CAMP_MSG.controlsRequired);
    expect(await ctx.db.query(`SELECT 1 FROM camps WHERE event_id = $1`, [eventId])).toHaveLength(0);
  });

  it('the direction builds the saída: transport, vote, leaders with the ratio, the APCR scored', async () => {
    const res = await call(ctx.app, 'PUT', camp, {
      as: secretary,
      body: { transport: 'Ônibus fretado', places: 'Sítio da Serra', vote_minutes: 'Ata 12/2026', vote_number: 'Voto 34', leader_member_ids: [counselorMember], risks: [risk] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ is_camp: true, transport: 'Ônibus fretado', vote_number: 'Voto 34', participants_count: 2, kids_per_leader: 2, health_until: addDays(today, 5) });
    expect(res.json().risks[0]).toMatchObject({ hazard: risk.hazard, score: 3, level: 'Moderado' });
    expect(res.json().leaders.map((l: { full_name: string }) => l.full_name)).toEqual(['Conselheiro Pedro']);
    expect((await call(ctx.app, 'PUT', camp, { as: treasurer, body: {} })).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', camp, { as: stranger })).statusCode).toBe(404);
    const bad = await call(ctx.app, 'PUT', camp, { as: admin, body: { leader_member_ids: [childId] } });
    expect(bad.json().error.message).toBe(CAMP_MSG.leaderNotFound);
  });

  it('the club edits its APCR template (pt-BR default first)', async () => {
    const first = (await call(ctx.app, 'GET', `${base}/camp-risk-template`, { as: admin })).json();
    expect(first.is_default).toBe(true);
    expect(first.items.length).toBeGreaterThan(3);
    const saved = await call(ctx.app, 'PUT', `${base}/camp-risk-template`, { as: admin, body: { items: [risk] } });
    expect(saved.json()).toMatchObject({ is_default: false, items: [risk] });
  });

  it('health summaries only for the named leader, audited; the director not named is refused', async () => {
    expect((await call(ctx.app, 'GET', `${camp}/roster`, { as: admin })).json().error.message).toBe(CAMP_MSG.notLeader);
    const res = await call(ctx.app, 'GET', `${camp}/roster`, { as: counselor });
    expect(res.statusCode).toBe(200);
    const bruno = res.json().participants.find((p: { member_id: string }) => p.member_id === childId);
    expect(bruno.health).toMatchObject({ allergies: 'Amendoim', conditions: 'TDAH', emergency_contacts: [{ phone: '(11) 99999-0000' }] });
    const audit = await ctx.db.query<{ after: { members: string[] } }>(`SELECT after FROM audit_log WHERE action = 'camp.health_read' AND actor_id = $1`, [counselor.profile.id]);
    expect(audit).toHaveLength(1);
    expect(audit[0].after.members).toContain(childId);
    expect((await call(ctx.app, 'GET', `${camp}/roster`, { as: stranger })).statusCode).toBe(404);
  });

  it('after the window the leader reads nothing', async () => {
    await ctx.db.query(`UPDATE camps SET health_days_after = 0 WHERE event_id = $1`, [eventId]);
    await ctx.db.query(`UPDATE events SET starts_on = $2::date - 5, ends_on = $2::date - 3, registration_deadline = $2::date - 5 WHERE id = $1`, [eventId, today]);
    const res = await call(ctx.app, 'GET', `${camp}/pack`, { as: counselor });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(CAMP_MSG.outsideWindow);
    await ctx.db.query(`UPDATE events SET starts_on = $2::date, ends_on = $2::date + 2, registration_deadline = $2::date WHERE id = $1`, [eventId, today]);
    await ctx.db.query(`UPDATE camps SET health_days_after = 3 WHERE event_id = $1`, [eventId]);
  });

  it('the pack carries a key; revoking it ends that phone copy; a new download gets a new key', async () => {
    const first = (await call(ctx.app, 'GET', `${camp}/pack`, { as: counselor })).json();
    expect(Buffer.from(first.key, 'base64')).toHaveLength(32);
    expect((await call(ctx.app, 'GET', `${camp}/keys/${first.key_id}`, { as: counselor })).json()).toEqual({ in_force: true });
    expect((await call(ctx.app, 'POST', `${camp}/leaders/${counselorMember}/revoke`, { as: admin })).json()).toEqual({ revoked: 1 });
    expect((await call(ctx.app, 'GET', `${camp}/keys/${first.key_id}`, { as: counselor })).json()).toEqual({ in_force: false });
    const second = (await call(ctx.app, 'GET', `${camp}/pack`, { as: counselor })).json();
    expect(second.key_id).not.toBe(first.key_id);
    expect(await ctx.db.query(`SELECT 1 FROM audit_log WHERE action = 'camp.pack_download'`)).toHaveLength(2);
  });

  it('head counts: once per person and movement, whichever phone; someone not registered is refused', async () => {
    const movement = randomUUID();
    expect((await call(ctx.app, 'POST', `${camp}/movements`, { as: counselor, body: { id: movement, label: 'Ônibus — ida', recorded_at: now() } })).json()).toEqual({ id: movement, duplicate: false });
    const a = randomUUID();
    const mark = (id: string, member = childId) => call(ctx.app, 'POST', `${camp}/head-marks`, { as: counselor, body: { id, movement_id: movement, member_id: member, direction: 'saida', marked_at: now() } });
    expect((await mark(a)).json()).toEqual({ id: a, duplicate: false });
    expect((await mark(a)).json()).toEqual({ id: a, duplicate: true });
    expect((await mark(randomUUID())).json()).toEqual({ id: a, duplicate: true });
    const outsider = await mark(randomUUID(), outsiderId);
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().error.message).toBe(CAMP_MSG.notRegistered);
    expect(await ctx.db.query(`SELECT 1 FROM camp_head_marks`)).toHaveLength(1);
  });

  it('medication log: scheduled dose once, correction a new entry, a dose in the future refused', async () => {
    const meds = await call(ctx.app, 'PUT', `${camp}/participants/${childId}/medications`, { as: counselor, body: { items: [{ name: 'Ritalina', dose: '10 mg', times: ['20:00', '08:00'] }] } });
    expect(meds.statusCode).toBe(200);
    const med = meds.json()[0];
    expect(med.times).toEqual(['08:00', '20:00']);
    const dose = (over: Record<string, unknown> = {}) => call(ctx.app, 'POST', `${camp}/doses`, {
      as: counselor, body: { id: randomUUID(), member_id: childId, medication_id: med.id, slot: `${today}T08:00`, medication: 'Ritalina', dose: '10 mg', status: 'dada', given_at: now(), ...over },
    });
    const first = await dose();
    expect(first.json().duplicate).toBe(false);
    expect((await dose()).json()).toEqual({ id: first.json().id, duplicate: true });
    const fix = await dose({ status: 'pulada', reason: 'Vomitou, dose repetida depois', corrects_id: first.json().id });
    expect(fix.json().duplicate).toBe(false);
    const future = await dose({ slot: `${today}T20:00`, given_at: new Date(Date.now() + 3_600_000).toISOString() });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.message).toBe(CAMP_MSG.inFuture);
    const skipped = await dose({ slot: `${today}T20:00`, status: 'pulada' });
    expect(skipped.json().error.message).toContain(CAMP_MSG.reasonRequired);
    expect(await ctx.db.query(`SELECT 1 FROM camp_doses`)).toHaveLength(2);
  });

  it('an incident tells the guardian once, with the leader text; the report counts it and the money', async () => {
    const id = randomUUID();
    const body = { id, member_id: childId, kind: 'acidente', occurred_at: now(), place: 'Trilha', description: 'Torceu o tornozelo', first_aid: 'Gelo e imobilização', guardian_called: true, doctor_needed: false, notice_text: 'Bruno torceu o tornozelo, está bem e descansando.' };
    expect((await call(ctx.app, 'POST', `${camp}/incidents`, { as: counselor, body })).json()).toEqual({ id, duplicate: false });
    expect((await call(ctx.app, 'POST', `${camp}/incidents`, { as: counselor, body })).json()).toEqual({ id, duplicate: true });
    const notes = await ctx.db.query<{ body: string }>(`SELECT body FROM notifications WHERE profile_id = $1 AND kind = 'camp.incident'`, [guardian.profile.id]);
    expect(notes.map((n) => n.body)).toEqual([body.notice_text]);
    const report = (await call(ctx.app, 'GET', `${camp}/report`, { as: admin })).json();
    expect(report.finance).toEqual({ charged: '100.00', paid: '0.00', open: '100.00' });
    expect(report.incidents).toMatchObject([{ kind: 'acidente', member_name: 'Bruno Filho', first_aid: 'Gelo e imobilização' }]);
    expect(report.participants.find((p: { member_id: string }) => p.member_id === childId)).toMatchObject({ doses_given: 0, doses_skipped: 1, incidents: 1 });
    expect(report.movements[0]).toMatchObject({ out: 1, missing: ['Carla Outra'] });
  });

  it('a leader removed from the saída loses the key and the access', async () => {
    const pack = (await call(ctx.app, 'GET', `${camp}/pack`, { as: counselor })).json();
    await call(ctx.app, 'PUT', camp, { as: admin, body: { leader_member_ids: [], risks: [risk] } });
    expect((await call(ctx.app, 'GET', `${camp}/keys/${pack.key_id}`, { as: counselor })).json()).toEqual({ in_force: false });
    expect((await call(ctx.app, 'GET', `${camp}/log`, { as: counselor })).statusCode).toBe(403);
    await call(ctx.app, 'PUT', camp, { as: admin, body: { leader_member_ids: [counselorMember], risks: [risk] } });
  });
});
