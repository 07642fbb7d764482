import { afterAll, beforeAll, describe } from 'vitest';
import { call, createTestApp, type TestContext } from '../../../test/api.js';
import { setUpStaffedClub, type StaffedClub } from '../../../test/club.js';
import { engineName } from '../../../test/db.js';
import { fuzzWatchedRoutes, type WatchedRoute } from '../../../test/fuzz.js';

/** The year's plan's write routes through the shared harness: no body answers 5xx, a refusal writes nothing and speaks pt-BR. */
let ctx: TestContext;
let s: StaffedClub;
let entryId = '';
let seq = 0;


const routes: Record<string, WatchedRoute> = {
  entry: {
    method: 'POST',
    url: () => `${s.base}/associacao/calendar/entries`,
    state: () => `SELECT count(*)::int AS n FROM club_calendar_entries`,
    valid: () => ({ kind: 'holiday', title: `Feriado ${++seq}`, starts_on: '2027-04-21', ends_on: '2027-04-21', notes: 'Tiradentes' }),
  },
  editEntry: {
    method: 'PUT',
    url: () => `${s.base}/associacao/calendar/entries/${entryId}`,
    state: () => `SELECT kind, title, starts_on, ends_on, notes FROM club_calendar_entries WHERE id = '${entryId}'`,
    valid: () => ({ kind: 'break', title: `Recesso ${++seq}`, starts_on: '2027-07-10', ends_on: `2027-07-${10 + (seq % 18)}`, notes: null }),
  },
  import: {
    method: 'POST',
    url: () => `${s.base}/associacao/calendar/import`,
    state: () => `SELECT count(*)::int AS n FROM club_calendar_entries`,
    valid: () => ({ format: 'csv', content: `data;nome;tipo\n0${(++seq % 9) + 1}/05/2027;Data ${seq};associação\n`, kind: 'associacao', dry_run: false }),
  },
  plan: {
    method: 'PUT',
    url: () => `${s.base}/associacao/plan`,
    state: () => `SELECT goals, signed_on FROM club_annual_plans`,
    valid: () => ({ year: 2027, goals: `Meta ${++seq}`, signed_on: `2026-0${(seq % 9) + 1}-01` }),
  },
};

beforeAll(async () => {
  ctx = await createTestApp();
  s = await setUpStaffedClub(ctx, 'Fuzz Plano', { members: [] });
  entryId = (await call(ctx.app, 'POST', `${s.base}/associacao/calendar/entries`, { as: s.secretary, body: { kind: 'break', title: 'Recesso', starts_on: '2027-07-10' } })).json().id;
});
afterAll(() => ctx.close());

describe(`hostile bodies on the year's plan routes on ${engineName()}`, () => {
  fuzzWatchedRoutes({
    routes,
    db: () => ctx.db,
    send: (method, url, body) => call(ctx.app, method, url, { as: s.secretary, body }),
    seed: 48,
    numRuns: 60,
  });
});
