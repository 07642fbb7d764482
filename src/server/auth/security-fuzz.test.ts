import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createClub, createTestApp, signUp, uniqueEmail, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { fuzzWriteRoutes, HOSTILE, HOSTILE_EXTRA, refusalProblems, watch } from '../../../test/fuzz.js';

/**
 * The write routes of password recovery, two-step verification, sessions and e-mail change: no body
 * answers 5xx, and a refused body changes nothing (issue 11's rule, for issue 13's routes), through the one fuzz
 * harness (test/fuzz.ts).
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
  ip += 1;
  const from = `10.66.${Math.floor(ip / 250) % 250}.${(ip % 250) + 1}`;
  return watch(fingerprint, () => call(ctx.app, route.method, route.url(), { as: route.anonymous ? null : me, body, from }));
}

beforeAll(async () => {
  ctx = await createTestApp();
  await signUp(ctx.app, { name: 'Super' });
  me = await signUp(ctx.app, { email: uniqueEmail('fuzz-me') });
  clubId = (await createClub(ctx.app, me, 'Clube Fuzz Segurança')).id;
});
afterAll(() => ctx.close());

describe(`hostile bodies on the account security routes (${engineName()})`, () => {
  // The valid bodies carry no live token or code: they are refused too, and must be refused well.
  fuzzWriteRoutes({
    routes,
    hostile: { ...HOSTILE, spaces: HOSTILE_EXTRA.spaces, sql: HOSTILE_EXTRA.sql },
    acceptsValid: false,
    valid: (route) => route.valid(),
    send: (route, _name, body) => send(route, body),
    title: (route, name) => `${route.method} ${name}`,
    seed: 13,
    numRuns: 120,
  });

  it('a body that is not an object (null, an array, text, a number) answers < 500 and writes nothing, on every route', async () => {
    const failures: unknown[] = [];
    for (const [name, route] of Object.entries(routes)) {
      for (const body of [null, [], 'texto', 42]) {
        const r = await send(route, body);
        const problems = [...refusalProblems(r), ...(r.changed ? ['wrote'] : [])];
        if (problems.length > 0) failures.push({ name, sent: body, problems, status: r.status, body: r.body.slice(0, 200) });
      }
    }
    expect(failures).toEqual([]);
  });
});
