import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_MSG } from '../../shared/security.js';
import { AUTH_MSG } from '../../shared/auth.js';
import { buildApp } from '../app.js';
import { databaseCounterStore } from '../core/counter-store.js';
import { call, clockInsideLimitWindows, createClub, createTestApp, signUp, uniqueEmail, type Session, type TestContext } from '../../../test/api.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

let ipCounter = 0;
/** Each test speaks from its own address, so the per-address limits of one test do not touch another. */
const nextIp = () => `10.13.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

function cookieOf(res: { cookies: { name: string; value: string }[] }): string {
  const c = res.cookies.find((k) => k.name === 'trilha_session');
  if (!c) throw new Error('no cookie');
  return `trilha_session=${c.value}`;
}

async function lastMailTo(to: string): Promise<{ subject: string; text_body: string; html_body: string | null }> {
  await ctx.app.mail.drain();
  const [row] = await ctx.db.query<{ subject: string; text_body: string; html_body: string | null }>(
    `SELECT subject, text_body, html_body FROM mail_queue WHERE to_address = $1 ORDER BY created_at DESC LIMIT 1`,
    [to],
  );
  return row;
}

const tokenIn = (text: string, route: string) => new RegExp(`/${route}/([A-Za-z0-9_-]+)`).exec(text)?.[1] ?? '';

describe('password recovery', () => {
  it('answers the same for an account and for an unknown e-mail, and only the account gets a message', async () => {
    const email = uniqueEmail('forgot');
    await signUp(ctx.app, { email });
    const ghost = uniqueEmail('ghost');
    const a = await call(ctx.app, 'POST', '/api/auth/password/forgot', { body: { email }, from: nextIp() });
    const b = await call(ctx.app, 'POST', '/api/auth/password/forgot', { body: { email: ghost }, from: nextIp() });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
    expect(a.json().message).toBe(SECURITY_MSG.forgotSent);
    await ctx.app.mail.drain();
    expect(await ctx.db.query('SELECT 1 FROM mail_queue WHERE to_address = $1', [ghost])).toHaveLength(0);
    const mail = await lastMailTo(email);
    expect(mail.subject).toBe('Redefinição de senha do Trilha');
    expect(mail.text_body).toMatch(/http:\/\/localhost(:\d+)?\/redefinir-senha\/[A-Za-z0-9_-]{40,}/);
    expect(mail.html_body).toContain('Redefinir senha');
  });

  it('stores only the hash of the token; the link works once, signs every session out, and the new password signs in', async () => {
    const email = uniqueEmail('reset');
    const s = await signUp(ctx.app, { email });
    await call(ctx.app, 'POST', '/api/auth/password/forgot', { body: { email }, from: nextIp() });
    const token = tokenIn((await lastMailTo(email)).text_body, 'redefinir-senha');
    const stored = await ctx.db.query<{ token_hash: string }>(
      `SELECT t.token_hash FROM password_reset_tokens t JOIN profiles p ON p.id = t.profile_id WHERE p.email = $1`, [email]);
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).not.toContain(token);
    expect(stored[0].token_hash).toMatch(/^[0-9a-f]{64}$/);

    expect((await call(ctx.app, 'POST', '/api/auth/password/reset/check', { body: { token } })).json()).toEqual({ valid: true });
    const body = { token, password: 'nova-senha-1', confirm_password: 'nova-senha-1' };
    const ok = await call(ctx.app, 'POST', '/api/auth/password/reset', { body, from: nextIp() });
    expect(ok.statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/auth/me', { as: s })).statusCode).toBe(401);
    const again = await call(ctx.app, 'POST', '/api/auth/password/reset', { body: { ...body, password: 'outra-senha', confirm_password: 'outra-senha' }, from: nextIp() });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(SECURITY_MSG.resetInvalid);
    expect((await call(ctx.app, 'POST', '/api/auth/login', { body: { email, password: 'segredo123' }, from: nextIp() })).statusCode).toBe(401);
    expect((await call(ctx.app, 'POST', '/api/auth/login', { body: { email, password: 'nova-senha-1' }, from: nextIp() })).statusCode).toBe(200);
  });

  it('a newer link invalidates the older one; an expired or made-up link is refused and changes nothing', async () => {
    const email = uniqueEmail('newer');
    await signUp(ctx.app, { email });
    const ip = nextIp();
    await call(ctx.app, 'POST', '/api/auth/password/forgot', { body: { email }, from: ip });
    const first = tokenIn((await lastMailTo(email)).text_body, 'redefinir-senha');
    await call(ctx.app, 'POST', '/api/auth/password/forgot', { body: { email }, from: ip });
    const second = tokenIn((await lastMailTo(email)).text_body, 'redefinir-senha');
    expect(second).not.toBe(first);
    const pw = { password: 'nova-senha-2', confirm_password: 'nova-senha-2' };
    const old = await call(ctx.app, 'POST', '/api/auth/password/reset', { body: { token: first, ...pw }, from: nextIp() });
    expect(old.statusCode).toBe(400);
    expect(old.json().error.message).toBe(SECURITY_MSG.resetInvalid);
    await ctx.db.query(`UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE token_hash IS NOT NULL AND profile_id = (SELECT id FROM profiles WHERE email = $1)`, [email]);
    const expired = await call(ctx.app, 'POST', '/api/auth/password/reset', { body: { token: second, ...pw }, from: nextIp() });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.message).toBe(SECURITY_MSG.resetInvalid);
    const madeUp = await call(ctx.app, 'POST', '/api/auth/password/reset', { body: { token: 'x'.repeat(43), ...pw }, from: nextIp() });
    expect(madeUp.statusCode).toBe(400);
    expect((await call(ctx.app, 'POST', '/api/auth/login', { body: { email, password: 'segredo123' }, from: nextIp() })).statusCode).toBe(200);
  });

  it('is rate-limited per e-mail (429), with the same answer for accounts and unknown e-mails', async () => {
    const email = uniqueEmail('flood');
    await signUp(ctx.app, { email });
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await call(ctx.app, 'POST', '/api/auth/password/forgot', { body: { email }, from: nextIp() })).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    const ghost = uniqueEmail('ghost-flood');
    const ghostCodes: number[] = [];
    for (let i = 0; i < 6; i++) ghostCodes.push((await call(ctx.app, 'POST', '/api/auth/password/forgot', { body: { email: ghost }, from: nextIp() })).statusCode);
    expect(ghostCodes).toEqual(codes);
  });

  it('refuses bad input with pt-BR 400s', async () => {
    const r1 = await call(ctx.app, 'POST', '/api/auth/password/forgot', { body: { email: 'não-é-email' }, from: nextIp() });
    expect(r1.statusCode).toBe(400);
    expect(r1.json().error.message).toBe(AUTH_MSG.emailInvalid);
    const r2 = await call(ctx.app, 'POST', '/api/auth/password/reset', { body: { token: 'abc', password: 'abcdef', confirm_password: 'abcdeg' }, from: nextIp() });
    expect(r2.statusCode).toBe(400);
    expect(r2.json().error.message).toBe(AUTH_MSG.passwordsDiffer);
  });
});

function totp(secret: string): TOTP {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
}
const codeAt = (secret: string, offsetSteps = 0) => totp(secret).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

async function enableMfa(s: Session): Promise<{ secret: string; recovery: string[] }> {
  const enrol = await call(ctx.app, 'POST', '/api/auth/mfa/enroll', { as: s });
  expect(enrol.statusCode).toBe(200);
  const { secret, qr_data_url, otpauth_url } = enrol.json();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(qr_data_url).toMatch(/^data:image\/png;base64,/);
  expect(otpauth_url).toContain('otpauth://totp/Trilha:');
  const verify = await call(ctx.app, 'POST', '/api/auth/mfa/verify', { as: s, body: { code: codeAt(secret) } });
  expect(verify.statusCode).toBe(200);
  return { secret, recovery: verify.json().recovery_codes };
}

async function passwordStep(email: string, ip = nextIp()): Promise<Session> {
  const res = await call(ctx.app, 'POST', '/api/auth/login', { body: { email, password: 'segredo123' }, from: ip });
  expect(res.statusCode).toBe(200);
  expect(res.json().mfa_required).toBe(true);
  return { cookie: cookieOf(res), profile: res.json().profile };
}

describe('two-step verification', () => {
  it('an unverified factor does not count: login stays one step until a code confirms it', async () => {
    const email = uniqueEmail('unverified');
    const s = await signUp(ctx.app, { email });
    await call(ctx.app, 'POST', '/api/auth/mfa/enroll', { as: s });
    const res = await call(ctx.app, 'POST', '/api/auth/login', { body: { email, password: 'segredo123' }, from: nextIp() });
    expect(res.json().mfa_required).toBeUndefined();
    const wrong = await call(ctx.app, 'POST', '/api/auth/mfa/verify', { as: s, body: { code: '000000' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(SECURITY_MSG.codeInvalid);
    expect((await call(ctx.app, 'GET', '/api/auth/security', { as: s })).json().mfa_enabled).toBe(false);
  });

  it('enrol, then login asks for the code: an aal1 session gets 401 mfa_required everywhere but the challenge', async () => {
    const email = uniqueEmail('mfa');
    const s = await signUp(ctx.app, { email });
    const club = await createClub(ctx.app, s, 'Clube MFA');
    const { secret, recovery } = await enableMfa(s);
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    const stored = await ctx.db.query<{ code_hash: string }>(`SELECT code_hash FROM mfa_recovery_codes WHERE profile_id = $1`, [s.profile.id]);
    expect(stored).toHaveLength(10);
    expect(stored.every((r) => /^[0-9a-f]{64}$/.test(r.code_hash))).toBe(true);
    // The enrolling session itself was raised to aal2.
    expect((await call(ctx.app, 'GET', `/api/clubs/${club.id}`, { as: s })).statusCode).toBe(200);

    const pending = await passwordStep(email);
    // /api/auth/session too: the login page asks it whether a second step is pending after a reload.
    for (const url of ['/api/auth/me', '/api/auth/session', `/api/clubs/${club.id}`, '/api/auth/security', '/api/clubs']) {
      const r = await call(ctx.app, 'GET', url, { as: pending });
      expect(r.statusCode, url).toBe(401);
      expect(r.json().error.code).toBe('mfa_required');
    }
    const write = await call(ctx.app, 'POST', '/api/auth/mfa/enroll', { as: pending });
    expect(write.json().error.code).toBe('mfa_required');

    // The code used to confirm enrolment is spent: replaying it is refused.
    const replay = await call(ctx.app, 'POST', '/api/auth/mfa/challenge', { as: pending, body: { code: codeAt(secret) } });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.message).toBe(SECURITY_MSG.codeInvalid);
    // The next step's code (clock drift +1) passes once.
    const next = codeAt(secret, 1);
    expect((await call(ctx.app, 'POST', '/api/auth/mfa/challenge', { as: pending, body: { code: next } })).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/auth/me', { as: pending })).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', `/api/clubs/${club.id}`, { as: pending })).statusCode).toBe(200);

    const other = await passwordStep(email);
    const replay2 = await call(ctx.app, 'POST', '/api/auth/mfa/challenge', { as: other, body: { code: next } });
    expect(replay2.statusCode).toBe(400);
    // Two steps back is outside the ±1 window.
    const old = await call(ctx.app, 'POST', '/api/auth/mfa/challenge', { as: other, body: { code: codeAt(secret, -3) } });
    expect(old.statusCode).toBe(400);
  });

  it('a recovery code works once; regenerating invalidates the old ones; disabling needs a current code', async () => {
    const email = uniqueEmail('recovery');
    const s = await signUp(ctx.app, { email });
    const { secret, recovery } = await enableMfa(s);
    const first = await passwordStep(email);
    expect((await call(ctx.app, 'POST', '/api/auth/mfa/challenge', { as: first, body: { recovery_code: recovery[0] } })).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/auth/me', { as: first })).statusCode).toBe(200);
    const second = await passwordStep(email);
    const reused = await call(ctx.app, 'POST', '/api/auth/mfa/challenge', { as: second, body: { recovery_code: recovery[0] } });
    expect(reused.statusCode).toBe(400);
    expect((await call(ctx.app, 'GET', '/api/auth/security', { as: s })).json().recovery_codes_left).toBe(9);

    // Regenerate (needs a current code; the enrolment step is spent, use the next one).
    const regen = await call(ctx.app, 'POST', '/api/auth/mfa/recovery-codes', { as: s, body: { code: codeAt(secret, 1) } });
    expect(regen.statusCode).toBe(200);
    const fresh: string[] = regen.json().recovery_codes;
    expect(fresh).toHaveLength(10);
    const third = await passwordStep(email);
    expect((await call(ctx.app, 'POST', '/api/auth/mfa/challenge', { as: third, body: { recovery_code: recovery[1] } })).statusCode).toBe(400);
    expect((await call(ctx.app, 'POST', '/api/auth/mfa/challenge', { as: third, body: { recovery_code: fresh[1].toUpperCase() } })).statusCode).toBe(200);

    const noCode = await call(ctx.app, 'POST', '/api/auth/mfa/disable', { as: s, body: { code: '123' } });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().error.message).toBe(SECURITY_MSG.codeFormat);
    await ctx.db.query(`UPDATE mfa_factors SET last_used_step = NULL WHERE profile_id = $1`, [s.profile.id]);
    expect((await call(ctx.app, 'POST', '/api/auth/mfa/disable', { as: s, body: { code: codeAt(secret) } })).statusCode).toBe(200);
    const plain = await call(ctx.app, 'POST', '/api/auth/login', { body: { email, password: 'segredo123' }, from: nextIp() });
    expect(plain.json().mfa_required).toBeUndefined();
  });

  it('the super admin can turn two-step off for someone who lost phone and codes; nobody else can', async () => {
    const email = uniqueEmail('lost-phone');
    const s = await signUp(ctx.app, { email });
    await enableMfa(s);
    const admin = await signUp(ctx.app);
    expect((await call(ctx.app, 'DELETE', `/api/admin/users/${s.profile.id}/two-step`, { as: admin })).statusCode).toBe(403);
    await ctx.db.query(`UPDATE profiles SET user_type = 'super_admin' WHERE id = $1`, [admin.profile.id]);
    expect((await call(ctx.app, 'DELETE', `/api/admin/users/${s.profile.id}/two-step`, { as: admin })).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/auth/me', { as: s })).statusCode).toBe(401);
    const plain = await call(ctx.app, 'POST', '/api/auth/login', { body: { email, password: 'segredo123' }, from: nextIp() });
    expect(plain.json().mfa_required).toBeUndefined();
    expect((await call(ctx.app, 'DELETE', `/api/admin/users/${s.profile.id}/two-step`, { as: admin })).statusCode).toBe(404);
    expect((await call(ctx.app, 'DELETE', `/api/admin/users/nope/two-step`, { as: admin })).statusCode).toBe(404);
  });

  it('wrong codes are limited per account: the next try must wait (429), even with the right code', async () => {
    const email = uniqueEmail('mfa-brute');
    const s = await signUp(ctx.app, { email });
    const { secret } = await enableMfa(s);
    const pending = await passwordStep(email);
    const ip = nextIp();
    for (let i = 0; i < 5; i++) {
      const r = await call(ctx.app, 'POST', '/api/auth/mfa/challenge', { as: pending, body: { code: String(100000 + i) }, from: ip });
      expect(r.statusCode).toBe(400);
    }
    const blocked = await call(ctx.app, 'POST', '/api/auth/mfa/challenge', { as: pending, body: { code: codeAt(secret, 1) }, from: ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it('the club rule sends admins without two-step to enrol first; it can only be turned on by someone who has it', async () => {
    const admin = await signUp(ctx.app, { email: uniqueEmail('club-admin') });
    const club = await createClub(ctx.app, admin, 'Clube Exigente');
    const refused = await call(ctx.app, 'PUT', `/api/clubs/${club.id}/security`, { as: admin, body: { require_mfa_admins: true } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(SECURITY_MSG.enableYourselfFirst);
    const treasurer = await signUp(ctx.app, { email: uniqueEmail('treasurer') });
    const member = await signUp(ctx.app, { email: uniqueEmail('plain') });
    await ctx.db.query(`INSERT INTO club_members (club_id, profile_id, role) VALUES ($1, $2, 'member'), ($1, $3, 'member')`, [club.id, treasurer.profile.id, member.profile.id]);
    await enableMfa(admin);
    const on = await call(ctx.app, 'PUT', `/api/clubs/${club.id}/security`, { as: admin, body: { require_mfa_admins: true } });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ require_mfa_admins: true });
    expect((await call(ctx.app, 'GET', `/api/clubs/${club.id}`, { as: member })).statusCode).toBe(200);
    // A treasurer (role checked by value) without two-step is led to enrol.
    await ctx.db.query(`ALTER TABLE club_members DROP CONSTRAINT IF EXISTS club_members_role_check`);
    await ctx.db.query(`UPDATE club_members SET role = 'treasurer' WHERE club_id = $1 AND profile_id = $2`, [club.id, treasurer.profile.id]);
    const led = await call(ctx.app, 'GET', `/api/clubs/${club.id}`, { as: treasurer });
    expect(led.statusCode).toBe(403);
    expect(led.json().error).toMatchObject({ code: 'mfa_enrolment_required', message: SECURITY_MSG.clubRequiresMfa });
    await enableMfa(treasurer);
    expect((await call(ctx.app, 'GET', `/api/clubs/${club.id}`, { as: treasurer })).statusCode).toBe(200);
    // A stranger still gets 404.
    const stranger = await signUp(ctx.app);
    expect((await call(ctx.app, 'PUT', `/api/clubs/${club.id}/security`, { as: stranger, body: { require_mfa_admins: false } })).statusCode).toBe(404);
    const bad = await call(ctx.app, 'PUT', `/api/clubs/${club.id}/security`, { as: admin, body: { require_mfa_admins: 'sim' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('sessions, password and e-mail change', () => {
  it('lists my sessions with device and address; revokes one, then all the others', async () => {
    const email = uniqueEmail('sessions');
    const s = await signUp(ctx.app, { email });
    const ua = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
    const l1 = await call(ctx.app, 'POST', '/api/auth/login', { body: { email, password: 'segredo123' }, headers: { 'user-agent': ua }, from: '10.77.0.1' });
    const l2 = await call(ctx.app, 'POST', '/api/auth/login', { body: { email, password: 'segredo123' }, from: '10.77.0.2' });
    const other1 = { cookie: cookieOf(l1), profile: s.profile };
    const other2 = { cookie: cookieOf(l2), profile: s.profile };
    const list = (await call(ctx.app, 'GET', '/api/auth/security', { as: s })).json();
    expect(list.sessions).toHaveLength(3);
    expect(list.sessions.filter((x: { current: boolean }) => x.current)).toHaveLength(1);
    const win = list.sessions.find((x: { ip: string }) => x.ip === '10.77.0.1');
    expect(win.device).toBe('Chrome no Windows');
    const intruder = await signUp(ctx.app);
    expect((await call(ctx.app, 'DELETE', `/api/auth/sessions/${win.id}`, { as: intruder })).statusCode).toBe(404);
    expect((await call(ctx.app, 'DELETE', `/api/auth/sessions/not-a-uuid`, { as: s })).statusCode).toBe(404);
    expect((await call(ctx.app, 'DELETE', `/api/auth/sessions/${win.id}`, { as: s })).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/auth/me', { as: other1 })).statusCode).toBe(401);
    expect((await call(ctx.app, 'GET', '/api/auth/me', { as: other2 })).statusCode).toBe(200);
    const all = await call(ctx.app, 'POST', '/api/auth/sessions/revoke-others', { as: s });
    expect(all.json()).toEqual({ revoked: 1 });
    expect((await call(ctx.app, 'GET', '/api/auth/me', { as: other2 })).statusCode).toBe(401);
    expect((await call(ctx.app, 'GET', '/api/auth/me', { as: s })).statusCode).toBe(200);
  });

  it('changing the password needs the current one and signs the other devices out', async () => {
    const email = uniqueEmail('change');
    const s = await signUp(ctx.app, { email });
    const other = await call(ctx.app, 'POST', '/api/auth/login', { body: { email, password: 'segredo123' }, from: nextIp() });
    const wrong = await call(ctx.app, 'POST', '/api/auth/password/change', { as: s, body: { current_password: 'errada', password: 'nova-senha', confirm_password: 'nova-senha' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(SECURITY_MSG.wrongPassword);
    const ok = await call(ctx.app, 'POST', '/api/auth/password/change', { as: s, body: { current_password: 'segredo123', password: 'nova-senha', confirm_password: 'nova-senha' } });
    expect(ok.statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/auth/me', { as: { cookie: cookieOf(other), profile: s.profile } })).statusCode).toBe(401);
    expect((await call(ctx.app, 'GET', '/api/auth/me', { as: s })).statusCode).toBe(200);
    expect((await lastMailTo(email)).subject).toBe('Sua senha do Trilha foi alterada');
  });

  it('a new e-mail takes effect only through the link sent to it', async () => {
    const email = uniqueEmail('old');
    const s = await signUp(ctx.app, { email });
    const next = uniqueEmail('new');
    const taken = await signUp(ctx.app);
    expect((await call(ctx.app, 'POST', '/api/auth/email/change', { as: s, body: { new_email: taken.profile.email, current_password: 'segredo123' } })).statusCode).toBe(409);
    const req = await call(ctx.app, 'POST', '/api/auth/email/change', { as: s, body: { new_email: next.toUpperCase(), current_password: 'segredo123' } });
    expect(req.statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/auth/security', { as: s })).json().pending_email).toBe(next);
    expect((await call(ctx.app, 'GET', '/api/auth/me', { as: s })).json().profile.email).toBe(email);
    const token = tokenIn((await lastMailTo(next)).text_body, 'confirmar-email');
    expect((await call(ctx.app, 'POST', '/api/auth/email/confirm', { body: { token }, from: nextIp() })).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/auth/me', { as: s })).json().profile.email).toBe(next);
    expect((await call(ctx.app, 'POST', '/api/auth/email/confirm', { body: { token }, from: nextIp() })).statusCode).toBe(400);
  });
});

describe('limits shared by two instances on one database', () => {
  let second: FastifyInstance;
  let first: FastifyInstance;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'trilha-two-'));
    const limits = { apiPerMinute: 0, anonPerMinute: 0, signupsPerHour: 0, clubsPerAccount: 0 };
    // Both instances on one clock stopped inside the limits' windows, so no count resets mid-test.
    const clock = clockInsideLimitWindows();
    first = await buildApp({ db: ctx.db, dataDir: dir, limits, clock, counterStore: databaseCounterStore(ctx.db, clock) });
    second = await buildApp({ db: ctx.db, dataDir: dir, limits, clock, counterStore: databaseCounterStore(ctx.db, clock) });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('failed logins on one instance make the other refuse; recovery requests count across both', async () => {
    const email = uniqueEmail('two');
    await signUp(first, { email });
    const ip = nextIp();
    for (let i = 0; i < 5; i++) {
      const app = i % 2 === 0 ? first : second;
      expect((await call(app, 'POST', '/api/auth/login', { body: { email, password: `errada${i}` }, from: ip })).statusCode).toBe(401);
    }
    expect((await call(second, 'POST', '/api/auth/login', { body: { email, password: 'segredo123' }, from: ip })).statusCode).toBe(429);
    expect((await call(first, 'POST', '/api/auth/login', { body: { email, password: 'segredo123' }, from: ip })).statusCode).toBe(429);

    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const app = i % 2 === 0 ? first : second;
      codes.push((await call(app, 'POST', '/api/auth/password/forgot', { body: { email }, from: nextIp() })).statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
