import { afterAll, beforeAll, describe } from 'vitest';
import { HOSTILE, HOSTILE_EXTRA, firstRow, fuzzWriteRoutes, watch } from '../../../test/fuzz.js';
import { call, createTestApp, testClubToday, type TestContext } from '../../../test/api.js';
import { setUpStaffedClub, type StaffedClub } from '../../../test/club.js';
import { engineName } from '../../../test/db.js';

/** The Associação's report writes through the one fuzz harness (test/fuzz.ts): no 5xx, a refusal writes nothing and speaks pt-BR. */
let ctx: TestContext;
let s: StaffedClub;
let draftId: string;
let seq = 0;
const [year, month] = testClubToday().split('-').map(Number);

interface WriteRoute {
  method: 'POST' | 'PUT';
  url: () => string;
  state: () => string;
  valid: () => Record<string, unknown>;
}

const routes: Record<string, WriteRoute> = {
  create: {
    method: 'POST',
    url: () => `${s.base}/associacao/reports`,
    state: () => `SELECT count(*)::int AS n FROM associacao_reports WHERE club_id = '${s.club.id}' AND month = ${month}`,
    valid: () => ({ period_kind: 'monthly', year, month }),
  },
  update: {
    method: 'PUT',
    url: () => `${s.base}/associacao/reports/${draftId}`,
    state: () => `SELECT overrides, notes FROM associacao_reports WHERE id = '${draftId}'`,
    valid: () => ({ overrides: [{ key: 'atas', value: String(++seq % 50), note: `Nota ${seq}` }], notes: `Observação ${seq}` }),
  },
};

async function send(route: WriteRoute, body: Record<string, unknown>) {
  // The create route refuses a repeat: the month's report goes before each try.
  if (route === routes.create) await ctx.db.query(`DELETE FROM associacao_reports WHERE club_id = $1 AND month = $2 AND status = 'draft'`, [s.club.id, month]);
  return watch(firstRow(ctx.db, route.state()), () => call(ctx.app, route.method, route.url(), { as: s.secretary, body }));
}

beforeAll(async () => {
  ctx = await createTestApp();
  s = await setUpStaffedClub(ctx, 'Fuzz Relatórios', { members: ['Kid Fuzz'] });
  const prev = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
  draftId = (await call(ctx.app, 'POST', `${s.base}/associacao/reports`, { as: s.secretary, body: { period_kind: 'monthly', ...prev } })).json().id;
});
afterAll(() => ctx.close());

describe(`hostile bodies on the report routes on ${engineName()}`, () => {
  fuzzWriteRoutes({
    routes,
    valid: (route) => route.valid(),
    send: (route, _name, body) => send(route, body),
    hostile: { ...HOSTILE, formula: HOSTILE_EXTRA.formula },
    seed: 48,
    numRuns: 60,
    title: (route, name) => `${route.method} ${name}`,
  });
});
