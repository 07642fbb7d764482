import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { call, createTestApp, type TestContext } from '../../../test/api.js';
import { memberIdOf, setUpStaffedClub, type StaffedClub } from '../../../test/club.js';
import { engineName } from '../../../test/db.js';

/** The Associação's write routes: no body answers 5xx, and a refused body changes nothing (style of events-fuzz.test.ts). */
let ctx: TestContext;
let s: StaffedClub;
let kidId: string;
let adultId: string;
let seq = 0;

interface WriteRoute {
  method?: 'POST' | 'PUT';
  url: () => string;
  state: () => string;
  valid: () => Record<string, unknown>;
}

const routes: Record<string, WriteRoute> = {
  sgc: {
    url: () => `${s.base}/associacao/members/${kidId}/sgc`,
    state: () => `SELECT s.*, cm.birth_date FROM club_members cm LEFT JOIN sgc_member_records s ON s.member_id = cm.id WHERE cm.id = '${kidId}'`,
    valid: () => ({ birth_date: '2013-05-0' + ((++seq % 9) + 1), sex: seq % 2 ? 'F' : 'M', cpf: '529.982.247-25', cpf_owner: 'member', rg: `RG ${seq}`, address: `Rua ${seq}`, phone: '11987654321', guardian_name: 'Mãe' }),
  },
  insurance: {
    url: () => `${s.base}/associacao/members/${adultId}/insurance`,
    state: () => `SELECT * FROM member_insurance WHERE member_id = '${adultId}'`,
    valid: () => ({ year: 2027, insured: true, policy_number: `AP-${++seq}`, insured_on: '2027-01-10' }),
  },
  post: {
    method: 'POST',
    url: () => `${s.base}/associacao/diretoria`,
    state: () => `SELECT count(*)::int AS n FROM diretoria_posts`,
    valid: () => ({ post: 'chaplain', member_id: adultId, starts_on: '2026-01-01', ends_on: `2027-0${(++seq % 9) + 1}-01` }),
  },
  deadline: {
    url: () => `${s.base}/associacao/deadline`,
    state: () => `SELECT * FROM associacao_settings WHERE club_id = '${s.club.id}'`,
    valid: () => ({ month: 2, day: (++seq % 28) + 1 }),
  },
};

const hostile: Record<string, unknown> = {
  empty: '', null: null, negative: -1, huge: 1e308, big: 'x'.repeat(200 * 1024), nul: 'a\u0000b', emoji: '🏕️🔥👩🏽‍🚀',
  wrongType: true, impossibleDate: '2026-02-31', array: ['a', 1], object: { a: { b: 'c' } }, farDate: '275760-09-13T00:00:00.000Z',
  formula: '=HYPERLINK("http://x")',
};

async function send(route: WriteRoute, body: Record<string, unknown>) {
  const [before] = await ctx.db.query(route.state());
  const res = await call(ctx.app, route.method ?? 'PUT', route.url(), { as: s.secretary, body });
  const [after] = await ctx.db.query(route.state());
  return { status: res.statusCode, changed: JSON.stringify(before) !== JSON.stringify(after), body: res.body.slice(0, 200) };
}

beforeAll(async () => {
  ctx = await createTestApp();
  s = await setUpStaffedClub(ctx, 'Fuzz Associação', { members: ['Kid Fuzz'] });
  kidId = await memberIdOf(ctx.db, s.club.id, s.members[0].profile.id);
  adultId = await memberIdOf(ctx.db, s.club.id, s.treasurer.profile.id);
});
afterAll(() => ctx.close());

describe(`hostile bodies on the Associação routes on ${engineName()}`, () => {
  for (const [name, route] of Object.entries(routes)) {
    it(`${route.method ?? 'PUT'} ${name}: each field replaced by each hostile value answers < 500, and a 4xx changes nothing`, async () => {
      expect((await send(route, route.valid())).status).toBeLessThan(300);
      const failures: unknown[] = [];
      for (const field of Object.keys(route.valid())) {
        for (const [label, value] of Object.entries(hostile)) {
          const r = await send(route, { ...route.valid(), [field]: value });
          if (r.status >= 500 || (r.status >= 400 && r.changed)) failures.push({ field, label, ...r });
          if (label === 'nul' && r.status !== 400) failures.push({ field, label, expected: 400, ...r });
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it('random values in random fields never answer 5xx, and a refusal writes nothing (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...Object.keys(routes)), fc.nat(), fc.anything({ withNullPrototype: false }), async (name, pick, value) => {
        const route = routes[name];
        const body = route.valid();
        const fields = Object.keys(body);
        const r = await send(route, { ...body, [fields[pick % fields.length]]: value });
        expect(r.status).toBeLessThan(500);
        if (r.status >= 400) expect(r.changed).toBe(false);
      }),
      { numRuns: 80, seed: 48 },
    );
  });

  it('any member id answers < 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 60 }), async (id) => {
        const res = await call(ctx.app, 'PUT', `${s.base}/associacao/members/${encodeURIComponent(id)}/insurance`, { as: s.secretary, body: { year: 2027, insured: false } });
        expect(res.statusCode).toBeLessThan(500);
      }),
      { numRuns: 30, seed: 48 },
    );
  });
});
