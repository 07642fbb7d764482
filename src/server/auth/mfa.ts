import { createHash, randomInt } from 'node:crypto';
import { notify } from '../notifications/notify.js';
import { Secret, TOTP } from 'otpauth';
import type QRCode from 'qrcode';
import { requireLazily } from '../lazy-module.js';
import type { Db, Queryable } from '../db/index.js';
import { SECURITY_MSG, type TMfaEnrolment } from '../../shared/security.js';
import { AppError, badRequest } from '../core/errors.js';
import { tooManyRequests, MINUTE, type LoginThrottle } from '../core/throttle.js';
import type { CounterStore } from '../core/counter-store.js';
import type { AuthState } from '../core/access.js';
import * as mfaRepo from './mfa-repo.js';
import type { FactorRow } from './mfa-repo.js';

/** RFC 6238 with the parameters every authenticator app understands. */
export const TOTP_PERIOD = 30;
export const RECOVERY_CODE_COUNT = 10;
/** Wrong codes per account in 15 minutes, from any address, before the next try must wait. */
export const MFA_FAILURES_PER_ACCOUNT = 10;
const MFA_WINDOW = 15 * MINUTE;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function totpFor(secret: string, label: string): TOTP {
  return new TOTP({ issuer: 'Trilha', label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD, secret: Secret.fromBase32(secret) });
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Throttle of code checks: LoginThrottle's growing wait per account and address, plus a cap per account. */
export class MfaGuard {
  constructor(private readonly throttle: LoginThrottle, private readonly store: CounterStore) {}

  async check(profileId: string, ip: string): Promise<void> {
    const acct = await this.store.peek(`mfa-acct:${profileId}`, MFA_WINDOW);
    if (acct.count >= MFA_FAILURES_PER_ACCOUNT) throw tooManyRequests(acct.resetInMs / 1000, SECURITY_MSG.tooManyCodes);
    await this.throttle.check(`mfa:${profileId}`, ip);
  }

  async failure(profileId: string, ip: string): Promise<never> {
    await Promise.all([this.store.hit(`mfa-acct:${profileId}`, MFA_WINDOW), this.throttle.recordFailure(`mfa:${profileId}`, ip)]);
    throw new AppError('invalid_code', 400, SECURITY_MSG.codeInvalid);
  }

  async success(profileId: string, ip: string): Promise<void> {
    await this.throttle.recordSuccess(`mfa:${profileId}`, ip);
  }
}

/**
 * Checks a TOTP code (±1 step of clock drift) and records its step, so the same code, or one of an
 * earlier step, is never accepted again. The update is the guard: two requests racing with one code
 * cannot both pass.
 */
export async function acceptTotp(q: Queryable, factor: FactorRow, label: string, code: string, now = Date.now()): Promise<boolean> {
  const delta = totpFor(factor.secret, label).validate({ token: code, window: 1, timestamp: now });
  if (delta === null) return false;
  const step = Math.floor(now / 1000 / TOTP_PERIOD) + delta;
  return mfaRepo.recordTotpStep(q, factor.id, step);
}

const labelOf = (auth: AuthState) => auth.profile.email ?? auth.profile.full_name;

/** Starts enrolment: a new unverified factor (any older unverified one is dropped), with its QR. */
export async function startEnrolment(db: Db, auth: AuthState): Promise<TMfaEnrolment> {
  if (await mfaRepo.findVerifiedFactor(db, auth.profile.id)) throw new AppError('mfa_enabled', 409, SECURITY_MSG.mfaAlreadyOn);
  const secret = new Secret({ size: 20 }).base32;
  await db.transaction(async (tx) => {
    await mfaRepo.deleteUnverifiedFactors(tx, auth.profile.id);
    await mfaRepo.insertFactor(tx, auth.profile.id, secret);
  });
  const otpauthUrl = totpFor(secret, labelOf(auth)).toString();
  const qr = await (requireLazily('qrcode') as typeof QRCode).toDataURL(otpauthUrl, { margin: 1, width: 220 });
  return { secret, otpauth_url: otpauthUrl, qr_data_url: qr };
}

function newRecoveryCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return s;
}

/** Replaces the account's recovery codes with 10 new ones; returns them (shown once, stored hashed). */
async function replaceRecoveryCodes(q: Queryable, profileId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await mfaRepo.deleteRecoveryCodes(q, profileId);
  for (const c of codes) await mfaRepo.insertRecoveryCode(q, profileId, sha256(c));
  return codes.map((c) => `${c.slice(0, 5)}-${c.slice(5)}`);
}

/** The first right code verifies the factor; the session becomes aal2 and the recovery codes are issued. */
export async function confirmEnrolment(db: Db, guard: MfaGuard, auth: AuthState, code: string, ip: string): Promise<string[]> {
  await guard.check(auth.profile.id, ip);
  const result = await db.transaction(async (tx) => {
    if (await mfaRepo.findVerifiedFactor(tx, auth.profile.id)) throw new AppError('mfa_enabled', 409, SECURITY_MSG.mfaAlreadyOn);
    const factor = await mfaRepo.lockNewestUnverifiedFactor(tx, auth.profile.id);
    if (!factor) throw badRequest(SECURITY_MSG.enrolFirst);
    if (!(await acceptTotp(tx, factor, labelOf(auth), code))) return null;
    await mfaRepo.markFactorVerified(tx, factor.id);
    await mfaRepo.deleteUnverifiedFactors(tx, auth.profile.id);
    await mfaRepo.raiseSessionToAal2(tx, auth.sessionId);
    return replaceRecoveryCodes(tx, auth.profile.id);
  });
  if (!result) return guard.failure(auth.profile.id, ip);
  await guard.success(auth.profile.id, ip);
  return result;
}

/** Second step of login: a TOTP code or an unused recovery code raises the session to aal2. */
export async function challenge(
  db: Db,
  guard: MfaGuard,
  auth: AuthState,
  input: { code?: string; recovery_code?: string },
  ip: string,
): Promise<void> {
  await guard.check(auth.profile.id, ip);
  const ok = await db.transaction(async (tx) => {
    const factor = await mfaRepo.findVerifiedFactor(tx, auth.profile.id);
    if (!factor) throw badRequest(SECURITY_MSG.mfaNotOn);
    let passed = false;
    if (input.code !== undefined) passed = await acceptTotp(tx, factor, labelOf(auth), input.code);
    else if (input.recovery_code !== undefined) {
      passed = await mfaRepo.useRecoveryCode(tx, auth.profile.id, sha256(input.recovery_code));
    }
    if (passed) await mfaRepo.raiseSessionToAal2(tx, auth.sessionId);
    return passed;
  });
  if (!ok) await guard.failure(auth.profile.id, ip);
  await guard.success(auth.profile.id, ip);
}

/** Checks a current TOTP code of the verified factor (to disable it or regenerate the codes). */
async function requireCurrentCode(tx: Queryable, auth: AuthState, code: string): Promise<boolean> {
  const factor = await mfaRepo.findVerifiedFactor(tx, auth.profile.id);
  if (!factor) throw badRequest(SECURITY_MSG.mfaNotOn);
  return acceptTotp(tx, factor, labelOf(auth), code);
}

export async function disable(db: Db, guard: MfaGuard, auth: AuthState, code: string, ip: string): Promise<void> {
  await guard.check(auth.profile.id, ip);
  const ok = await db.transaction(async (tx) => {
    if (!(await requireCurrentCode(tx, auth, code))) return false;
    await mfaRepo.deleteFactors(tx, auth.profile.id);
    await mfaRepo.deleteRecoveryCodes(tx, auth.profile.id);
    await notify(tx, {
      clubId: null, to: [auth.profile.id], category: 'security', kind: 'security.mfa_disabled', urgent: true, link: '/dashboard/seguranca',
      title: 'Verificação em duas etapas desligada', body: 'Se não foi você, troque sua senha agora e ligue a verificação de novo.',
    });
    return true;
  });
  if (!ok) await guard.failure(auth.profile.id, ip);
  await guard.success(auth.profile.id, ip);
}

export async function regenerateRecoveryCodes(db: Db, guard: MfaGuard, auth: AuthState, code: string, ip: string): Promise<string[]> {
  await guard.check(auth.profile.id, ip);
  const codes = await db.transaction(async (tx) => {
    if (!(await requireCurrentCode(tx, auth, code))) return null;
    return replaceRecoveryCodes(tx, auth.profile.id);
  });
  if (!codes) return guard.failure(auth.profile.id, ip);
  await guard.success(auth.profile.id, ip);
  return codes;
}
