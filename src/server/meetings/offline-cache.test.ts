import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, setUpClubWithMember, type Session, type TestContext } from '../../../test/api.js';
import { ROLL_CALL_API_PATTERN, ROLL_CALL_API_ROUTES } from '../../web/lib/offline/roll-call-api.js';

// The service worker keeps the answers the roll call opens offline with (vite.config.ts). Its pattern
// is built from ROLL_CALL_API_ROUTES; here each route is asked of the server as the web app asks it.
let ctx: TestContext;
let admin: Session;
let clubId: string;
let meetingId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  let club: { id: string };
  ({ admin, club } = await setUpClubWithMember(ctx, 'Chamada offline'));
  clubId = club.id;
  const meeting = await call(ctx.app, 'POST', `/api/clubs/${clubId}/meetings`, { as: admin, body: { date: '2026-11-21', title: 'Reunião', type: 'regular' } });
  expect(meeting.statusCode).toBe(201);
  meetingId = meeting.json().id;
});
afterAll(() => ctx?.close());

const address = (route: string) => route.replace(':clubId', clubId).replace(':id', meetingId);

describe('the offline roll call keeps routes that exist', () => {
  it('every route the service worker keeps answers 200 to a director, and the pattern matches it', async () => {
    for (const route of ROLL_CALL_API_ROUTES) {
      const res = await call(ctx.app, 'GET', address(route), { as: admin });
      expect(res.statusCode, route).toBe(200);
      expect(ROLL_CALL_API_PATTERN.test(`https://trilha.exemplo.org${address(route)}`), route).toBe(true);
    }
    expect(ROLL_CALL_API_PATTERN.test(`https://trilha.exemplo.org/api/clubs/${clubId}/meetings?from=2026-11-01`)).toBe(true);
  });

  it('keeps nothing else: other club data, writes under the same prefix, other origins in a path', () => {
    for (const path of [`/api/clubs/${clubId}/members`, `/api/clubs/${clubId}/finance/summary`, `/api/clubs/${clubId}/meetings/${meetingId}`, '/api/auth/me/sessions', `/uploads/api/clubs/${clubId}`]) {
      expect(ROLL_CALL_API_PATTERN.test(`https://trilha.exemplo.org${path}`), path).toBe(false);
    }
    expect(ROLL_CALL_API_PATTERN.test(`https://outro.site/redirect?to=/api/clubs`)).toBe(false);
  });
});
