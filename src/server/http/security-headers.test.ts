import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from '../app.js';
import { engineName } from '../../../test/db.js';
import { NO_LIMITS, call, createClub, createTestApp, signUp, type TestContext } from '../../../test/api.js';
import { securityHeaders, SECURITY_HEADERS_OPTIONS } from './security-headers.js';

// Every answer — API JSON, a refusal, a page of the app, a kept answer sent compressed — carries the
// content security policy and the other protection headers, exactly as helmet writes them.
const EXPECTED: Record<string, string> = {
  'content-security-policy': "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'none';"
    + "img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

function expectProtected(headers: Record<string, unknown>) {
  for (const [name, value] of Object.entries(EXPECTED)) expect(headers[name], name).toBe(value);
  expect(headers['cross-origin-embedder-policy']).toBeUndefined();
  expect(headers['x-powered-by']).toBeUndefined();
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe(`security headers on ${engineName()}`, () => {
  it('helmet writes the policy once: the same headers as helmet itself, nothing per request', () => {
    const { set, removed } = securityHeaders(SECURITY_HEADERS_OPTIONS);
    expect(Object.fromEntries(set.map(([k, v]) => [k.toLowerCase(), v]))).toEqual(EXPECTED);
    expect(removed).toEqual(['X-Powered-By']);
  });

  it('on API answers, refusals and unknown addresses', async () => {
    expectProtected((await call(ctx.app, 'GET', '/api/health')).headers);
    expectProtected((await call(ctx.app, 'GET', '/api/nao-existe')).headers);
    const refused = await call(ctx.app, 'GET', '/api/clubs/00000000-0000-0000-0000-000000000000/members');
    expect(refused.statusCode).toBe(401);
    expectProtected(refused.headers);
    const bad = await call(ctx.app, 'POST', '/api/auth/login', { body: { email: 'x', password: '\u0000' } });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expectProtected(bad.headers);
  });

  it('on a kept answer sent compressed', async () => {
    const admin = await signUp(ctx.app, { name: 'Diretora' });
    const club = await createClub(ctx.app, admin, 'Clube Cabeçalhos');
    for (let i = 0; i < 2; i += 1) {
      const res = await call(ctx.app, 'GET', `/api/clubs/${club.id}/badges`, { as: admin, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expectProtected(res.headers);
    }
  });

  it("on the app's pages and files", async () => {
    const webDir = path.join(ctx.dataDir, 'web');
    await mkdir(path.join(webDir, 'assets'), { recursive: true });
    await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Trilha</title>');
    await writeFile(path.join(webDir, 'assets', 'app.js'), 'console.log(1)');
    const app = await buildApp({ db: ctx.db, dataDir: ctx.dataDir, limits: NO_LIMITS, webDir });
    await app.ready();
    try {
      const page = await app.inject({ url: '/dashboard' });
      expect(page.statusCode).toBe(200);
      expectProtected(page.headers);
      const file = await app.inject({ url: '/assets/app.js' });
      expect(file.statusCode).toBe(200);
      expectProtected(file.headers);
    } finally {
      await app.close();
    }
  });
});
