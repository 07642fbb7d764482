import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { fuzzWriteRoutes, HOSTILE, HOSTILE_EXTRA, refusalProblems, watch } from '../../../test/fuzz.js';
import { buildXlsx } from '../../../test/xlsx.js';

/** Adding and importing members with a birth date (issue 43), through the one fuzz harness (test/fuzz.ts): no 5xx, a refusal writes nothing and speaks pt-BR. */
let ctx: TestContext;
let admin: Session;
let clubId: string;
let seq = 0;

const routes = {
  add: { url: () => `/api/clubs/${clubId}/members`, valid: (): Record<string, unknown> => ({ mode: 'accountless', full_name: `Fuzz ${++seq}`, birth_date: '2014-03-09', role: 'member' }) },
  import: {
    url: () => `/api/clubs/${clubId}/members/import`,
    valid: (): Record<string, unknown> => ({ xlsx: Buffer.from(buildXlsx([['nome', 'nascimento'], [`Planilha ${++seq}`, { date: '2013-05-01' }]])).toString('base64'), dry_run: false }),
  },
};
type Route = (typeof routes)[keyof typeof routes];

/** Birth dates in the future, before 1900 and in Brazil's own order, besides the usual hostile values. */
const hostile = { ...HOSTILE, future: '2999-01-01', old: '1899-12-31', brDate: '09/03/2014', farDate: HOSTILE_EXTRA.farDate };

const count = async () => (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM club_members WHERE club_id = $1`, [clubId]))[0]?.n;

async function send(route: Route, body: Record<string, unknown>) {
  return watch(count, () => call(ctx.app, 'POST', route.url(), { as: admin, body }));
}

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signUp(ctx.app, { name: 'Diretora Fuzz' });
  clubId = (await createClub(ctx.app, admin, 'Fuzz Membros')).id;
});
afterAll(() => ctx.close());

describe(`hostile bodies when adding or importing members on ${engineName()}`, () => {
  fuzzWriteRoutes({ routes, hostile, valid: (route) => route.valid(), send: (route, _name, body) => send(route, body), seed: 43 });

  it('a birth date is stored only when it is a real past day (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)), fc.anything()), async (value) => {
        const r = await send(routes.add, { ...routes.add.valid(), birth_date: value });
        expect(refusalProblems(r), r.body.slice(0, 200)).toEqual([]);
        const today = new Date().toISOString().slice(0, 10);
        const real = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && value >= '1900-01-01' && value <= today && !Number.isNaN(Date.parse(value))
          && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
        const none = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
        expect(r.status, JSON.stringify(value)).toBe(real || none ? 201 : 400);
      }),
      { numRuns: 120, seed: 43 },
    );
  });
});
