import { hash, verify } from '@node-rs/argon2';
import { notify } from '../notifications/notify.js';
import type { Db } from '../db/index.js';
import { AUTH_MSG, ZRegister, ZLogin, type TProfile } from '../../shared/auth.js';
import { AppError, PG, isPgError } from '../core/errors.js';
import * as repo from './repo.js';
import { hashToken, newSessionToken, sessionLifetime } from './session.js';
import type { LoginThrottle } from '../core/throttle.js';
import type { z } from 'zod';

// OWASP's Argon2id parameters: 19 MiB, 2 iterations, 1 lane (algorithm 2 = Argon2id).
const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 2 } as const;
// Verified against when the e-mail is unknown, so the answer takes as long either way.
let dummyHash: Promise<string> | undefined;

export interface NewSession {
  token: string;
  persistent: boolean;
  expiresAt: Date;
  profile: TProfile;
  /** The account has a verified second factor: the session is aal1 until the code is given. */
  mfaRequired?: boolean;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

/** Opens a session for a profile that just proved who it is (password or invitation sign-up). */
export async function openSession(db: Db, profile: TProfile, persistent: boolean, meta: { userAgent?: string; ip?: string }): Promise<NewSession> {
  const token = newSessionToken();
  const expiresAt = new Date(Date.now() + sessionLifetime(persistent));
  await repo.insertSession(db, { tokenHash: hashToken(token), profileId: profile.id, persistent, expiresAt, ...meta });
  return { token, persistent, expiresAt, profile };
}

/** Creates an account and signs it in. The very first account of the platform becomes super admin. */
export async function register(db: Db, input: z.output<typeof ZRegister>, meta: { userAgent?: string; ip?: string }): Promise<NewSession> {
  const passwordHash = await hashPassword(input.password);
  let profile: TProfile;
  try {
    profile = await db.transaction(async (tx) => {
      // Serialises first sign-ups so exactly one account becomes the first super admin.
      await repo.lockFirstSignUps(tx);
      // Only accounts hold an e-mail as a login; a club's contact address for a child never blocks sign-up,
      // so the answer cannot tell a kid's profile from an account (issue 21).
      if (await repo.findProfileByEmail(tx, input.email)) throw new AppError('email_taken', 409, AUTH_MSG.emailTaken);
      // A seeded demo has accounts but no super admin: the first to sign up after it still becomes one (issue 22).
      const isFirst = !(await repo.hasSuperAdmin(tx));
      return repo.createProfile(tx, {
        full_name: input.full_name,
        email: input.email,
        password_hash: passwordHash,
        user_type: isFirst ? 'super_admin' : 'member',
      });
    });
  } catch (err) {
    if (isPgError(err) && err.code === PG.uniqueViolation) throw new AppError('email_taken', 409, AUTH_MSG.emailTaken);
    throw err;
  }
  return openSession(db, profile, false, meta);
}

/** Checks the password and opens a session; the error never tells whether the e-mail exists. */
export async function login(
  db: Db,
  throttle: LoginThrottle,
  input: z.output<typeof ZLogin>,
  meta: { userAgent?: string; ip: string },
): Promise<NewSession> {
  await throttle.check(input.email, meta.ip);
  const found = await repo.findProfileByEmail(db, input.email);
  dummyHash ??= hashPassword('trilha-timing-equaliser');
  const ok = await verify(found?.password_hash ?? (await dummyHash), input.password).catch(() => false);
  if (!found || !found.password_hash || !ok) {
    await throttle.recordFailure(input.email, meta.ip);
    throw new AppError('invalid_credentials', 401, AUTH_MSG.invalidCredentials);
  }
  if (found.blocked_at) throw new AppError('blocked', 403, AUTH_MSG.blocked);
  await throttle.recordSuccess(input.email, meta.ip);
  const profile: TProfile = { id: found.id, full_name: found.full_name, email: found.email, user_type: found.user_type };
  const session = await openSession(db, profile, input.remember, meta);
  await notifyNewDevice(db, profile.id, meta.userAgent ?? null);
  return { ...session, mfaRequired: await repo.hasVerifiedFactor(db, profile.id) };
}

/** A sign-in from a browser the account has no other session in tells the person (not the very first one). */
async function notifyNewDevice(db: Db, profileId: string, userAgent: string | null): Promise<void> {
  const seen = await repo.otherSessionsSeen(db, profileId, userAgent);
  if (!seen?.others || seen.same) return;
  await notify(db, {
    clubId: null, to: [profileId], category: 'security', kind: 'security.new_device', urgent: true, link: '/dashboard/seguranca',
    title: 'Novo acesso à sua conta', body: `Entrada por um aparelho novo (${(userAgent ?? 'navegador desconhecido').slice(0, 120)}). Se não foi você, encerre a sessão e troque a senha.`,
  });
}

export async function logout(db: Db, token: string | undefined): Promise<void> {
  if (token) await repo.deleteSession(db, hashToken(token));
}
