import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { inviteChild } from '../../../test/club.js';
import { engineName } from '../../../test/db.js';
import { firstRow, fuzzWriteRoutes, HOSTILE, HOSTILE_EXTRA, watch } from '../../../test/fuzz.js';

/** The event routes' writes: no body answers 5xx, and a refused body changes nothing (style of src/server/fuzz.test.ts). */
let ctx: TestContext;
let admin: Session;
let guardian: Session;
let clubId: string;
let childId: string;
let eventId: string;
let familyEventId: string;
let itemId: string;
let registrationId: string;
let seq = 0;

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

interface WriteRoute {
  method?: 'POST' | 'PUT';
  as?: () => Session;
  url: () => string;
  state: () => string;
  valid: () => Record<string, unknown>;
  reset?: () => Promise<void>;
}

const eventBody = () => ({
  title: `Evento ${++seq}`, kind: 'acampamento', starts_on: day(30), ends_on: day(31), registration_deadline: day(20), place: 'Sítio',
  cost: '0', instalments: 1, places: 100, invited_unit_ids: [], invited_member_ids: [], checklist_items: ['Seguro'], description: 'Leve lanterna',
});

const routes: Record<string, WriteRoute> = {
  createEvent: {
    url: () => `/api/clubs/${clubId}/events`,
    state: () => 'SELECT count(*)::int AS n FROM events',
    valid: eventBody,
  },
  updateEvent: {
    method: 'PUT',
    url: () => `/api/clubs/${clubId}/events/${eventId}`,
    state: () => `SELECT title, kind, starts_on, ends_on, place, cost, places, description, (SELECT count(*)::int FROM event_checklist_items WHERE event_id = '${eventId}') AS items FROM events WHERE id = '${eventId}'`,
    valid: eventBody,
    reset: async () => {
      await ctx.db.query(`UPDATE events SET cancelled_at = NULL, cancel_reason = NULL WHERE id = $1`, [eventId]);
    },
  },
  cancelEvent: {
    url: () => `/api/clubs/${clubId}/events/${eventId}/cancel`,
    state: () => `SELECT cancelled_at, cancel_reason FROM events WHERE id = '${eventId}'`,
    valid: () => ({ reason: `Motivo ${++seq}` }),
    reset: async () => {
      await ctx.db.query(`UPDATE events SET cancelled_at = NULL, cancel_reason = NULL WHERE id = $1`, [eventId]);
    },
  },
  register: {
    url: () => `/api/clubs/${clubId}/events/${eventId}/registrations`,
    state: () => `SELECT count(*)::int AS n FROM event_registrations WHERE cancelled_at IS NULL`,
    valid: () => ({ member_id: childId }),
    reset: async () => {
      await ctx.db.query(`UPDATE event_registrations SET cancelled_at = now() WHERE event_id = $1 AND id <> $2`, [eventId, registrationId]);
      await ctx.db.query(`UPDATE events SET cancelled_at = NULL, cancel_reason = NULL WHERE id = $1`, [eventId]);
    },
  },
  tick: {
    method: 'PUT',
    url: () => `/api/clubs/${clubId}/events/${familyEventId}/registrations/${registrationId}/checklist/${itemId}`,
    state: () => `SELECT count(*)::int AS n, (SELECT count(*)::int FROM audit_log WHERE action = 'event.checklist') AS a FROM event_checklist_ticks`,
    valid: () => ({ done: seq++ % 2 === 0 }),
  },
  authorisationText: {
    method: 'PUT',
    url: () => `/api/clubs/${clubId}/event-authorisation-text`,
    state: () => `SELECT max(version) AS v FROM event_authorisation_texts WHERE club_id = '${clubId}'`,
    valid: () => ({ body: `Autorizo ${++seq}.` }),
  },
  sign: {
    as: () => guardian,
    url: () => `/api/family/children/${childId}/events/${familyEventId}/authorisation`,
    state: () => `SELECT count(*)::int AS n FROM event_authorisations WHERE revoked_at IS NULL`,
    valid: () => ({ signed_name: 'Responsável Fuzz', text_version: textVersion, confirm: true }),
    reset: async () => {
      await ctx.db.query(`UPDATE event_authorisations SET revoked_at = now() WHERE member_id = $1 AND revoked_at IS NULL`, [childId]);
      textVersion = (await ctx.db.query<{ v: number }>(`SELECT max(version) AS v FROM event_authorisation_texts WHERE club_id = $1`, [clubId]))[0].v;
    },
  },
};
let textVersion = 1;

const hostile = { ...HOSTILE, farDate: HOSTILE_EXTRA.farDate, formula: HOSTILE_EXTRA.formula };

async function send(route: WriteRoute, body: Record<string, unknown>) {
  await route.reset?.();
  return watch(firstRow(ctx.db, route.state()), () => call(ctx.app, route.method ?? 'POST', route.url(), { as: route.as?.() ?? admin, body }));
}

beforeAll(async () => {
  ctx = await createTestApp();
  await signUp(ctx.app, { name: 'Super Admin' });
  admin = await signUp(ctx.app, { name: 'Diretora' });
  clubId = (await createClub(ctx.app, admin, 'Fuzz Eventos')).id;
  ({ memberId: childId, guardian } = await inviteChild(ctx, admin, clubId, { name: 'Filho Fuzz', birthDate: '2014-01-01', guardianName: 'Resp', relationship: 'Pai' }));
  eventId = (await call(ctx.app, 'POST', `/api/clubs/${clubId}/events`, { as: admin, body: eventBody() })).json().id;
  const family = (await call(ctx.app, 'POST', `/api/clubs/${clubId}/events`, { as: admin, body: eventBody() })).json();
  familyEventId = family.id;
  itemId = family.checklist_items[0].id;
  registrationId = (await call(ctx.app, 'POST', `/api/family/children/${childId}/events/${familyEventId}/registration`, { as: guardian })).json().registration_id;
  expect(registrationId).toBeTruthy();
});
afterAll(() => ctx.close());

describe(`hostile bodies on the event routes on ${engineName()}`, () => {
  fuzzWriteRoutes({
    routes,
    hostile,
    valid: (route) => route.valid(),
    send: (route, _name, body) => send(route, body),
    prepare: async (route) => route.reset?.(),
    title: (route, name) => `${route.method ?? 'POST'} ${name}`,
    seed: 35,
  });

  it('the id-only routes answer < 500 for any id (registration, revocation, deletion)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 60 }), async (id) => {
        const e = encodeURIComponent(id);
        for (const [method, url, as] of [
          ['DELETE', `/api/clubs/${clubId}/events/${e}`, admin],
          ['DELETE', `/api/clubs/${clubId}/events/${eventId}/registrations/${e}`, admin],
          ['POST', `/api/family/children/${childId}/events/${e}/registration`, guardian],
          ['DELETE', `/api/family/children/${e}/events/${familyEventId}/authorisation`, guardian],
        ] as const) {
          const res = await call(ctx.app, method, url, { as });
          expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
        }
      }),
      { numRuns: 30, seed: 35 },
    );
  });
});
