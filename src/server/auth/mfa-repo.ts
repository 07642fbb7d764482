import type { Queryable } from '../db/index.js';
import { maybeOne } from '../db/index.js';

export interface FactorRow {
  id: string;
  secret: string;
  verified_at: string | null;
}

/** Records the TOTP step a code was accepted at; false when that step (or a later one) was already used. */
export async function recordTotpStep(q: Queryable, factorId: string, step: number): Promise<boolean> {
  const rows = await q.query(
    `UPDATE mfa_factors SET last_used_step = $2 WHERE id = $1 AND (last_used_step IS NULL OR last_used_step < $2) RETURNING id`,
    [factorId, step],
  );
  return rows.length > 0;
}

export function findVerifiedFactor(q: Queryable, profileId: string) {
  return maybeOne<FactorRow>(q, `SELECT id, secret, verified_at FROM mfa_factors WHERE profile_id = $1 AND verified_at IS NOT NULL`, [profileId]);
}

/** The newest factor still to verify, its row locked. */
export function lockNewestUnverifiedFactor(q: Queryable, profileId: string) {
  return maybeOne<FactorRow>(
    q,
    `SELECT id, secret, verified_at FROM mfa_factors WHERE profile_id = $1 AND verified_at IS NULL ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
    [profileId],
  );
}

export async function deleteUnverifiedFactors(q: Queryable, profileId: string): Promise<void> {
  await q.query(`DELETE FROM mfa_factors WHERE profile_id = $1 AND verified_at IS NULL`, [profileId]);
}

export async function insertFactor(q: Queryable, profileId: string, secret: string): Promise<void> {
  await q.query(`INSERT INTO mfa_factors (profile_id, secret) VALUES ($1, $2)`, [profileId, secret]);
}

export async function markFactorVerified(q: Queryable, factorId: string): Promise<void> {
  await q.query(`UPDATE mfa_factors SET verified_at = now() WHERE id = $1`, [factorId]);
}

/** Every factor of the account goes; how many there were. */
export async function deleteFactors(q: Queryable, profileId: string): Promise<number> {
  const rows = await q.query<{ id: string }>(`DELETE FROM mfa_factors WHERE profile_id = $1 RETURNING id`, [profileId]);
  return rows.length;
}

export async function deleteRecoveryCodes(q: Queryable, profileId: string): Promise<void> {
  await q.query(`DELETE FROM mfa_recovery_codes WHERE profile_id = $1`, [profileId]);
}

export async function insertRecoveryCode(q: Queryable, profileId: string, codeHash: string): Promise<void> {
  await q.query(`INSERT INTO mfa_recovery_codes (profile_id, code_hash) VALUES ($1, $2)`, [profileId, codeHash]);
}

/** Spends an unused recovery code; false when there was none with that hash. */
export async function useRecoveryCode(q: Queryable, profileId: string, codeHash: string): Promise<boolean> {
  const used = await q.query(
    `UPDATE mfa_recovery_codes SET used_at = now() WHERE profile_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING id`,
    [profileId, codeHash],
  );
  return used.length > 0;
}

export async function countUnusedRecoveryCodes(q: Queryable, profileId: string): Promise<number> {
  const [row] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM mfa_recovery_codes WHERE profile_id = $1 AND used_at IS NULL`, [profileId]);
  return row.n;
}

/** The session passed the second step. */
export async function raiseSessionToAal2(q: Queryable, sessionId: string): Promise<void> {
  await q.query(`UPDATE sessions SET aal = 'aal2' WHERE id = $1`, [sessionId]);
}
