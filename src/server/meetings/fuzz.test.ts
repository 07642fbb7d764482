import { afterAll, beforeAll, describe } from 'vitest';
import { addMember, call, createTestApp, setUpClubWithMember, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { fuzzWriteRoutes, HOSTILE } from '../../../test/fuzz.js';

/** The meeting write routes never answer 5xx, and a refused body writes nothing (as src/server/fuzz.test.ts). */
let ctx: TestContext;
let admin: Session;
let clubId: string;
let meetingId: string;
let memberId: string;
let criterionId: string;
let seq = 0;

interface WriteRoute {
  method: 'POST' | 'PUT';
  url: () => string;
  /** SQL counting what the route may write. */
  count: string;
  valid: () => Record<string, unknown>;
}

const routes: Record<string, WriteRoute> = {
  meeting: {
    method: 'POST',
    url: () => `/api/clubs/${clubId}/meetings`,
    count: 'SELECT count(*)::int AS n FROM meetings',
    valid: () => ({ date: '2026-11-28', title: `Reunião ${++seq}`, type: 'regular', start_time: '15:00' }),
  },
  criterion: {
    method: 'POST',
    url: () => `/api/clubs/${clubId}/meeting-criteria`,
    count: 'SELECT count(*)::int AS n FROM meeting_criteria',
    valid: () => ({ name: `Critério ${++seq}`, points: 2, active: true, position: 9 }),
  },
  rule: {
    method: 'POST',
    url: () => `/api/clubs/${clubId}/meeting-rules`,
    count: 'SELECT (SELECT count(*) FROM meeting_rules) + (SELECT count(*) FROM meetings) AS n',
    valid: () => ({ title: `Regra ${++seq}`, type: 'regular', weekday: 6, start_time: '15:00' }),
  },
  attendance: {
    method: 'PUT',
    url: () => `/api/clubs/${clubId}/meetings/${meetingId}/attendance`,
    count: 'SELECT (SELECT count(*) FROM meeting_attendance) + (SELECT count(*) FROM point_events) AS n',
    // Alternating statuses, so a valid body always changes something.
    valid: () => ({ marks: [{ member_id: memberId, status: ++seq % 2 ? 'present' : 'absent', criteria: [criterionId] }] }),
  },
  mark: {
    method: 'PUT',
    url: () => `/api/clubs/${clubId}/meetings/${meetingId}/attendance`,
    count: 'SELECT (SELECT count(*) FROM meeting_attendance) + (SELECT count(*) FROM point_events) AS n',
    valid: () => ({ member_id: memberId, status: ++seq % 2 ? 'present' : 'absent', criteria: [criterionId], base_updated_at: null }),
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

const bodyOf = (name: string, b: Record<string, unknown>) => (name === 'mark' ? { marks: [b] } : b);

const hostile = { ...HOSTILE, farDate: '275760-09-13' };

beforeAll(async () => {
  ctx = await createTestApp();
  const setup = await setUpClubWithMember(ctx, 'Clube Fuzz Reuniões');
  admin = setup.admin;
  clubId = setup.club.id;
  const kid = await signUp(ctx.app, { name: 'Criança' });
  await addMember(ctx.db, clubId, kid.profile.id);
  [{ id: memberId }] = await ctx.db.query<{ id: string }>('SELECT id FROM club_members WHERE club_id = $1 AND profile_id = $2', [clubId, kid.profile.id]);
  meetingId = (await call(ctx.app, 'POST', `/api/clubs/${clubId}/meetings`, { as: admin, body: { date: '2026-11-21', title: 'Base' } })).json().id;
  criterionId = (await call(ctx.app, 'GET', `/api/clubs/${clubId}/meeting-criteria`, { as: admin })).json()[0].id;
});
afterAll(() => ctx.close());

describe(`hostile meeting bodies on ${engineName()}`, () => {
  fuzzWriteRoutes({
    routes,
    hostile,
    valid: (route) => route.valid(),
    send: (route, name, body) => send(route, bodyOf(name, body)),
    title: (_route, name) => name,
    seed: 15,
  });
});
