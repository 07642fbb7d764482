import { afterAll, beforeAll, describe } from 'vitest';
import { call, createTestApp, type TestContext } from '../../../test/api.js';
import { setUpStaffedClub, type StaffedClub } from '../../../test/club.js';
import { engineName } from '../../../test/db.js';
import { HOSTILE, HOSTILE_EXTRA, firstRow, fuzzWriteRoutes, watch } from '../../../test/fuzz.js';

/** The regional share's write route through the shared harness: no body answers 5xx, a refusal writes nothing and speaks pt-BR. */
let ctx: TestContext;
let s: StaffedClub;
let seq = 0;

interface Route {
  url: () => string;
  state: () => string;
  valid: () => Record<string, unknown>;
}

const routes: Record<string, Route> = {
  share: {
    url: () => `${s.base}/associacao/regional-shares`,
    state: () => `SELECT count(*)::int AS n FROM regional_shares`,
    valid: () => ({ email: `coordenacao.${++seq}@regiao.org` }),
  },
};

beforeAll(async () => {
  ctx = await createTestApp();
  s = await setUpStaffedClub(ctx, 'Fuzz Regional', { members: [] });
});
afterAll(() => ctx.close());

describe(`hostile bodies on the regional share route on ${engineName()}`, () => {
  fuzzWriteRoutes<Route>({
    routes,
    hostile: { ...HOSTILE, ...HOSTILE_EXTRA },
    valid: (route) => route.valid(),
    send: (route, _name, body) => watch(firstRow(ctx.db, route.state()), () => call(ctx.app, 'POST', route.url(), { as: s.secretary, body })),
    title: (_route, name) => `POST ${name}`,
    seed: 48,
    numRuns: 60,
  });
});
