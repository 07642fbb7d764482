import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MSG } from '../../shared/auth.js';
import { call, createTestApp, login, signUp, uniqueEmail, type TestContext } from '../../../test/api.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('register', () => {
  it('the first account becomes super admin, later ones are members', async () => {
    const first = await signUp(ctx.app);
    const second = await signUp(ctx.app);
    expect(first.profile.user_type).toBe('super_admin');
    expect(second.profile.user_type).toBe('member');
  });

  it('stores an Argon2id hash, never the password', async () => {
    const email = uniqueEmail();
    await signUp(ctx.app, { email, password: 'minha-senha' });
    const [row] = await ctx.db.query<{ password_hash: string }>('SELECT password_hash FROM profiles WHERE email = $1', [email]);
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it.each([
    [{ password: 'abcdef', confirm_password: 'abcdeg' }, AUTH_MSG.passwordsDiffer],
    [{ password: 'abc', confirm_password: 'abc' }, AUTH_MSG.passwordTooShort],
    [{ full_name: '   ' }, AUTH_MSG.nameRequired],
    [{ email: 'não-é-email' }, AUTH_MSG.emailInvalid],
  ])('refuses %o with its pt-BR message and writes nothing', async (patch, message) => {
    const email = uniqueEmail('invalid');
    const body = { full_name: 'Ana', email, password: 'segredo123', confirm_password: 'segredo123', ...patch };
    const res = await call(ctx.app, 'POST', '/api/auth/register', { body });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    const rows = await ctx.db.query('SELECT 1 FROM profiles WHERE email = $1', [email]);
    expect(rows).toHaveLength(0);
  });

  it('refuses an e-mail already used, in any letter case', async () => {
    const email = uniqueEmail('dup');
    await signUp(ctx.app, { email });
    const res = await call(ctx.app, 'POST', '/api/auth/register', {
      body: { full_name: 'Outra', email: email.toUpperCase(), password: 'segredo123', confirm_password: 'segredo123' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(AUTH_MSG.emailTaken);
  });

  it('two simultaneous sign-ups with the same e-mail create one account', async () => {
    const email = uniqueEmail('race');
    const body = { full_name: 'Corrida', email, password: 'segredo123', confirm_password: 'segredo123' };
    const results = await Promise.all([1, 2, 3].map(() => call(ctx.app, 'POST', '/api/auth/register', { body })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const rows = await ctx.db.query('SELECT 1 FROM profiles WHERE lower(email) = $1', [email]);
    expect(rows).toHaveLength(1);
  });
});

describe('login and sessions', () => {
  it('wrong password and unknown e-mail get the same answer', async () => {
    const email = uniqueEmail();
    await signUp(ctx.app, { email });
    const wrong = await call(ctx.app, 'POST', '/api/auth/login', { body: { email, password: 'errada!!' } });
    const unknown = await call(ctx.app, 'POST', '/api/auth/login', { body: { email: uniqueEmail('ghost'), password: 'errada!!' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(AUTH_MSG.invalidCredentials);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('"Lembrar-me" sets a 30-day cookie; otherwise a browser-session cookie', async () => {
    const email = uniqueEmail();
    await signUp(ctx.app, { email });
    const remembered = await call(ctx.app, 'POST', '/api/auth/login', { body: { email, password: 'segredo123', remember: true } });
    const plain = await call(ctx.app, 'POST', '/api/auth/login', { body: { email, password: 'segredo123' } });
    const rc = remembered.cookies.find((c) => c.name === 'trilha_session');
    const pc = plain.cookies.find((c) => c.name === 'trilha_session');
    const days = (Number(rc?.expires) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect(rc?.httpOnly).toBe(true);
    expect(rc?.sameSite).toBe('Lax');
    expect(pc?.expires).toBeUndefined();
    expect(pc?.maxAge).toBeUndefined();
  });

  it('sign-out revokes the session on the server', async () => {
    const email = uniqueEmail();
    await signUp(ctx.app, { email });
    const s = await login(ctx.app, email);
    expect((await call(ctx.app, 'GET', '/api/auth/me', { as: s })).statusCode).toBe(200);
    expect((await call(ctx.app, 'POST', '/api/auth/logout', { as: s })).statusCode).toBe(200);
    // The old cookie value no longer works even if a client kept it.
    expect((await call(ctx.app, 'GET', '/api/auth/me', { as: s })).statusCode).toBe(401);
  });

  it("the web app's session read answers a visitor with 200 and no profile (no 401 in an anonymous page's console)", async () => {
    const email = uniqueEmail();
    await signUp(ctx.app, { email });
    const s = await login(ctx.app, email);
    const signedIn = await call(ctx.app, 'GET', '/api/auth/session', { as: s });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ profile: { email } });
    const anonymous = await call(ctx.app, 'GET', '/api/auth/session');
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ profile: null });
    await call(ctx.app, 'POST', '/api/auth/logout', { as: s });
    expect((await call(ctx.app, 'GET', '/api/auth/session', { as: s })).json()).toEqual({ profile: null });
  });

  it('a guesser must wait after repeated failures (429 with Retry-After, even with the right password); the owner signs in from another address', async () => {
    const email = uniqueEmail('brute');
    await signUp(ctx.app, { email });
    for (let i = 0; i < 5; i++) {
      const r = await call(ctx.app, 'POST', '/api/auth/login', { body: { email, password: `errada${i}` }, from: '10.9.9.9' });
      expect(r.statusCode).toBe(401);
    }
    const blocked = await call(ctx.app, 'POST', '/api/auth/login', { body: { email, password: 'segredo123' }, from: '10.9.9.9' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatchObject({ code: 'rate_limited', message: AUTH_MSG.tooManyAttempts, details: { retry_after: 1 } });
    expect(blocked.headers['retry-after']).toBe('1');
    const owner = await call(ctx.app, 'POST', '/api/auth/login', { body: { email, password: 'segredo123' }, from: '10.1.1.1' });
    expect(owner.statusCode).toBe(200);
  });

  it('a blocked account cannot sign in and its sessions stop working', async () => {
    const email = uniqueEmail('blocked');
    const s = await signUp(ctx.app, { email });
    await ctx.db.query('UPDATE profiles SET blocked_at = now() WHERE email = $1', [email]);
    expect((await call(ctx.app, 'GET', '/api/auth/me', { as: s })).statusCode).toBe(401);
    const res = await call(ctx.app, 'POST', '/api/auth/login', { body: { email, password: 'segredo123' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(AUTH_MSG.blocked);
  });
});

describe('CSRF', () => {
  it('refuses a write from another origin and one without origin or client header', async () => {
    const body = { email: uniqueEmail(), password: 'x' };
    const foreign = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers: { origin: 'https://evil.example', host: 'localhost:3000' }, payload: body });
    expect(foreign.statusCode).toBe(403);
    const bare = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: body });
    expect(bare.statusCode).toBe(403);
    const same = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers: { origin: 'http://localhost:3000', host: 'localhost:3000' }, payload: body });
    expect(same.statusCode).toBe(401);
  });
});
