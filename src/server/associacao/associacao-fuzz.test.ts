import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { call, createTestApp, type TestContext } from '../../../test/api.js';
import { memberIdOf, setUpStaffedClub, type StaffedClub } from '../../../test/club.js';
import { engineName } from '../../../test/db.js';
import { firstRow, fuzzWriteRoutes, HOSTILE, HOSTILE_EXTRA, watch } from '../../../test/fuzz.js';

/** The Associação's write routes through the one fuzz harness (test/fuzz.ts): no 5xx, a refusal writes nothing and speaks pt-BR. */
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

beforeAll(async () => {
  ctx = await createTestApp();
  s = await setUpStaffedClub(ctx, 'Fuzz Associação', { members: ['Kid Fuzz'] });
  kidId = await memberIdOf(ctx.db, s.club.id, s.members[0].profile.id);
  adultId = await memberIdOf(ctx.db, s.club.id, s.treasurer.profile.id);
});
afterAll(() => ctx.close());

describe(`hostile bodies on the Associação routes on ${engineName()}`, () => {
  fuzzWriteRoutes({
    routes,
    hostile: { ...HOSTILE, farDate: HOSTILE_EXTRA.farDate, formula: HOSTILE_EXTRA.formula },
    valid: (route) => route.valid(),
    send: (route, _name, body) => watch(firstRow(ctx.db, route.state()), () => call(ctx.app, route.method ?? 'PUT', route.url(), { as: s.secretary, body })),
    title: (route, name) => `${route.method ?? 'PUT'} ${name}`,
    seed: 48,
    numRuns: 80,
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
