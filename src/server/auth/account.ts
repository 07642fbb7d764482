import { verify } from '@node-rs/argon2';
import type { FastifyInstance } from 'fastify';
import type { Db, Queryable } from '../db/index.js';
import { AUTH_MSG } from '../../shared/auth.js';
import { SECURITY_MSG, deviceFromUserAgent, type TSecurityOverview } from '../../shared/security.js';
import { AppError, PG, badRequest, isPgError } from '../core/errors.js';
import { HOUR, tooManyRequests } from '../core/throttle.js';
import type { AuthState } from '../core/access.js';
import { enqueueMail } from '../mail/queue.js';
import { emailChangeMail, emailVerifyMail, passwordChangedMail, passwordResetMail } from '../mail/templates.js';
import * as repo from './repo.js';
import { hashPassword } from './service.js';
import { hashToken, newSessionToken } from './session.js';
import { countUnusedRecoveryCodes } from './mfa-repo.js';
import * as accountRepo from './account-repo.js';
import { isUuid } from '../../shared/ids.js';

/** Password-recovery requests: per e-mail and per address, per hour. */
export const RECOVERY_LIMITS = { perEmailPerHour: 5, perAddressPerHour: 20, resetsPerAddressPerHour: 30 } as const;
/** Recovery and e-mail confirmation links are valid this long. */
export const LINK_TTL_MS = HOUR;

/** Base of links in e-mails: configuration only (PUBLIC_URL), never the request's Host headers. */
export function publicBaseUrl(app: FastifyInstance): string {
  return app.config.publicUrl;
}

/**
 * "Esqueci minha senha": always the same answer, whether or not the e-mail has an account. A new
 * link invalidates the older ones of the account. Only the token's SHA-256 is stored.
 */
export async function requestPasswordReset(app: FastifyInstance, email: string, ip: string, baseUrl: string): Promise<void> {
  const [byMail, byIp] = await Promise.all([
    app.counterStore.hit(`pwreset-mail:${email}`, HOUR),
    app.counterStore.hit(`pwreset-ip:${ip}`, HOUR),
  ]);
  if (byIp.count > RECOVERY_LIMITS.perAddressPerHour) throw tooManyRequests(byIp.resetInMs / 1000, SECURITY_MSG.tooManyRequests);
  if (byMail.count > RECOVERY_LIMITS.perEmailPerHour) throw tooManyRequests(byMail.resetInMs / 1000, SECURITY_MSG.tooManyRequests);
  const found = await repo.findProfileByEmail(app.db, email);
  if (!found || !found.email || found.blocked_at) return;
  const token = newSessionToken();
  await app.db.transaction(async (tx) => {
    await accountRepo.replacePasswordResetToken(tx, found.id, hashToken(token), LINK_TTL_MS);
    await enqueueMail(tx, { to: found.email as string, ...passwordResetMail(found.full_name, `${baseUrl}/redefinir-senha/${token}`) });
  });
  app.mail.kick();
}

export async function resetTokenIsValid(db: Db, token: string): Promise<boolean> {
  return (await accountRepo.findValidResetToken(db, hashToken(token))) !== null;
}

async function countReset(app: FastifyInstance, ip: string): Promise<void> {
  const r = await app.counterStore.hit(`pwreset-use:${ip}`, HOUR);
  if (r.count > RECOVERY_LIMITS.resetsPerAddressPerHour) throw tooManyRequests(r.resetInMs / 1000, SECURITY_MSG.tooManyRequests);
}

/** Sets the new password from a valid link: the link is spent and every session of the account ends. */
export async function resetPassword(app: FastifyInstance, token: string, password: string, ip: string): Promise<void> {
  await countReset(app, ip);
  const passwordHash = await hashPassword(password);
  await app.db.transaction(async (tx) => {
    const row = await accountRepo.spendResetToken(tx, hashToken(token));
    if (!row) throw new AppError('invalid_token', 400, SECURITY_MSG.resetInvalid);
    // The link reached the account's address, which proves it is theirs.
    await accountRepo.setPasswordHash(tx, row.profile_id, passwordHash, { emailProved: true });
    await repo.deleteSessionsOf(tx, row.profile_id);
    await accountRepo.deleteUnusedResetTokens(tx, row.profile_id);
  });
}

/** What the "Segurança" page shows. */
export async function securityOverview(db: Db, auth: AuthState): Promise<TSecurityOverview> {
  const sessions = await accountRepo.listActiveSessions(db, auth.profile.id);
  const pending = await accountRepo.findPendingEmailChange(db, auth.profile.id);
  return {
    email: auth.profile.email,
    mfa_enabled: await repo.hasVerifiedFactor(db, auth.profile.id),
    recovery_codes_left: await countUnusedRecoveryCodes(db, auth.profile.id),
    pending_email: pending?.new_email ?? null,
    sessions: sessions.map((s) => ({
      id: s.id,
      device: deviceFromUserAgent(s.user_agent),
      ip: s.ip,
      created_at: s.created_at,
      last_seen_at: s.last_seen_at,
      current: s.id === auth.sessionId,
    })),
  };
}


export async function revokeSession(db: Db, auth: AuthState, sessionId: string): Promise<void> {
  if (!isUuid(sessionId)) throw new AppError('not_found', 404, SECURITY_MSG.sessionNotFound);
  if (!(await accountRepo.deleteSessionOf(db, sessionId, auth.profile.id))) throw new AppError('not_found', 404, SECURITY_MSG.sessionNotFound);
}

export async function revokeOtherSessions(q: Queryable, auth: AuthState): Promise<number> {
  return accountRepo.deleteOtherSessions(q, auth.profile.id, auth.sessionId);
}

/** The current password, checked under the login throttle (a stolen session cannot guess it freely). */
async function checkCurrentPassword(app: FastifyInstance, auth: AuthState, password: string, ip: string): Promise<void> {
  const key = `account:${auth.profile.id}`;
  await app.loginThrottle.check(key, ip);
  const row = await accountRepo.getPasswordHash(app.db, auth.profile.id);
  const ok = row?.password_hash ? await verify(row.password_hash, password).catch(() => false) : false;
  if (!ok) {
    await app.loginThrottle.recordFailure(key, ip);
    throw new AppError('wrong_password', 400, SECURITY_MSG.wrongPassword);
  }
  await app.loginThrottle.recordSuccess(key, ip);
}

/** Changing the password ends every other session and tells the account by e-mail. */
export async function changePassword(app: FastifyInstance, auth: AuthState, input: { current_password: string; password: string }, ip: string): Promise<void> {
  await checkCurrentPassword(app, auth, input.current_password, ip);
  const passwordHash = await hashPassword(input.password);
  await app.db.transaction(async (tx) => {
    await accountRepo.setPasswordHash(tx, auth.profile.id, passwordHash);
    await revokeOtherSessions(tx, auth);
    if (auth.profile.email) await enqueueMail(tx, { to: auth.profile.email, ...passwordChangedMail(auth.profile.full_name) });
  });
  app.mail.kick();
}

/** Sends a confirmation link to the new address; the e-mail changes only when it is opened. */
export async function requestEmailChange(
  app: FastifyInstance,
  auth: AuthState,
  input: { new_email: string; current_password: string },
  ip: string,
  baseUrl: string,
): Promise<void> {
  await checkCurrentPassword(app, auth, input.current_password, ip);
  if (auth.profile.email && auth.profile.email.toLowerCase() === input.new_email) throw badRequest(SECURITY_MSG.emailSame);
  if (await repo.findProfileByEmail(app.db, input.new_email)) throw new AppError('email_taken', 409, AUTH_MSG.emailTaken);
  const token = newSessionToken();
  await app.db.transaction(async (tx) => {
    await accountRepo.replaceEmailChangeToken(tx, auth.profile.id, input.new_email, hashToken(token), LINK_TTL_MS);
    await enqueueMail(tx, { to: input.new_email, ...emailChangeMail(auth.profile.full_name, `${baseUrl}/confirmar-email/${token}`) });
  });
  app.mail.kick();
}

/**
 * Mails a link that confirms the account's current address (the regional view trusts only a confirmed
 * e-mail). Opening it goes through {@link confirmEmailChange} with the same address.
 */
export async function requestEmailVerification(app: FastifyInstance, auth: AuthState, baseUrl: string): Promise<void> {
  const email = auth.profile.email;
  if (!email) throw badRequest(SECURITY_MSG.emailMissing);
  const byAccount = await app.counterStore.hit(`email-verify:${auth.profile.id}`, HOUR);
  if (byAccount.count > RECOVERY_LIMITS.perEmailPerHour) throw tooManyRequests(byAccount.resetInMs / 1000, SECURITY_MSG.tooManyRequests);
  const token = newSessionToken();
  await app.db.transaction(async (tx) => {
    await repo.replaceEmailToken(tx, auth.profile.id, email.toLowerCase(), hashToken(token), LINK_TTL_MS);
    await enqueueMail(tx, { to: email, ...emailVerifyMail(auth.profile.full_name, `${baseUrl}/confirmar-email/${token}`) });
  });
  app.mail.kick();
}

export async function confirmEmailChange(app: FastifyInstance, token: string, ip: string): Promise<string> {
  await countReset(app, ip);
  try {
    return await app.db.transaction(async (tx) => {
      const row = await accountRepo.spendEmailChangeToken(tx, hashToken(token));
      if (!row) throw new AppError('invalid_token', 400, SECURITY_MSG.resetInvalid);
      await accountRepo.setEmail(tx, row.profile_id, row.new_email, { proved: true });
      return row.new_email;
    });
  } catch (err) {
    if (isPgError(err) && err.code === PG.uniqueViolation) throw new AppError('email_taken', 409, AUTH_MSG.emailTaken);
    throw err;
  }
}
