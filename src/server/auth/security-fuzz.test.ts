import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { call, createClub, createTestApp, signUp, uniqueEmail, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';

/**
 * The write routes of password recovery, two-step verification, sessions and e-mail change: no body
 * answers 5xx, and a refused body changes nothing (issue 11's rule, for issue 13's routes).
 */
let ctx: TestContext;
let me: Session;
let clubId: string;
let ip = 0;

interface Route {
  method: 'POST' | 'PUT';
  url: () => string;
  anonymous?: boolean;
  valid: () => Record<string, unknown>;
}

const routes: Record<string, Route> = {
  forgot: { method: 'POST', url: () => '/api/auth/password/forgot', anonymous: true, valid: () => ({ email: uniqueEmail('fz') }) },
  resetCheck: { method: 'POST', url: () => '/api/auth/password/reset/check', anonymous: true, valid: () => ({ token: 'abc' }) },
  reset: { method: 'POST', url: () => '/api/auth/password/reset', anonymous: true, valid: () => ({ token: 'abc', password: 'segredo456', confirm_password: 'segredo456' }) },
  challenge: { method: 'POST', url: () => '/api/auth/mfa/challenge', valid: () => ({ code: '123456' }) },
  verify: { method: 'POST', url: () => '/api/auth/mfa/verify', valid: () => ({ code: '123456' }) },
  disable: { method: 'POST', url: () => '/api/auth/mfa/disable', valid: () => ({ code: '123456' }) },
  recoveryCodes: { method: 'POST', url: () => '/api/auth/mfa/recovery-codes', valid: () => ({ code: '123456' }) },
  changePassword: { method: 'POST', url: () => '/api/auth/password/change', valid: () => ({ current_password: 'errada', password: 'segredo456', confirm_password: 'segredo456' }) },
  changeEmail: { method: 'POST', url: () => '/api/auth/email/change', valid: () => ({ new_email: uniqueEmail('novo'), current_password: 'errada' }) },
  confirmEmail: { method: 'POST', url: () => '/api/auth/email/confirm', anonymous: true, valid: () => ({ token: 'abc' }) },
  clubSecurity: { method: 'PUT', url: () => `/api/clubs/${clubId}/security`, valid: () => ({ require_mfa_admins: false }) },
};

const hostile: Record<string, unknown> = {
  empty: '', null: null, negative: -1, huge: 1e308, big: 'x'.repeat(200 * 1024), nul: 'a\u0000b', emoji: '🏕️🔥👩🏽‍🚀',
  wrongType: true, array: ['a', 1], object: { a: { b: 'c' } }, spaces: '   ', sql: "'; DROP TABLE profiles; --",
};

/** Everything these routes could change, in one string. */
async function fingerprint(): Promise<string> {
  const [row] = await ctx.db.query<{ f: string }>(`
    SELECT concat_ws('|',
      (SELECT count(*) FROM mail_queue), (SELECT count(*) FROM password_reset_tokens), (SELECT count(*) FROM mfa_factors),
      (SELECT count(*) FROM mfa_recovery_codes), (SELECT count(*) FROM email_change_tokens), (SELECT count(*) FROM sessions),
      (SELECT md5(string_agg(coalesce(email, '') || coalesce(password_hash, ''), ',' ORDER BY id)) FROM profiles),
      (SELECT md5(string_agg(require_mfa_admins::text, ',' ORDER BY id)) FROM clubs)) AS f`);
  return row.f;
}

async function send(route: Route, body: unknown) {
  const before = await fingerprint();
  ip += 1;
  const res = await call(ctx.app, route.method, route.url(), { as: route.anonymous ? null : me, body, from: `10.66.${Math.floor(ip / 250) % 250}.${(ip % 250) + 1}` });
  const after = await fingerprint();
  return { status: res.statusCode, changed: before !== after, body: res.body.slice(0, 200) };
}

beforeAll(async () => {
  ctx = await createTestApp();
  await signUp(ctx.app, { name: 'Super' });
  me = await signUp(ctx.app, { email: uniqueEmail('fuzz-me') });
  clubId = (await createClub(ctx.app, me, 'Clube Fuzz Segurança')).id;
});
afterAll(() => ctx.close());

describe(`hostile bodies on the account security routes (${engineName()})`, () => {
  for (const [name, route] of Object.entries(routes)) {
    it(`${route.method} ${name}: each field replaced by each hostile value answers < 500, and a 4xx changes nothing`, async () => {
      const failures: unknown[] = [];
      for (const field of Object.keys(route.valid())) {
        for (const [label, value] of Object.entries(hostile)) {
          const r = await send(route, { ...route.valid(), [field]: value });
          if (r.status >= 500 || (r.status >= 400 && r.changed)) failures.push({ field, label, ...r });
        }
      }
      for (const body of [null, [], 'texto', 42]) {
        const r = await send(route, body);
        if (r.status >= 500 || r.changed) failures.push({ sent: body, ...r });
      }
      expect(failures).toEqual([]);
    });
  }

  it('random values in random fields never answer 5xx (fast-check)', async () => {
    const names = Object.keys(routes);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...names), fc.nat(), fc.anything({ withNullPrototype: false }), async (name, pick, value) => {
        const route = routes[name];
        const body = route.valid();
        const fields = Object.keys(body);
        const r = await send(route, { ...body, [fields[pick % fields.length]]: value });
        expect(r.status).toBeLessThan(500);
        if (r.status >= 400) expect(r.changed).toBe(false);
      }),
      { numRuns: 120, seed: 13 },
    );
  });
});
