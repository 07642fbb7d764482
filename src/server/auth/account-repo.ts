import type { Queryable } from '../db/index.js';
import { maybeOne } from '../db/index.js';

/** A new password-reset link replaces the account's older ones; it is valid `ttlMs`. */
export async function replacePasswordResetToken(q: Queryable, profileId: string, tokenHash: string, ttlMs: number): Promise<void> {
  await q.query(`DELETE FROM password_reset_tokens WHERE profile_id = $1`, [profileId]);
  await q.query(
    `INSERT INTO password_reset_tokens (profile_id, token_hash, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3::double precision / 1000))`,
    [profileId, tokenHash, ttlMs],
  );
}

export function findValidResetToken(q: Queryable, tokenHash: string) {
  return maybeOne<{ id: string; profile_id: string }>(
    q,
    `SELECT id, profile_id FROM password_reset_tokens WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()`,
    [tokenHash],
  );
}

/** Spends a valid reset link; null when there is none. */
export function spendResetToken(q: Queryable, tokenHash: string) {
  return maybeOne<{ profile_id: string }>(
    q,
    `UPDATE password_reset_tokens SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING profile_id`,
    [tokenHash],
  );
}

export async function deleteUnusedResetTokens(q: Queryable, profileId: string): Promise<void> {
  await q.query(`DELETE FROM password_reset_tokens WHERE profile_id = $1 AND used_at IS NULL`, [profileId]);
}

/** A new password; through a reset link (`emailProved`) the address is confirmed too, as the link reached it. */
export async function setPasswordHash(q: Queryable, profileId: string, passwordHash: string, opts: { emailProved?: boolean } = {}): Promise<void> {
  await q.query(
    `UPDATE profiles SET password_hash = $2, email_verified_at = CASE WHEN $3 THEN coalesce(email_verified_at, now()) ELSE email_verified_at END, updated_at = now() WHERE id = $1`,
    [profileId, passwordHash, opts.emailProved ?? false]);
}

export function getPasswordHash(q: Queryable, profileId: string) {
  return maybeOne<{ password_hash: string | null }>(q, `SELECT password_hash FROM profiles WHERE id = $1`, [profileId]);
}

/** The account's sessions still valid, most recently seen first (at most 100). */
export function listActiveSessions(q: Queryable, profileId: string) {
  return q.query<{ id: string; user_agent: string | null; ip: string | null; created_at: string; last_seen_at: string }>(
    `SELECT id, user_agent, ip, created_at, last_seen_at FROM sessions WHERE profile_id = $1 AND expires_at > now() ORDER BY last_seen_at DESC LIMIT 100`,
    [profileId],
  );
}

/** Whether the account had that session. */
export async function deleteSessionOf(q: Queryable, sessionId: string, profileId: string): Promise<boolean> {
  const rows = await q.query(`DELETE FROM sessions WHERE id = $1 AND profile_id = $2 RETURNING id`, [sessionId, profileId]);
  return rows.length > 0;
}

/** Every session of the account but this one; how many ended. */
export async function deleteOtherSessions(q: Queryable, profileId: string, keepSessionId: string): Promise<number> {
  const rows = await q.query(`DELETE FROM sessions WHERE profile_id = $1 AND id <> $2 RETURNING id`, [profileId, keepSessionId]);
  return rows.length;
}

/** The newest e-mail change still to confirm. */
export function findPendingEmailChange(q: Queryable, profileId: string) {
  return maybeOne<{ new_email: string }>(
    q,
    `SELECT new_email FROM email_change_tokens WHERE profile_id = $1 AND used_at IS NULL AND expires_at > now() ORDER BY created_at DESC LIMIT 1`,
    [profileId],
  );
}

/** A new e-mail change link replaces the account's unused ones; it is valid `ttlMs`. */
export async function replaceEmailChangeToken(q: Queryable, profileId: string, newEmail: string, tokenHash: string, ttlMs: number): Promise<void> {
  await q.query(`DELETE FROM email_change_tokens WHERE profile_id = $1 AND used_at IS NULL`, [profileId]);
  await q.query(
    `INSERT INTO email_change_tokens (profile_id, new_email, token_hash, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4::double precision / 1000))`,
    [profileId, newEmail, tokenHash, ttlMs],
  );
}

/** Spends a valid e-mail change link; null when there is none. */
export function spendEmailChangeToken(q: Queryable, tokenHash: string) {
  return maybeOne<{ profile_id: string; new_email: string }>(
    q,
    `UPDATE email_change_tokens SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING profile_id, new_email`,
    [tokenHash],
  );
}

/** A new address; confirmed (`proved`) when its own link set it. */
export async function setEmail(q: Queryable, profileId: string, email: string, opts: { proved?: boolean } = {}): Promise<void> {
  await q.query(
    `UPDATE profiles SET email = $2, email_verified_at = CASE WHEN $3 THEN now() ELSE NULL END, updated_at = now() WHERE id = $1`,
    [profileId, email, opts.proved ?? false]);
}
