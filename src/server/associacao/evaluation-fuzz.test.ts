import { afterAll, beforeAll, describe } from 'vitest';
import { call, createTestApp, type TestContext } from '../../../test/api.js';
import { setUpStaffedClub, type StaffedClub } from '../../../test/club.js';
import { engineName } from '../../../test/db.js';
import { fuzzWatchedRoutes, type WatchedRoute } from '../../../test/fuzz.js';

/** The evaluation's write routes through the shared harness: no body answers 5xx, a refusal writes nothing and speaks pt-BR. */
let ctx: TestContext;
let s: StaffedClub;
let seq = 0;


const items = () => [
  { code: `c${++seq}`, title: `Item ${seq}`, points: seq % 500, deadline: '10/02', evidence: 'Fotos', proof: null, target: null },
  { code: 'atas', title: 'Atas', points: 200, deadline: '', evidence: '', proof: 'atas_diretoria', target: (seq % 12) + 1 },
];
const listState = () => `SELECT coalesce(string_agg(code || ':' || title || ':' || points, ',' ORDER BY position), '') AS items FROM club_evaluation_items WHERE club_id = '${s.club.id}'`;

const routes: Record<string, WatchedRoute> = {
  items: {
    method: 'PUT',
    url: () => `${s.base}/associacao/evaluation/items`,
    state: listState,
    valid: () => ({ items: items() }),
  },
  mark: {
    method: 'PUT',
    url: () => `${s.base}/associacao/evaluation/mark`,
    state: () => `SELECT count(*)::int AS n, coalesce(string_agg(note || marked_at::text, ','), '') AS marks FROM club_evaluation_marks WHERE club_id = '${s.club.id}'`,
    valid: () => ({ year: 2026, code: 'campori', done: ++seq % 2 === 0, note: `Nota ${seq}` }),
  },
  import: {
    method: 'POST',
    url: () => `${s.base}/associacao/evaluation/items/import`,
    state: listState,
    valid: () => ({ content: `código;título;pontos;prazo;evidência;prova;meta\ni${++seq};Item ${seq};${seq % 900};31/12;Fotos;;\n`, dry_run: false }),
  },
};

beforeAll(async () => {
  ctx = await createTestApp();
  s = await setUpStaffedClub(ctx, 'Fuzz Avaliação', { members: [] });
});
afterAll(() => ctx.close());

describe(`hostile bodies on the evaluation's routes on ${engineName()}`, () => {
  fuzzWatchedRoutes({
    routes,
    db: () => ctx.db,
    send: (method, url, body) => call(ctx.app, method, url, { as: s.secretary, body }),
    // The hand mark needs an item without a proof on the club's list (the platform's Campori).
    prepare: async (_route, name) => {
      if (name === 'mark') await call(ctx.app, 'DELETE', `${s.base}/associacao/evaluation/items`, { as: s.secretary });
    },
    seed: 4846,
    numRuns: 60,
  });
});
