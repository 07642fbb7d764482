import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_MSG } from '../../shared/events.js';
import { MONEY_MSG } from '../../shared/money.js';
import { PERMISSION_MSG } from '../../shared/permissions.js';
import { call, createTestApp, type Session, type TestContext } from '../../../test/api.js';
import { inviteChild, memberIdOf, setUpStaffedClub } from '../../../test/club.js';
import { engineName } from '../../../test/db.js';

let ctx: TestContext;
let admin: Session;
let treasurer: Session;
let secretary: Session;
let member: Session;
let stranger: Session;
let guardian: Session;
let otherGuardian: Session;
let club: { id: string };
let base: string;
let cash: string;
let unitA: string;
let childId: string;
let childProfileId: string;
let otherChildId: string;
let plainMemberId: string;

/** An ISO date `days` from today (days apart from the club's calendar, so the time zone never matters). */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const acampamento = (over: Record<string, unknown> = {}) => ({
  title: 'Acampamento de Verão', kind: 'acampamento', starts_on: day(30), ends_on: day(32), registration_deadline: day(20),
  place: 'Sítio Recanto', cost: '100,00', instalments: 3, places: 40, checklist_items: ['Seguro', 'Documento'], ...over,
});

async function newEvent(over: Record<string, unknown> = {}, as: Session = admin) {
  return call(ctx.app, 'POST', `${base}/events`, { as, body: acampamento(over) });
}

/** An accountless child of the club with an accepted, consenting guardian. */
const childWithGuardian = (name: string, unitId: string | null) =>
  inviteChild(ctx, admin, club.id, { name, unitId, birthDate: '2014-05-01', guardianName: `Resp de ${name}`, relationship: 'Mãe' });

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, treasurer, secretary, members: [member], stranger, club, base, cash } = await setUpStaffedClub(ctx, 'Clube Eventos', { members: ['Ana Membro'], cashAccount: 'Caixa Geral' }));
  plainMemberId = await memberIdOf(ctx.db, club.id, member.profile.id);
  unitA = (await call(ctx.app, 'POST', `${base}/units`, { as: admin, body: { name: 'Águias', color: '#1d4ed8' } })).json().id;
  const child = await childWithGuardian('Bruno Filho', unitA);
  childId = child.memberId;
  childProfileId = child.profileId;
  guardian = child.guardian;
  const other = await childWithGuardian('Carla Outra', null);
  otherChildId = other.memberId;
  otherGuardian = other.guardian;
});
afterAll(() => ctx.close());

describe(`events on ${engineName()}`, () => {
  it('the direction creates an acampamento; it lists with its places, status and checklist', async () => {
    const res = await newEvent();
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Acampamento de Verão', kind: 'acampamento', cost: '100.00', instalments: 3, places: 40, places_left: 40, registered_count: 0,
      status: 'inscricoes_abertas', invited_unit_ids: [], invited_member_ids: [], starts_on: day(30),
    });
    expect(res.json().checklist_items.map((i: { label: string }) => i.label)).toEqual(['Seguro', 'Documento']);
    const list = (await call(ctx.app, 'GET', `${base}/events`, { as: treasurer })).json();
    expect(list.map((e: { id: string }) => e.id)).toContain(res.json().id);
  });

  it('each bad field gets its pt-BR message and writes nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: ' ' }, EVENT_MSG.titleRequired],
      [{ title: 'x'.repeat(121) }, EVENT_MSG.titleTooLong],
      [{ kind: 'festa' }, EVENT_MSG.kindRequired],
      [{ starts_on: undefined }, EVENT_MSG.startRequired],
      [{ ends_on: '' }, EVENT_MSG.endRequired],
      [{ registration_deadline: undefined }, EVENT_MSG.deadlineRequired],
      [{ starts_on: '2026-02-31' }, EVENT_MSG.dateInvalid],
      [{ ends_on: day(29) }, EVENT_MSG.endBeforeStart],
      [{ registration_deadline: day(31) }, EVENT_MSG.deadlineAfterStart],
      [{ place: '' }, EVENT_MSG.placeRequired],
      [{ place: 'x'.repeat(201) }, EVENT_MSG.placeTooLong],
      [{ description: 'x'.repeat(2001) }, EVENT_MSG.descriptionTooLong],
      [{ cost: '' }, EVENT_MSG.costRequired],
      [{ cost: '-5' }, EVENT_MSG.costNegative],
      [{ cost: '10,555' }, MONEY_MSG.decimals],
      [{ instalments: 0 }, EVENT_MSG.instalmentsInvalid],
      [{ instalments: 13 }, EVENT_MSG.instalmentsInvalid],
      [{ instalments: 1.5 }, EVENT_MSG.instalmentsInvalid],
      [{ cost: '0,02', instalments: 3 }, EVENT_MSG.instalmentsTooSmall],
      [{ places: 0 }, EVENT_MSG.placesInvalid],
      [{ places: 10001 }, EVENT_MSG.placesInvalid],
      [{ invited_unit_ids: ['abc'] }, EVENT_MSG.idInvalid],
      [{ invited_unit_ids: ['00000000-0000-4000-8000-000000000000'] }, EVENT_MSG.unitNotFound],
      [{ invited_member_ids: ['00000000-0000-4000-8000-000000000000'] }, EVENT_MSG.invitedMemberNotFound],
      [{ checklist_items: [''] }, EVENT_MSG.checklistItemRequired],
      [{ checklist_items: ['x'.repeat(81)] }, EVENT_MSG.checklistItemTooLong],
      [{ checklist_items: Array.from({ length: 11 }, (_, i) => `Item ${i}`) }, EVENT_MSG.checklistTooMany],
      [{ checklist_items: ['Seguro', 'seguro'] }, EVENT_MSG.checklistDuplicate],
    ];
    const [before] = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM events');
    for (const [body, message] of cases) {
      const res = await newEvent(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message, JSON.stringify(body)).toBe(message);
    }
    const [after] = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM events');
    expect(after.n).toBe(before.n);
  });

  it('permissions: the secretary manages, the treasurer reads, a member and a guardian are refused, another club gets 404', async () => {
    const created = await newEvent({ title: 'Passeio', kind: 'passeio', cost: '0' }, secretary);
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect((await call(ctx.app, 'GET', `${base}/events/${id}`, { as: treasurer })).statusCode).toBe(200);
    const byTreasurer = await newEvent({}, treasurer);
    expect([byTreasurer.statusCode, byTreasurer.json().error.message]).toEqual([403, PERMISSION_MSG.forbidden('events.manage')]);
    const byMember = await call(ctx.app, 'GET', `${base}/events`, { as: member });
    expect([byMember.statusCode, byMember.json().error.message]).toEqual([403, PERMISSION_MSG.forbidden('events.read')]);
    expect((await call(ctx.app, 'POST', `${base}/events/${id}/registrations`, { as: member, body: { member_id: plainMemberId } })).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', `${base}/events/${id}`, { as: guardian })).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', `${base}/events/${id}`, { as: stranger })).statusCode).toBe(404);
    expect((await call(ctx.app, 'PUT', `${base}/events/${id}`, { as: stranger, body: acampamento() })).statusCode).toBe(404);
    expect((await call(ctx.app, 'DELETE', `${base}/events/${id}`, { as: stranger })).statusCode).toBe(404);
    const text = await call(ctx.app, 'PUT', `${base}/event-authorisation-text`, { as: secretary, body: { body: 'Outro texto' } });
    expect([text.statusCode, text.json().error.message]).toEqual([403, PERMISSION_MSG.forbidden('events.terms')]);
    expect((await call(ctx.app, 'DELETE', `${base}/events/${id}`, { as: secretary })).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', `${base}/events/${id}`, { as: admin })).statusCode).toBe(404);
  });

  it('the secretary registers a member: the instalments are charges of the event, exact to the cent; she records no payment', async () => {
    const event = (await newEvent({ title: 'Campori 2026', kind: 'campori' })).json();
    const res = await call(ctx.app, 'POST', `${base}/events/${event.id}/registrations`, { as: secretary, body: { member_id: plainMemberId } });
    expect(res.statusCode).toBe(201);
    const charges = await ctx.db.query<{ amount: string; origin: string; description: string; due_date: string; event_id: string }>(
      `SELECT amount, origin, description, due_date, event_id FROM charges WHERE event_registration_id = $1 ORDER BY due_date, description`, [res.json().registration_id]);
    expect(charges.map((c) => c.amount)).toEqual(['33.34', '33.33', '33.33']);
    expect(charges.map((c) => c.description)).toEqual(['Campori 2026 (parcela 1/3)', 'Campori 2026 (parcela 2/3)', 'Campori 2026 (parcela 3/3)']);
    expect(charges.every((c) => c.origin === 'evento' && c.event_id === event.id)).toBe(true);
    expect(charges[2].due_date).toBe(day(20));
    const chargeId = res.json().charge_ids[0];
    const pay = (as: Session) => call(ctx.app, 'POST', `${base}/charges/${chargeId}/payments`, { as, body: { amount: '10', cash_account_id: cash, method: 'pix' } });
    const refused = await pay(secretary);
    expect([refused.statusCode, refused.json().error.message]).toEqual([403, PERMISSION_MSG.forbidden('charges.manage')]);
    expect((await pay(treasurer)).statusCode).toBe(201);
    const again = await call(ctx.app, 'POST', `${base}/events/${event.id}/registrations`, { as: secretary, body: { member_id: member.profile.id } });
    expect([again.statusCode, again.json().error.message]).toEqual([409, EVENT_MSG.alreadyRegistered]);
    // 'Quem deve' of this event only.
    const debtors = (await call(ctx.app, 'GET', `${base}/debtors?event_id=${event.id}`, { as: treasurer })).json();
    expect(debtors.members.map((m: { profile_id: string; open_total: string }) => [m.profile_id, m.open_total])).toEqual([[member.profile.id, '90.00']]);
    // Cost and instalments stay once someone registered; places never drop below those registered.
    const edit = await call(ctx.app, 'PUT', `${base}/events/${event.id}`, { as: admin, body: acampamento({ title: 'Campori 2026', kind: 'campori', cost: '120' }) });
    expect(edit.json().error.message).toBe(EVENT_MSG.costLocked);
    const tooFew = await call(ctx.app, 'PUT', `${base}/events/${event.id}`, { as: admin, body: acampamento({ title: 'Campori 2026', kind: 'campori', places: 1 }) });
    expect(tooFew.statusCode).toBe(200);
    expect(tooFew.json()).toMatchObject({ places: 1, places_left: 0 });
    expect((await call(ctx.app, 'DELETE', `${base}/events/${event.id}`, { as: admin })).json().error.message).toBe(EVENT_MSG.deleteHasRegistrations);
    // Cancelling the registration cancels the charges without payments; the paid one stays for the treasurer.
    const cancel = await call(ctx.app, 'DELETE', `${base}/events/${event.id}/registrations/${res.json().registration_id}`, { as: secretary });
    expect(cancel.json()).toEqual({ cancelled_charges: 2, kept_charges: 1 });
    const left = await ctx.db.query<{ cancel_reason: string | null }>(`SELECT cancel_reason FROM charges WHERE event_registration_id = $1 ORDER BY due_date, description`, [res.json().registration_id]);
    expect(left.map((c) => c.cancel_reason)).toEqual([null, 'Inscrição cancelada: Campori 2026', 'Inscrição cancelada: Campori 2026']);
  });

  it('three instalments with the deadline a week away fall due on three different days, the last on the deadline (issue 43)', async () => {
    // Days of the club's calendar (São Paulo), as the server counts them.
    const [{ d0, d7 }] = await ctx.db.query<{ d0: string; d7: string }>(
      `SELECT (now() AT TIME ZONE 'America/Sao_Paulo')::date::text AS d0, ((now() AT TIME ZONE 'America/Sao_Paulo')::date + 7)::text AS d7`);
    const event = (await newEvent({ title: 'Acampamento relâmpago', registration_deadline: d7, starts_on: day(10), ends_on: day(11), cost: '100', instalments: 3 })).json();
    const res = await call(ctx.app, 'POST', `${base}/events/${event.id}/registrations`, { as: admin, body: { member_id: plainMemberId } });
    expect(res.statusCode).toBe(201);
    const charges = await ctx.db.query<{ amount: string; description: string; due_date: string }>(
      `SELECT amount::text, description, due_date::text FROM charges WHERE event_registration_id = $1 ORDER BY due_date`, [res.json().registration_id]);
    expect(charges.map((c) => c.amount)).toEqual(['33.34', '33.33', '33.33']);
    expect(charges.map((c) => c.description)).toEqual(['Acampamento relâmpago (parcela 1/3)', 'Acampamento relâmpago (parcela 2/3)', 'Acampamento relâmpago (parcela 3/3)']);
    expect(new Set(charges.map((c) => c.due_date)).size).toBe(3);
    expect(charges.every((c) => c.due_date > d0)).toBe(true);
    expect(charges[2].due_date).toBe(d7);
  });

  it('registration refusals: not invited, deadline passed, cancelled, another club\'s member', async () => {
    const forUnit = (await newEvent({ title: 'Só Águias', invited_unit_ids: [unitA], cost: '0' })).json();
    const notInvited = await call(ctx.app, 'POST', `${base}/events/${forUnit.id}/registrations`, { as: admin, body: { member_id: plainMemberId } });
    expect([notInvited.statusCode, notInvited.json().error.message]).toEqual([400, EVENT_MSG.notInvited]);
    expect((await call(ctx.app, 'POST', `${base}/events/${forUnit.id}/registrations`, { as: admin, body: { member_id: childId } })).statusCode).toBe(201);
    const late = (await newEvent({ title: 'Atrasado', registration_deadline: day(-3), starts_on: day(10), ends_on: day(10) })).json();
    const lateRes = await call(ctx.app, 'POST', `${base}/events/${late.id}/registrations`, { as: admin, body: { member_id: plainMemberId } });
    expect([lateRes.statusCode, lateRes.json().error.message]).toEqual([400, EVENT_MSG.deadlinePassed]);
    const missing = await call(ctx.app, 'POST', `${base}/events/${forUnit.id}/registrations`, { as: admin, body: { member_id: stranger.profile.id } });
    expect(missing.json().error.message).toBe(EVENT_MSG.memberNotFound);
    const blank = await call(ctx.app, 'POST', `${base}/events/${forUnit.id}/registrations`, { as: admin, body: { member_id: '' } });
    expect(blank.json().error.message).toBe(EVENT_MSG.memberRequired);
    const cancelled = await call(ctx.app, 'POST', `${base}/events/${forUnit.id}/cancel`, { as: admin, body: { reason: 'Chuva' } });
    expect(cancelled.json()).toMatchObject({ status: 'cancelado', cancel_reason: 'Chuva', registered_count: 0 });
    const after = await call(ctx.app, 'POST', `${base}/events/${forUnit.id}/registrations`, { as: admin, body: { member_id: childId } });
    expect([after.statusCode, after.json().error.message]).toEqual([409, EVENT_MSG.eventCancelled]);
    const blankReason = await call(ctx.app, 'POST', `${base}/events/${late.id}/cancel`, { as: admin, body: { reason: ' ' } });
    expect(blankReason.json().error.message).toBe(EVENT_MSG.reasonRequired);
  });

  it('concurrent registrations never pass the places', async () => {
    const event = (await newEvent({ title: 'Vagas contadas', places: 3, cost: '50', instalments: 1 })).json();
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const [p] = await ctx.db.query<{ id: string }>(`INSERT INTO profiles (full_name) VALUES ($1) RETURNING id`, [`Corredor ${i}`]);
      const [m] = await ctx.db.query<{ id: string }>(`INSERT INTO club_members (club_id, profile_id, role) VALUES ($1, $2, 'member') RETURNING id`, [club.id, p.id]);
      ids.push(m.id);
    }
    const results = await Promise.all(ids.map((id, i) => call(ctx.app, 'POST', `${base}/events/${event.id}/registrations`, { as: i % 2 ? secretary : admin, body: { member_id: id } })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused.map((r) => [r.statusCode, r.json().error.message])).toEqual(Array.from({ length: 7 }, () => [409, EVENT_MSG.full]));
    const [counts] = await ctx.db.query<{ regs: number; charges: number }>(
      `SELECT (SELECT count(*)::int FROM event_registrations WHERE event_id = $1) AS regs, (SELECT count(*)::int FROM charges WHERE event_id = $1) AS charges`, [event.id]);
    expect(counts).toEqual({ regs: 3, charges: 3 });
    // The same member twice at once: one registration.
    const twice = (await newEvent({ title: 'Duas vezes', cost: '0' })).json();
    const both = await Promise.all([0, 1].map(() => call(ctx.app, 'POST', `${base}/events/${twice.id}/registrations`, { as: admin, body: { member_id: ids[9] } })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('a guardian registers their child, signs the authorisation and may revoke it until the event starts', async () => {
    const event = (await newEvent({ title: 'Acampamento da Família', invited_unit_ids: [unitA] })).json();
    const url = `/api/family/children/${childId}/events`;
    const seen = (await call(ctx.app, 'GET', url, { as: guardian })).json();
    expect(seen.authorisation_text.version).toBe(1);
    expect(seen.authorisation_text.body).toContain('Autorização para participação em evento');
    const offered = seen.events.find((e: { id: string }) => e.id === event.id);
    expect(offered).toMatchObject({ registered: false, can_register: true, authorisation: null });
    // The other child (not in the unit) is not invited; the other guardian cannot act for this child.
    expect((await call(ctx.app, 'GET', `/api/family/children/${otherChildId}/events`, { as: otherGuardian })).json().events.map((e: { id: string }) => e.id)).not.toContain(event.id);
    expect((await call(ctx.app, 'POST', `/api/family/children/${otherChildId}/events/${event.id}/registration`, { as: otherGuardian })).statusCode).toBe(404);
    expect((await call(ctx.app, 'POST', `${url}/${event.id}/registration`, { as: otherGuardian })).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', url, { as: otherGuardian })).statusCode).toBe(404);

    const signBeforeRegistering = await call(ctx.app, 'POST', `${url}/${event.id}/authorisation`, { as: guardian, body: { signed_name: 'Resp de Bruno', text_version: 1, confirm: true } });
    expect(signBeforeRegistering.json().error.message).toBe(EVENT_MSG.notRegistered);
    const reg = await call(ctx.app, 'POST', `${url}/${event.id}/registration`, { as: guardian });
    expect(reg.statusCode).toBe(201);
    const [charge] = await ctx.db.query<{ profile_id: string; created_by: string; n: number }>(
      `SELECT profile_id, created_by, count(*) OVER ()::int AS n FROM charges WHERE event_registration_id = $1 LIMIT 1`, [reg.json().registration_id]);
    expect(charge).toEqual({ profile_id: childProfileId, created_by: guardian.profile.id, n: 3 });
    // The charges show on /familia with their PIX line.
    expect((await call(ctx.app, 'GET', `/api/family/children/${childId}/charges`, { as: guardian })).json().some((c: { description: string }) => c.description.startsWith('Acampamento da Família'))).toBe(true);

    const bad: Array<[Record<string, unknown>, number, string]> = [
      [{ signed_name: ' ', text_version: 1, confirm: true }, 400, EVENT_MSG.signedNameRequired],
      [{ signed_name: 'Resp de Bruno', text_version: 1, confirm: false }, 400, EVENT_MSG.confirmRequired],
      [{ signed_name: 'Resp de Bruno', text_version: 1 }, 400, EVENT_MSG.confirmRequired],
      [{ signed_name: 'Resp de Bruno', text_version: 'um', confirm: true }, 400, EVENT_MSG.versionRequired],
      [{ signed_name: 'x'.repeat(201), text_version: 1, confirm: true }, 400, EVENT_MSG.signedNameTooLong],
    ];
    for (const [body, status, message] of bad) {
      const res = await call(ctx.app, 'POST', `${url}/${event.id}/authorisation`, { as: guardian, body });
      expect([res.statusCode, res.json().error.message], JSON.stringify(body)).toEqual([status, message]);
    }
    // The direction edits the text: the guardian who read version 1 must read it again.
    const edited = await call(ctx.app, 'PUT', `${base}/event-authorisation-text`, { as: admin, body: { body: 'Autorizo meu filho a participar do evento.' } });
    expect(edited.json()).toMatchObject({ version: 2 });
    const stale = await call(ctx.app, 'POST', `${url}/${event.id}/authorisation`, { as: guardian, body: { signed_name: 'Resp de Bruno', text_version: 1, confirm: true } });
    expect([stale.statusCode, stale.json().error.message]).toEqual([409, EVENT_MSG.textChanged]);
    const signed = await call(ctx.app, 'POST', `${url}/${event.id}/authorisation`, { as: guardian, body: { signed_name: 'Resp de Bruno', text_version: 2, confirm: true }, from: '203.0.113.7' });
    expect(signed.statusCode).toBe(201);
    expect(signed.json()).toMatchObject({ signed_name: 'Resp de Bruno', version: 2 });
    const [record] = await ctx.db.query(`SELECT guardian_profile_id, ip, version, member_id FROM event_authorisations WHERE revoked_at IS NULL AND member_id = $1`, [childId]);
    expect(record).toEqual({ guardian_profile_id: guardian.profile.id, ip: '203.0.113.7', version: 2, member_id: childId });
    const twice = await call(ctx.app, 'POST', `${url}/${event.id}/authorisation`, { as: guardian, body: { signed_name: 'Resp de Bruno', text_version: 2, confirm: true } });
    expect([twice.statusCode, twice.json().error.message]).toEqual([409, EVENT_MSG.alreadyAuthorised]);
    const now = (await call(ctx.app, 'GET', url, { as: guardian })).json().events.find((e: { id: string }) => e.id === event.id);
    expect(now).toMatchObject({ registered: true, can_register: false, can_revoke: true, authorisation: { signed_name: 'Resp de Bruno', version: 2 } });

    expect((await call(ctx.app, 'DELETE', `${url}/${event.id}/authorisation`, { as: guardian })).statusCode).toBe(200);
    const revokedTwice = await call(ctx.app, 'DELETE', `${url}/${event.id}/authorisation`, { as: guardian });
    expect([revokedTwice.statusCode, revokedTwice.json().error.message]).toEqual([404, EVENT_MSG.notAuthorised]);
    const [kept] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM event_authorisations WHERE member_id = $1 AND revoked_at IS NOT NULL`, [childId]);
    expect(kept.n).toBe(1);
  });

  it('an authorisation cannot be revoked once the event started', async () => {
    const running = (await newEvent({ title: 'Já começou', starts_on: day(-1), ends_on: day(2), registration_deadline: day(-2), cost: '0' })).json();
    await ctx.db.query(`INSERT INTO event_registrations (club_id, event_id, member_id) VALUES ($1, $2, $3)`, [club.id, running.id, childId]);
    const url = `/api/family/children/${childId}/events/${running.id}/authorisation`;
    const version = (await call(ctx.app, 'GET', `${base}/event-authorisation-text`, { as: admin })).json().version;
    expect((await call(ctx.app, 'POST', url, { as: guardian, body: { signed_name: 'Resp de Bruno', text_version: version, confirm: true } })).statusCode).toBe(201);
    const res = await call(ctx.app, 'DELETE', url, { as: guardian });
    expect([res.statusCode, res.json().error.message]).toEqual([400, EVENT_MSG.revokeAfterStart]);
    const late = await call(ctx.app, 'DELETE', `/api/family/children/${childId}/events/${running.id}/registration`, { as: guardian });
    expect(late.json().error.message).toBe(EVENT_MSG.deadlinePassed);
  });

  it('the roster: checklist per participant, emergency contacts only for who may read health forms, CSV', async () => {
    const event = (await newEvent({ title: 'Acampamento Lista', cost: '0', checklist_items: ['Seguro'] })).json();
    const health = await call(ctx.app, 'PUT', `/api/family/children/${childId}/health`, {
      as: guardian, body: { allergies: 'Amendoim', emergency_contacts: [{ name: 'Vó Maria', phone: '(11) 97777-0000', relationship: 'Avó' }] },
    });
    expect(health.statusCode).toBe(200);
    const reg = (await call(ctx.app, 'POST', `${base}/events/${event.id}/registrations`, { as: admin, body: { member_id: childId } })).json();
    await call(ctx.app, 'POST', `${base}/events/${event.id}/registrations`, { as: admin, body: { member_id: plainMemberId } });
    const version = (await call(ctx.app, 'GET', `${base}/event-authorisation-text`, { as: admin })).json().version;
    await call(ctx.app, 'POST', `/api/family/children/${childId}/events/${event.id}/authorisation`, { as: guardian, body: { signed_name: 'Resp de Bruno', text_version: version, confirm: true } });
    const item = event.checklist_items[0].id;
    const tickUrl = `${base}/events/${event.id}/registrations/${reg.registration_id}/checklist/${item}`;
    expect((await call(ctx.app, 'PUT', tickUrl, { as: secretary, body: { done: true } })).statusCode).toBe(200);
    expect((await call(ctx.app, 'PUT', tickUrl, { as: treasurer, body: { done: true } })).statusCode).toBe(403);
    expect((await call(ctx.app, 'PUT', tickUrl, { as: secretary, body: { done: 'sim' } })).json().error.message).toBe(EVENT_MSG.doneRequired);
    expect((await call(ctx.app, 'PUT', `${base}/events/${event.id}/registrations/${reg.registration_id}/checklist/00000000-0000-4000-8000-000000000000`, { as: secretary, body: { done: true } })).statusCode).toBe(404);

    const byAdmin = (await call(ctx.app, 'GET', `${base}/events/${event.id}/roster`, { as: admin })).json();
    expect(byAdmin.health_visible).toBe(true);
    const bruno = byAdmin.participants.find((p: { member_id: string }) => p.member_id === childId);
    expect(bruno).toMatchObject({
      member_name: 'Bruno Filho', unit_name: 'Águias', health_form: 'em_dia', payment: 'sem_custo', ready: true,
      authorisation: { signed_name: 'Resp de Bruno' }, items: [{ label: 'Seguro', done: true }],
      emergency_contacts: [{ name: 'Vó Maria', phone: '(11) 97777-0000', relationship: 'Avó' }],
    });
    const ana = byAdmin.participants.find((p: { member_id: string }) => p.member_id === plainMemberId);
    expect(ana).toMatchObject({ health_form: 'ausente', authorisation: null, ready: false });
    const [audit] = await ctx.db.query<{ after: { members: string[] } }>(`SELECT after FROM audit_log WHERE action = 'event.roster_health' AND entity_id = $1`, [event.id]);
    expect(audit.after.members).toContain(childId);

    const bySecretary = (await call(ctx.app, 'GET', `${base}/events/${event.id}/roster`, { as: secretary })).json();
    expect(bySecretary.health_visible).toBe(false);
    expect(bySecretary.participants.every((p: { emergency_contacts: unknown }) => p.emergency_contacts === null)).toBe(true);
    const csv = await call(ctx.app, 'GET', `${base}/events/${event.id}/roster.csv`, { as: secretary });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Participante;Unidade;Autorização;Ficha médica;Pagamento;Valor (R$);Pago (R$);Em aberto (R$);Seguro;Tudo pronto');
    expect(lines).toHaveLength(3);
    expect(csv.body).not.toContain('Vó Maria');
    const adminCsv = await call(ctx.app, 'GET', `${base}/events/${event.id}/roster.csv`, { as: admin });
    expect(adminCsv.body).toContain('Vó Maria (Avó): (11) 97777-0000');
    // A secretary given the 'saúde' permission sees them too.
    await ctx.db.query(`UPDATE club_members SET health_access = true WHERE club_id = $1 AND profile_id = $2`, [club.id, secretary.profile.id]);
    expect((await call(ctx.app, 'GET', `${base}/events/${event.id}/roster`, { as: secretary })).json().health_visible).toBe(true);
    await ctx.db.query(`UPDATE club_members SET health_access = false WHERE club_id = $1 AND profile_id = $2`, [club.id, secretary.profile.id]);
    expect((await call(ctx.app, 'GET', `${base}/events/${event.id}/roster`, { as: stranger })).statusCode).toBe(404);
  });

  it('the roster polls: unchanged it answers 304, hands out nothing and is not audited again; a payment or a registration changes it', async () => {
    const event = (await newEvent({ title: 'Acampamento Espera', cost: '50', instalments: 1 })).json();
    const reg = (await call(ctx.app, 'POST', `${base}/events/${event.id}/registrations`, { as: admin, body: { member_id: childId } })).json();
    const url = `${base}/events/${event.id}/roster`;
    const audits = async () => (await ctx.db.query(`SELECT 1 FROM audit_log WHERE action = 'event.roster_health' AND entity_id = $1`, [event.id])).length;
    const read = (etag?: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie: admin.cookie, ...(etag ? { 'if-none-match': etag } : {}) } });
    const first = await read();
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    expect(await audits()).toBe(1);
    // The page polls every 30 s: nothing changed, nothing read, nothing audited.
    for (let i = 0; i < 3; i += 1) {
      const again = await read(etag);
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }
    expect(await audits()).toBe(1);
    // The treasurer confirms a payment: the next poll gets the roster with it.
    const pay = await call(ctx.app, 'POST', `${base}/charges/${reg.charge_ids[0]}/payments`, { as: treasurer, body: { amount: '50', cash_account_id: cash, method: 'pix' } });
    expect(pay.statusCode, pay.body).toBe(201);
    const paid = await read(etag);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().participants.find((p: { member_id: string }) => p.member_id === childId)).toMatchObject({ payment: 'pago', paid_amount: '50.00' });
    expect(await audits()).toBe(2);
    // A family registers: the next poll shows them.
    const second = await call(ctx.app, 'POST', `${base}/events/${event.id}/registrations`, { as: admin, body: { member_id: plainMemberId } });
    expect(second.statusCode, second.body).toBe(201);
    const registered = await read(String(paid.headers.etag));
    expect(registered.statusCode).toBe(200);
    expect(registered.json().participants).toHaveLength(2);
    // Another reader never gets the admin's tag answered.
    expect((await ctx.app.inject({ method: 'GET', url, headers: { cookie: secretary.cookie, 'if-none-match': String(registered.headers.etag) } })).statusCode).toBe(200);
  });

  it('cancelling an event cancels its registrations and their unpaid charges', async () => {
    const event = (await newEvent({ title: 'Vai cancelar', cost: '30', instalments: 2 })).json();
    await call(ctx.app, 'POST', `${base}/events/${event.id}/registrations`, { as: admin, body: { member_id: plainMemberId } });
    const res = await call(ctx.app, 'POST', `${base}/events/${event.id}/cancel`, { as: secretary, body: { reason: 'Sem transporte' } });
    expect(res.json()).toMatchObject({ status: 'cancelado', registered_count: 0 });
    const charges = await ctx.db.query<{ cancel_reason: string }>(`SELECT cancel_reason FROM charges WHERE event_id = $1`, [event.id]);
    expect(charges.map((c) => c.cancel_reason)).toEqual(['Evento cancelado: Sem transporte', 'Evento cancelado: Sem transporte']);
    const again = await call(ctx.app, 'POST', `${base}/events/${event.id}/cancel`, { as: secretary, body: { reason: 'De novo' } });
    expect([again.statusCode, again.json().error.message]).toEqual([409, EVENT_MSG.alreadyCancelled]);
    const edit = await call(ctx.app, 'PUT', `${base}/events/${event.id}`, { as: admin, body: acampamento() });
    expect(edit.json().error.message).toBe(EVENT_MSG.eventCancelled);
  });
});
