import { afterAll, beforeAll, describe } from 'vitest';
import { call, createTestApp, setUpClubWithMember, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { fuzzListQueries } from '../../../test/fuzz.js';

/**
 * The audit lists' query strings (limit, after and each filter) never make the server answer 5xx:
 * anything is a page (200) or a pt-BR 400, and a page never holds more lines than asked (test/fuzz.ts).
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

describe(`audit list query strings on ${engineName()}`, () => {
  const entries = (page: Record<string, unknown>) => page.entries as unknown[];
  fuzzListQueries({
    lists: {
      club: { keys: ['limit', 'after', 'action', 'actor_id', 'from', 'to'], get: (query) => call(ctx.app, 'GET', `/api/clubs/${clubId}/audit?${query}`, { as: director }), rows: entries },
      platform: { keys: ['limit', 'after', 'action', 'club_id', 'from', 'to'], get: (query) => call(ctx.app, 'GET', `/api/admin/audit?${query}`, { as: superAdmin }), rows: entries },
    },
    words: ['member', 'transaction', 'transaction.delete', 'health', 'lgpd.deletion.request', 'a.b.c.d.e', 'savings_goal'],
    defaultLimit: 50,
  });
});
