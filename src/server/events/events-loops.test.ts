import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_MSG } from '../../shared/events.js';
import { call, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { addGuardian, inviteChild, setUpStaffedClub } from '../../../test/club.js';
import { engineName } from '../../../test/db.js';

// Issue 43, item 6: a guardian looping register/unregister must not write a charge and a notice per loop.
let ctx: TestContext;
let admin: Session;
let treasurer: Session;
let secretary: Session;
let guardian: Session;
let otherGuardian: Session;
let base: string;
let cash: string;
let childId: string;
let childProfileId: string;

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const event = (over: Record<string, unknown>) => ({
  title: 'Passeio', kind: 'passeio', starts_on: day(30), ends_on: day(31), registration_deadline: day(20),
  place: 'Parque', cost: '90,00', instalments: 1, places: 40, checklist_items: [], ...over,
});

beforeAll(async () => {
  ctx = await createTestApp();
  let club: { id: string };
  ({ admin, treasurer, secretary, club, base, cash } = await setUpStaffedClub(ctx, 'Clube Laços', { members: [], cashAccount: 'Caixa Geral' }));
  const child = await inviteChild(ctx, admin, club.id, { name: 'Davi Filho', birthDate: '2014-05-01', guardianName: 'Resp de Davi', relationship: 'Pai' });
  ({ memberId: childId, profileId: childProfileId, guardian } = child);
  otherGuardian = await signUp(ctx.app, { name: 'Carla Souza' });
  await addGuardian(ctx.db, club.id, childProfileId, otherGuardian, { consent: true });
});
afterAll(() => ctx.close());

const familyUrl = (eventId: string) => `/api/family/children/${childId}/events/${eventId}/registration`;

async function chargesOf(eventId: string) {
  return ctx.db.query<{ id: string; amount: string; description: string; status: string; current: boolean }>(
    `SELECT ch.id, ch.amount::text AS amount, ch.description, CASE WHEN ch.cancelled_at IS NULL THEN 'open' ELSE 'cancelled' END AS status,
            r.cancelled_at IS NULL AS current
       FROM charges ch JOIN event_registrations r ON r.id = ch.event_registration_id
      WHERE ch.event_id = $1 AND ch.profile_id = $2 ORDER BY ch.due_date, ch.description`,
    [eventId, childProfileId],
  );
}

async function noticesTo(profileId: string, title: string) {
  return ctx.db.query<{ email_mode: string }>(`SELECT email_mode FROM notifications WHERE profile_id = $1 AND title = $2`, [profileId, title]);
}

describe(`event register/unregister loops on ${engineName()}`, () => {
  it('five loops leave one open charge, one notice and at most one e-mail for the other guardian; the reopen is audited', async () => {
    const ev = (await call(ctx.app, 'POST', `${base}/events`, { as: admin, body: event({ title: 'Passeio do Laço' }) })).json();
    const first = await call(ctx.app, 'POST', familyUrl(ev.id), { as: guardian });
    expect(first.statusCode).toBe(201);
    const [original] = first.json().charge_ids;
    for (let i = 0; i < 5; i++) {
      expect((await call(ctx.app, 'DELETE', familyUrl(ev.id), { as: guardian })).statusCode).toBe(200);
      const again = await call(ctx.app, 'POST', familyUrl(ev.id), { as: guardian });
      expect(again.statusCode).toBe(201);
      expect(again.json().charge_ids).toEqual([original]);
    }
    expect(await chargesOf(ev.id)).toEqual([{ id: original, amount: '90.00', description: 'Passeio do Laço', status: 'open', current: true }]);
    const notices = await noticesTo(otherGuardian.profile.id, 'Nova cobrança: Passeio do Laço');
    expect(notices).toHaveLength(1);
    expect(notices.filter((n) => n.email_mode !== 'off').length).toBeLessThanOrEqual(1);
    expect(await noticesTo(guardian.profile.id, 'Nova cobrança: Passeio do Laço')).toHaveLength(1);
    const audit = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'charge.reopen' AND entity_id = $1`, [original]);
    expect(audit[0].n).toBe(5);
    // The treasurer's list for the event: one charge.
    const list = (await call(ctx.app, 'GET', `${base}/debtors?event_id=${ev.id}`, { as: treasurer })).json();
    expect(list.members.map((m: { open_total: string }) => m.open_total)).toEqual(['90.00']);
    // Registering twice at once still lets only one through.
    await call(ctx.app, 'DELETE', familyUrl(ev.id), { as: guardian });
    const both = await Promise.all([call(ctx.app, 'POST', familyUrl(ev.id), { as: guardian }), call(ctx.app, 'POST', familyUrl(ev.id), { as: guardian })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.statusCode === 409)?.json().error.message).toBe(EVENT_MSG.alreadyRegistered);
    expect((await chargesOf(ev.id)).map((c) => [c.id, c.status, c.current])).toEqual([[original, 'open', true]]);
  });

  it('instalments keep their amounts; a paid charge is moved, never reopened nor written twice', async () => {
    const ev = (await call(ctx.app, 'POST', `${base}/events`, { as: admin, body: event({ title: 'Campori Laço', cost: '100,00', instalments: 3 }) })).json();
    const reg = (await call(ctx.app, 'POST', `${base}/events/${ev.id}/registrations`, { as: secretary, body: { member_id: childId } })).json();
    const ids: string[] = reg.charge_ids;
    expect((await call(ctx.app, 'POST', `${base}/charges/${ids[0]}/payments`, { as: treasurer, body: { amount: '33,34', cash_account_id: cash, method: 'pix' } })).statusCode).toBe(201);
    for (let i = 0; i < 3; i++) {
      expect((await call(ctx.app, 'DELETE', familyUrl(ev.id), { as: guardian })).json()).toEqual({ cancelled_charges: 2, kept_charges: 1 });
      expect((await call(ctx.app, 'POST', familyUrl(ev.id), { as: guardian })).json().charge_ids).toEqual(ids);
    }
    const charges = await chargesOf(ev.id);
    expect(charges.map((c) => [c.id, c.amount, c.status, c.current])).toEqual([
      [ids[0], '33.34', 'open', true], [ids[1], '33.33', 'open', true], [ids[2], '33.33', 'open', true],
    ]);
    const [paid] = await ctx.db.query<{ paid_amount: string; payments: number }>(
      `SELECT ch.paid_amount::text AS paid_amount, (SELECT count(*)::int FROM charge_payments p WHERE p.charge_id = ch.id) AS payments FROM charges ch WHERE ch.id = $1`, [ids[0]]);
    expect(paid).toEqual({ paid_amount: '33.34', payments: 1 });
    const reopened = await ctx.db.query<{ entity_id: string }>(`SELECT DISTINCT entity_id FROM audit_log WHERE action = 'charge.reopen' AND entity_id = ANY ($1::text[])`, [ids]);
    expect(reopened.map((r) => r.entity_id).sort()).toEqual([ids[1], ids[2]].sort());
    expect((await noticesTo(otherGuardian.profile.id, 'Nova cobrança: Campori Laço (parcela 2/3)'))).toHaveLength(1);
  });

  it('a charge the treasurer cancelled on her own is not reopened: the new registration gets new charges', async () => {
    const ev = (await call(ctx.app, 'POST', `${base}/events`, { as: admin, body: event({ title: 'Culto Laço', kind: 'culto_especial', cost: '20,00' }) })).json();
    const [old] = (await call(ctx.app, 'POST', familyUrl(ev.id), { as: guardian })).json().charge_ids;
    expect((await call(ctx.app, 'POST', `${base}/charges/${old}/cancel`, { as: treasurer, body: { reason: 'Isento' } })).statusCode).toBe(200);
    await call(ctx.app, 'DELETE', familyUrl(ev.id), { as: guardian });
    const again = (await call(ctx.app, 'POST', familyUrl(ev.id), { as: guardian })).json();
    expect(again.charge_ids).not.toContain(old);
    expect((await chargesOf(ev.id)).map((c) => [c.id === old, c.status])).toEqual([[true, 'cancelled'], [false, 'open']]);
  });

  it('permissions are unchanged: the other club and a stranger guardian get 404, the treasurer cannot register', async () => {
    const ev = (await call(ctx.app, 'POST', `${base}/events`, { as: admin, body: event({ title: 'Permissões Laço' }) })).json();
    const stranger = await signUp(ctx.app, { name: 'Estranho' });
    expect((await call(ctx.app, 'POST', familyUrl(ev.id), { as: stranger })).statusCode).toBe(404);
    expect((await call(ctx.app, 'POST', `${base}/events/${ev.id}/registrations`, { as: treasurer, body: { member_id: childId } })).statusCode).toBe(403);
    expect(await chargesOf(ev.id)).toEqual([]);
  });
});
