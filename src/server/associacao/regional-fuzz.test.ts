import { afterAll, beforeAll, describe } from 'vitest';
import { call, createTestApp, type TestContext } from '../../../test/api.js';
import { setUpStaffedClub, type StaffedClub } from '../../../test/club.js';
import { engineName } from '../../../test/db.js';
import { fuzzWatchedRoutes, type WatchedRoute } from '../../../test/fuzz.js';

/** The regional share's write route through the shared harness: no body answers 5xx, a refusal writes nothing and speaks pt-BR. */
let ctx: TestContext;
let s: StaffedClub;
let seq = 0;


const routes: Record<string, WatchedRoute> = {
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
  fuzzWatchedRoutes({
    routes,
    db: () => ctx.db,
    send: (method, url, body) => call(ctx.app, method, url, { as: s.secretary, body }),
    seed: 48,
    numRuns: 60,
  });
});
