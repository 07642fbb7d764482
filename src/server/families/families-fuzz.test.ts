import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { call, createTestApp, setUpClubWithMember, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { firstRow, fuzzWriteRoutes, HOSTILE, HOSTILE_EXTRA, watch } from '../../../test/fuzz.js';

/** The family routes' writes: no body answers 5xx, and a refused body writes nothing (style of src/server/fuzz.test.ts). */
let ctx: TestContext;
let admin: Session;
let clubId: string;
let memberId: string;
let seq = 0;

interface WriteRoute {
  method: 'POST' | 'PUT';
  url: () => string;
  /** A query whose answer must not change when the route refuses a body. */
  state: () => string;
  valid: () => Record<string, unknown>;
}

const routes: Record<string, WriteRoute> = {
  guardian: {
    method: 'POST',
    url: () => `/api/clubs/${clubId}/members/${memberId}/guardians`,
    state: () => 'SELECT count(*)::int AS n FROM member_guardians',
    valid: () => ({ full_name: 'Responsável Fuzz', email: `resp.${process.pid}.${++seq}@teste.com`, phone: '(11) 90000-0000', relationship: 'Mãe' }),
  },
  consentText: {
    method: 'PUT',
    url: () => `/api/clubs/${clubId}/consent-text`,
    state: () => 'SELECT count(*)::int AS n FROM consent_texts',
    valid: () => ({ body: `Termo ${++seq}` }),
  },
  memberFamily: {
    method: 'PUT',
    url: () => `/api/clubs/${clubId}/members/${memberId}/family`,
    state: () => `SELECT to_char(birth_date, 'YYYY-MM-DD') AS birth, health_access FROM club_members WHERE id = '${memberId}'`,
    valid: () => ({ birth_date: '1990-01-02', health_access: false }),
  },
  health: {
    method: 'PUT',
    url: () => `/api/clubs/${clubId}/members/${memberId}/health`,
    state: () => `SELECT count(*)::int AS n FROM audit_log WHERE action = 'health.update'`,
    valid: () => ({ blood_type: 'O+', allergies: 'Pólen', medications: '', conditions: '', health_plan: 'Plano', emergency_contacts: [{ name: 'Ana', phone: '11 9999-9999', relationship: 'Mãe' }] }),
  },
  childPush: {
    method: 'PUT',
    url: () => `/api/family/children/${memberId}/push`,
    state: () => `SELECT child_push_allowed, (SELECT count(*)::int FROM audit_log WHERE action LIKE 'child_push.%') AS n FROM member_guardians WHERE member_id = '${memberId}'`,
    valid: () => ({ allowed: ++seq % 2 === 0 }),
  },
  privacy: {
    method: 'PUT',
    url: () => `/api/clubs/${clubId}/privacy-settings`,
    state: () => 'SELECT count(*)::int AS n FROM audit_log WHERE action = \'privacy.update\'',
    valid: () => ({ controller_name: 'Clube', controller_contact: 'contato@clube.org', retention_text: 'Cinco anos.' }),
  },
};

const hostile = { ...HOSTILE, farDate: HOSTILE_EXTRA.farDate };

async function send(route: WriteRoute, body: Record<string, unknown>) {
  return watch(firstRow(ctx.db, route.state()), () => call(ctx.app, route.method, route.url(), { as: admin, body }));
}

beforeAll(async () => {
  ctx = await createTestApp();
  const setup = await setUpClubWithMember(ctx, 'Fuzz Família');
  admin = setup.admin;
  clubId = setup.club.id;
  const members = (await call(ctx.app, 'GET', `/api/clubs/${clubId}/members`, { as: admin })).json().members;
  memberId = members.find((m: { profile_id: string }) => m.profile_id === setup.member.profile.id).id;
  // The director is also the member's guardian, with consent in force, for the guardian's own routes.
  const [g] = await ctx.db.query<{ id: string }>(`INSERT INTO member_guardians (club_id, member_id, full_name, email, relationship, profile_id, accepted_at)
    VALUES ($1, $2, 'Diretor Responsável', $3, 'Pai', $4, now()) RETURNING id`, [clubId, memberId, admin.profile.email, admin.profile.id]);
  const [text] = await ctx.db.query<{ id: string; version: number }>(`SELECT id, version FROM consent_texts WHERE club_id = $1 ORDER BY version DESC LIMIT 1`, [clubId]);
  await ctx.db.query(`INSERT INTO member_consents (club_id, member_id, guardian_id, guardian_profile_id, consent_text_id, version) VALUES ($1, $2, $3, $4, $5, $6)`,
    [clubId, memberId, g?.id, admin.profile.id, text?.id, text?.version]);
});
afterAll(() => ctx.close());

describe(`hostile bodies on the family routes on ${engineName()}`, () => {
  fuzzWriteRoutes({
    routes,
    hostile,
    valid: (route) => route.valid(),
    send: (route, _name, body) => send(route, body),
    title: (route, name) => `${route.method} ${name}`,
    seed: 16,
    numRuns: 120,
  });

  it('the invitation acceptance refuses any body but the ticked box, without 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.anything({ withNullPrototype: false }), async (value) => {
        const res = await call(ctx.app, 'POST', `/api/guardian-invitations/${'t'.repeat(43)}/accept`, { as: admin, body: { accept: value, consent_version: value } });
        expect(res.statusCode).toBeLessThan(500);
      }),
      { numRuns: 60, seed: 16 },
    );
  });
});
