import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { buildXlsx } from '../../../test/xlsx.js';

/** Adding and importing members with a birth date (issue 43): no body answers 5xx, and a refused body writes nothing. */
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

const hostile: Record<string, unknown> = {
  empty: '', null: null, negative: -1, huge: 1e308, big: 'x'.repeat(200 * 1024), nul: 'a\u0000b', emoji: '🏕️🔥👩🏽‍🚀',
  wrongType: true, impossibleDate: '2026-02-31', future: '2999-01-01', old: '1899-12-31', brDate: '09/03/2014', array: ['a', 1], object: { a: { b: 'c' } },
  farDate: '275760-09-13T00:00:00.000Z',
};

const count = async () => (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM club_members WHERE club_id = $1`, [clubId]))[0]?.n;

async function send(route: Route, body: Record<string, unknown>) {
  const before = await count();
  const res = await call(ctx.app, 'POST', route.url(), { as: admin, body });
  return { status: res.statusCode, changed: before !== (await count()), body: res.body.slice(0, 200) };
}

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signUp(ctx.app, { name: 'Diretora Fuzz' });
  clubId = (await createClub(ctx.app, admin, 'Fuzz Membros')).id;
});
afterAll(() => ctx.close());

describe(`hostile bodies when adding or importing members on ${engineName()}`, () => {
  for (const [name, route] of Object.entries(routes)) {
    it(`${name}: each field replaced by each hostile value answers < 500, and a 4xx writes nothing`, async () => {
      expect((await send(route, route.valid())).status).toBeLessThan(300);
      const failures: unknown[] = [];
      for (const field of Object.keys(route.valid())) {
        for (const [label, value] of Object.entries(hostile)) {
          const r = await send(route, { ...route.valid(), [field]: value });
          if (r.status >= 500 || (r.status >= 400 && r.changed)) failures.push({ field, label, ...r });
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it('a birth date is stored only when it is a real past day (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)), fc.anything()), async (value) => {
        const r = await send(routes.add, { ...routes.add.valid(), birth_date: value });
        expect(r.status).toBeLessThan(500);
        if (r.status >= 400) expect(r.changed).toBe(false);
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
