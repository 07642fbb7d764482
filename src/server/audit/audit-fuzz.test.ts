import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { call, createTestApp, setUpClubWithMember, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';

/**
 * The audit lists' query strings (limit, after and each filter) never make the server answer 5xx:
 * anything is a page (200) or a pt-BR 400, and a page never holds more lines than asked.
 */
let ctx: TestContext;
let superAdmin: Session;
let director: Session;
let clubId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const setup = await setUpClubWithMember(ctx, 'Fuzz Auditoria');
  director = setup.admin;
  clubId = setup.club.id;
  // A second super admin, with a session of our own, for the platform list.
  superAdmin = await signUp(ctx.app, { name: 'Outra Super Admin' });
  await ctx.db.query(`UPDATE profiles SET user_type = 'super_admin' WHERE id = $1`, [superAdmin.profile.id]);
  await ctx.db.query(
    `INSERT INTO audit_log (club_id, actor_id, action, entity, at)
     SELECT $1, $2, (ARRAY['member.add', 'transaction.delete', 'points.adjust', 'health.read'])[1 + g % 4], 'x', now() - g * interval '7 hours'
       FROM generate_series(1, 60) g`,
    [clubId, director.profile.id],
  );
});
afterAll(() => ctx.close());

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v) ?? 'null').toString('base64url');
const hostile = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 10 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom('', ' ', 'member', 'transaction', 'transaction.delete', 'health', 'lgpd.deletion.request', 'a.b.c.d.e', 'savings_goal', '2026-02-30',
    '2026-03-01', '1900-01-01', '9999-12-31', '00000000-0000-4000-8000-000000000000', '%', '_', '\\', "'", '0', '200', '201', '-1', 'NaN', '1e3', '\u0000'),
  fc.jsonValue().map(b64),
  fc.tuple(fc.string(), fc.string()).map(b64),
  fc.tuple(fc.date({ noInvalidDate: true }).map((d) => d.toISOString().replace('T', ' ').replace('Z', '+00')), fc.uuid()).map(b64),
);

const lists = {
  club: { path: () => `/api/clubs/${clubId}/audit`, keys: ['limit', 'after', 'action', 'actor_id', 'from', 'to'] },
  platform: { path: () => '/api/admin/audit', keys: ['limit', 'after', 'action', 'club_id', 'from', 'to'] },
} as const;

describe(`audit list query strings on ${engineName()}`, () => {
  it('never answer 5xx; a 400 carries a pt-BR message; a page respects the limit', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('club', 'platform') as fc.Arbitrary<keyof typeof lists>,
        fc.array(fc.tuple(fc.nat(), hostile), { minLength: 1, maxLength: 4 }),
        async (list, params) => {
          const { path, keys } = lists[list];
          const qs = new URLSearchParams();
          for (const [pick, value] of params) qs.append(keys[pick % keys.length] ?? 'limit', value);
          const res = await call(ctx.app, 'GET', `${path()}?${qs.toString()}`, { as: list === 'club' ? director : superAdmin });
          expect(res.statusCode, `${list}?${qs.toString()} → ${res.body}`).toBeLessThan(500);
          if (res.statusCode === 400) {
            const message: string = res.json().error.message;
            expect(message.length).toBeGreaterThan(0);
            // Zod's English defaults ('Invalid input', 'Expected …', 'Too big') never reach the user.
            expect(message).not.toMatch(/invalid|expected|too (big|small)|received|must|string|number/i);
          } else {
            expect(res.statusCode, res.body).toBe(200);
            const body = res.json();
            const limit = Number(qs.getAll('limit').at(-1) ?? NaN);
            expect(body.entries.length).toBeLessThanOrEqual(Number.isInteger(limit) ? limit : 50);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
