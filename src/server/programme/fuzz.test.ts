import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe } from 'vitest';
import { addMember, call, createTestApp, setUpClubWithMember, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { fuzzWriteRoutes, HOSTILE } from '../../../test/fuzz.js';

/** The programme's write routes never answer 5xx, and a refused body writes nothing (as src/server/fuzz.test.ts). */
let ctx: TestContext;
let admin: Session;
let clubId: string;
const kids: string[] = [];
let specialties: string[] = [];
let requirementId: string;
let seq = 0;

interface WriteRoute {
  method: 'POST' | 'PUT';
  url: () => string;
  /** SQL counting (or summing) what the route may write. */
  count: string;
  valid: () => Record<string, unknown>;
}

const P = () => `/api/clubs/${clubId}/programme`;
const routes: Record<string, WriteRoute> = {
  settings: {
    method: 'PUT',
    url: () => `${P()}/settings`,
    count: `SELECT coalesce(sum(points_per_requirement + points_per_class), 0)::int AS n FROM programme_settings`,
    // Alternating values, so a valid body always changes something.
    valid: () => ({ programmes: ['desbravadores'], points_per_requirement: ++seq % 2 ? 5 : 7, points_per_class: 50, points_per_specialty: 20 }),
  },
  requirement: {
    method: 'POST',
    url: () => `${P()}/items/AMIGO/requirements`,
    count: 'SELECT count(*)::int AS n FROM programme_requirements',
    valid: () => ({ section_code: 'G', text: `Requisito ${++seq}`, in_field: false, needs_evidence: false, link_specialty: null, link_area: null }),
  },
  edit: {
    method: 'PUT',
    url: () => `${P()}/requirements/${requirementId}`,
    count: `SELECT count(*)::int AS n FROM audit_log WHERE action = 'programme.requirement_update'`,
    valid: () => ({ section_code: 'DE', text: `Texto ${++seq}`, in_field: true, needs_evidence: true, link_specialty: null, link_area: 'EN' }),
  },
  enrolment: {
    method: 'POST',
    url: () => `${P()}/enrolments`,
    count: 'SELECT count(*)::int AS n FROM programme_enrolments',
    valid: () => ({ member_id: kids[++seq % kids.length], item_code: `HM-${String(1 + (seq % 90)).padStart(3, '0')}` }),
  },
  signature: {
    method: 'POST',
    url: () => `${P()}/signatures`,
    count: 'SELECT (SELECT count(*) FROM programme_signatures) + (SELECT count(*) FROM point_events) AS n',
    // client_id: the grid's offline queue (each valid body a new one, so it signs again).
    valid: () => ({ requirement_id: requirementId, member_ids: [kids[++seq % kids.length]], signed_on: '2026-01-10', note: 'ok', client_id: randomUUID() }),
  },
  import: {
    method: 'POST',
    url: () => `${P()}/requirements/import`,
    count: `SELECT (SELECT count(*) FROM audit_log WHERE action = 'programme.requirement_import') + (SELECT count(*) FROM programme_requirements) AS n`,
    valid: () => ({ format: 'csv', content: `item;seção;texto\nHM-010;G;Passo ${++seq}`, dry_run: false }),
  },
  bulkEnrolment: {
    method: 'POST',
    url: () => `${P()}/enrolments/bulk`,
    count: 'SELECT count(*)::int AS n FROM programme_enrolments',
    // Each valid body a new especialidade, so it enrols again.
    valid: () => ({ member_ids: [...kids], item_code: specialties[100 + (++seq % 400)] }),
  },
  instructorItems: {
    method: 'PUT',
    url: () => `${P()}/members/${kids[0]}/instructor-items`,
    count: `SELECT count(*)::int AS n FROM audit_log WHERE action = 'programme.instructors'`,
    valid: () => ({ item_codes: ['AMIGO', specialties[++seq % 50]] }),
  },
  instructors: {
    method: 'PUT',
    url: () => `${P()}/items/AMIGO/instructors`,
    count: `SELECT count(*)::int AS n FROM audit_log WHERE action = 'programme.instructors'`,
    valid: () => ({ member_ids: [kids[++seq % kids.length]] }),
  },
};

async function rows(sql: string): Promise<number> {
  const [row] = await ctx.db.query<{ n: number }>(sql);
  return Number(row.n);
}

async function send(route: WriteRoute, body: unknown) {
  const before = await rows(route.count);
  const res = await call(ctx.app, route.method, route.url(), { as: admin, body });
  return { status: res.statusCode, changed: (await rows(route.count)) !== before, body: res.body };
}

const hostile = { ...HOSTILE, formula: '=HYPERLINK("x")' };

beforeAll(async () => {
  ctx = await createTestApp();
  const setup = await setUpClubWithMember(ctx, 'Clube Fuzz Programa');
  admin = setup.admin;
  clubId = setup.club.id;
  for (const name of ['Ana', 'Bia', 'Caio']) {
    const kid = await signUp(ctx.app, { name });
    await addMember(ctx.db, clubId, kid.profile.id);
    const [{ id }] = await ctx.db.query<{ id: string }>('SELECT id FROM club_members WHERE club_id = $1 AND profile_id = $2', [clubId, kid.profile.id]);
    kids.push(id);
    await call(ctx.app, 'POST', `${P()}/enrolments`, { as: admin, body: { member_id: id, item_code: 'AMIGO' } });
  }
  specialties = (await ctx.db.query<{ code: string }>(`SELECT code FROM programme_items WHERE kind = 'specialty' ORDER BY code`)).map((r) => r.code);
  requirementId = (await call(ctx.app, 'POST', `${P()}/items/AMIGO/requirements`, { as: admin, body: { section_code: 'G', text: 'Base' } })).json().id;
});
afterAll(() => ctx.close());

describe(`hostile programme bodies on ${engineName()}`, () => {
  fuzzWriteRoutes({
    routes,
    hostile,
    valid: (route) => route.valid(),
    send: (route, _name, body) => send(route, body),
    prepare: async (_route, name) => {
      // The signature route signs each kid once; undo them first so the valid body writes again.
      if (name === 'signature') await ctx.db.query('DELETE FROM programme_signatures');
    },
    title: (_route, name) => name,
    seed: 34,
  });
});
