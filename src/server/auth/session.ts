import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';

export const SESSION_COOKIE = 'trilha_session';
/** "Lembrar-me": a persistent cookie and server session of 30 days, renewed as it is used. */
export const REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;
/** Without "Lembrar-me": a browser-session cookie; the server forgets it after 12 idle hours. */
export const IDLE_SESSION_MS = 12 * 60 * 60 * 1000;
/** Extend a session's expiry at most this often, not on every request. */
export const TOUCH_EVERY_MS = 10 * 60 * 1000;

/** Routes an aal1 session of an account with a second factor may still call; any other /api route answers it 401 mfa_required. */
const MFA_PENDING_ALLOWED = new Set([
  '/api/health',
  '/api/ready',
  '/api/auth/login',
  '/api/auth/logout',
  '/api/auth/register',
  '/api/auth/mfa/challenge',
  '/api/auth/password/forgot',
  '/api/auth/password/reset',
  '/api/auth/password/reset/check',
  '/api/auth/email/confirm',
]);

/** Whether a session between password and second factor may call `path` (the auth plugin, and the OpenAPI document's 401s). */
export function mfaPendingMayCall(path: string): boolean {
  return MFA_PENDING_ALLOWED.has(path);
}

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only the SHA-256 of a token is stored: a leaked sessions table does not sign anyone in. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function sessionLifetime(persistent: boolean): number {
  return persistent ? REMEMBER_MS : IDLE_SESSION_MS;
}

/** Sets the session cookie; without "Lembrar-me" it has no expiry, so it ends with the browser session. */
export function setSessionCookie(reply: FastifyReply, s: { token: string; persistent: boolean; expiresAt: Date }, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, s.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    ...(s.persistent ? { expires: s.expiresAt } : {}),
  });
}
