import type { Queryable } from '../db/index.js';
import { maybeOne, one } from '../db/index.js';
import type { TProfile } from '../../shared/auth.js';
import type { TClubSecurity } from '../../shared/security.js';

export interface MembershipRow {
  role: string;
  unit_id: string | null;
  member: boolean;
  require_mfa: boolean;
}

/**
 * The caller's standing in a club: one row, or none for a stranger. `club`, `profile` and `isSuperAdmin`
 * are SQL expressions, so the session lookup can run the same query for the club in the URL.
 */
export function membershipSql(club: string, profile: string, isSuperAdmin: string): string {
  // A super admin keeps full access in every club, whatever a membership of theirs says.
  return `SELECT 'admin' AS role, NULL::uuid AS unit_id,
            EXISTS (SELECT 1 FROM club_members cm WHERE cm.club_id = c.id AND cm.profile_id = ${profile} AND cm.active) AS member,
            false AS require_mfa
       FROM clubs c WHERE c.id = ${club} AND ${isSuperAdmin}
     UNION ALL
     SELECT cm.role, cm.unit_id, true, c.require_mfa_admins FROM club_members cm JOIN clubs c ON c.id = cm.club_id
       WHERE cm.club_id = ${club} AND cm.profile_id = ${profile} AND cm.active AND NOT ${isSuperAdmin}
     LIMIT 1`;
}

export interface ProfileWithSecret extends TProfile {
  password_hash: string | null;
  blocked_at: string | null;
}

export interface SessionRow {
  session_id: string;
  persistent: boolean;
  expires_at: string;
  last_seen_at: string;
  profile_id: string;
  full_name: string;
  email: string | null;
  user_type: TProfile['user_type'];
  aal: 'aal1' | 'aal2';
  /** The account has a verified second factor: an aal1 session waits for the code. */
  mfa_enrolled: boolean;
  /** The version of the person's notifications (migration 1060): the key of their kept bell and list (ADR 087). */
  notices_version: string;
}

export function findProfileByEmail(q: Queryable, email: string) {
  return maybeOne<ProfileWithSecret>(
    q,
    `SELECT id, full_name, email, user_type, password_hash, blocked_at FROM profiles
      WHERE lower(email) = lower($1) AND password_hash IS NOT NULL`,
    [email],
  );
}

export function createProfile(q: Queryable, p: { full_name: string; email: string; password_hash: string; user_type: TProfile['user_type'] }) {
  return one<TProfile>(
    q,
    `INSERT INTO profiles (full_name, email, password_hash, user_type) VALUES ($1, $2, $3, $4)
     RETURNING id, full_name, email, user_type`,
    [p.full_name, p.email, p.password_hash, p.user_type],
  );
}

/** Whether the platform has a super admin; the first account to sign up while it has none becomes one. */
export async function hasSuperAdmin(q: Queryable): Promise<boolean> {
  const rows = await q.query(`SELECT 1 FROM profiles WHERE user_type = 'super_admin' AND password_hash IS NOT NULL LIMIT 1`);
  return rows.length > 0;
}

export async function insertSession(
  q: Queryable,
  s: { tokenHash: string; profileId: string; persistent: boolean; expiresAt: Date; userAgent?: string; ip?: string },
): Promise<void> {
  await q.query(
    `INSERT INTO sessions (token_hash, profile_id, persistent, expires_at, user_agent, ip) VALUES ($1, $2, $3, $4, $5, $6)`,
    [s.tokenHash, s.profileId, s.persistent, s.expiresAt.toISOString(), s.userAgent?.slice(0, 500) ?? null, s.ip ?? null],
  );
}

/** Whether the account has a verified second factor (only verified factors count). */
export async function hasVerifiedFactor(q: Queryable, profileId: string): Promise<boolean> {
  const rows = await q.query(`SELECT 1 FROM mfa_factors WHERE profile_id = $1 AND verified_at IS NOT NULL`, [profileId]);
  return rows.length > 0;
}

const SESSION_COLUMNS = `s.id AS session_id, s.persistent, s.expires_at, s.last_seen_at, s.aal,
            p.id AS profile_id, p.full_name, p.email, p.user_type,
            EXISTS (SELECT 1 FROM mfa_factors f WHERE f.profile_id = p.id AND f.verified_at IS NOT NULL) AS mfa_enrolled,
            coalesce((SELECT nv.version FROM notification_versions nv WHERE nv.profile_id = p.id), 0)::text AS notices_version`;
// What makes a session count: not expired, its account not blocked (every lookup below, single or batched).
const STILL_ACTIVE = 's.expires_at > now() AND p.blocked_at IS NULL';
const ACTIVE_SESSION = `s.token_hash = $1 AND ${STILL_ACTIVE}`;

// Built once: every request sends one of these two texts, and the driver looks its prepared statement up by the text.
const ACTIVE_SESSION_SQL = `SELECT ${SESSION_COLUMNS} FROM sessions s JOIN profiles p ON p.id = s.profile_id WHERE ${ACTIVE_SESSION}`;

export function findActiveSession(q: Queryable, tokenHash: string) {
  return maybeOne<SessionRow>(q, ACTIVE_SESSION_SQL, [tokenHash]);
}

export interface SessionInClubRow extends SessionRow {
  /** The caller's membership of the club in the URL (null: a stranger to it). */
  club_role: string | null;
  club_unit_id: string | null;
  club_member: boolean | null;
  club_require_mfa: boolean | null;
  /** The club's and the platform's data versions, read in the same snapshot: the key of kept answers (ADR 026). */
  club_data_version: string | null;
}

/** The caller's standing in `club` (an SQL expression): the columns of SessionInClubRow, from the lateral `m`. */
const inClubColumns = (club: string) => `m.role AS club_role, m.unit_id AS club_unit_id, m.member AS club_member, m.require_mfa AS club_require_mfa,
            (SELECT v.version || '.' || pv.version FROM club_data_versions v, platform_data_version pv WHERE v.club_id = ${club}) AS club_data_version`;
const inClubJoin = (club: string) => `LEFT JOIN LATERAL (${membershipSql(club, 'p.id', "p.user_type = 'super_admin'")}) m ON true`;

const ACTIVE_SESSION_IN_CLUB_SQL = `SELECT ${SESSION_COLUMNS}, ${inClubColumns('$2::uuid')}
       FROM sessions s JOIN profiles p ON p.id = s.profile_id
       ${inClubJoin('$2::uuid')}
      WHERE ${ACTIVE_SESSION}`;

/** The session and, in the same statement, the caller's standing in a club (routes under /api/clubs/:clubId). */
export function findActiveSessionInClub(q: Queryable, tokenHash: string, clubId: string) {
  return maybeOne<SessionInClubRow>(q, ACTIVE_SESSION_IN_CLUB_SQL, [tokenHash, clubId]);
}

/** One lookup of a batch: a session token's hash and, on a club route, the club in the URL. */
export interface SessionLookup {
  tokenHash: string;
  clubId: string | null;
}

// The same columns and conditions as the two statements above, for many lookups in one statement: each
// lookup is a row of the arrays (its ordinality says which), and a lookup with no club reads no membership.
const ACTIVE_SESSIONS_SQL = `SELECT q.i::int AS lookup, ${SESSION_COLUMNS}, ${inClubColumns('q.club_id')}
       FROM unnest($1::text[], $2::uuid[]) WITH ORDINALITY AS q(token_hash, club_id, i)
       JOIN sessions s ON s.token_hash = q.token_hash
       JOIN profiles p ON p.id = s.profile_id
       ${inClubJoin('q.club_id')}
      WHERE ${STILL_ACTIVE}`;

/**
 * Many session lookups in one statement and one round trip (requests that arrive together, see
 * SessionLookups). The answer is in the order of `lookups`: each one's row, or null.
 */
export async function findActiveSessions(q: Queryable, lookups: SessionLookup[]): Promise<Array<SessionInClubRow | null>> {
  const rows = await q.query<SessionInClubRow & { lookup: number }>(ACTIVE_SESSIONS_SQL, [lookups.map((l) => l.tokenHash), lookups.map((l) => l.clubId)]);
  const found: Array<SessionInClubRow | null> = lookups.map(() => null);
  for (const { lookup, ...row } of rows) found[lookup - 1] = row;
  return found;
}

export async function touchSession(q: Queryable, sessionId: string, expiresAt: Date): Promise<void> {
  await q.query(`UPDATE sessions SET last_seen_at = now(), expires_at = $2 WHERE id = $1`, [sessionId, expiresAt.toISOString()]);
}

export async function deleteSession(q: Queryable, tokenHash: string): Promise<void> {
  await q.query(`DELETE FROM sessions WHERE token_hash = $1`, [tokenHash]);
}

export async function deleteSessionsOf(q: Queryable, profileId: string): Promise<void> {
  await q.query(`DELETE FROM sessions WHERE profile_id = $1`, [profileId]);
}

export async function promoteToSuperAdmin(q: Queryable, email: string): Promise<boolean> {
  const rows = await q.query(`UPDATE profiles SET user_type = 'super_admin', updated_at = now() WHERE lower(email) = lower($1) AND password_hash IS NOT NULL RETURNING id`, [email]);
  return rows.length > 0;
}

/** An e-mail confirmation link for the account (only the token's hash), replacing any unused one. */
export async function replaceEmailToken(q: Queryable, profileId: string, email: string, tokenHash: string, ttlMs: number): Promise<void> {
  await q.query(`DELETE FROM email_change_tokens WHERE profile_id = $1 AND used_at IS NULL`, [profileId]);
  await q.query(
    `INSERT INTO email_change_tokens (profile_id, new_email, token_hash, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4::double precision / 1000))`,
    [profileId, email, tokenHash, ttlMs],
  );
}

/** The account with that e-mail and a password, its row locked, before a promotion. */
export function lockPromotableProfile(q: Queryable, email: string) {
  return maybeOne<{ id: string; user_type: string }>(
    q,
    `SELECT id, user_type FROM profiles WHERE lower(email) = lower($1) AND password_hash IS NOT NULL FOR UPDATE`,
    [email],
  );
}

/** Serialises first sign-ups (until the transaction ends) so exactly one account becomes the first super admin. */
export async function lockFirstSignUps(q: Queryable): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock(7355609)');
}

/** Whether the account has other sessions, and another one from this same browser. */
export function otherSessionsSeen(q: Queryable, profileId: string, userAgent: string | null) {
  return maybeOne<{ others: boolean; same: boolean }>(q,
    `SELECT count(*) > 1 AS others, count(*) FILTER (WHERE user_agent IS NOT DISTINCT FROM $2) > 1 AS same FROM sessions WHERE profile_id = $1`,
    [profileId, userAgent]);
}

export function getClubSecurity(q: Queryable, clubId: string) {
  return maybeOne<TClubSecurity>(q, `SELECT require_mfa_admins FROM clubs WHERE id = $1`, [clubId]);
}

/** The club's security rules, its row locked. */
export function lockClubSecurity(q: Queryable, clubId: string) {
  return maybeOne<TClubSecurity>(q, `SELECT require_mfa_admins FROM clubs WHERE id = $1 FOR UPDATE`, [clubId]);
}

export async function setClubRequireMfa(q: Queryable, clubId: string, requireMfaAdmins: boolean): Promise<TClubSecurity> {
  const [row] = await q.query<TClubSecurity>(
    `UPDATE clubs SET require_mfa_admins = $2, updated_at = now() WHERE id = $1 RETURNING require_mfa_admins`,
    [clubId, requireMfaAdmins],
  );
  return row;
}
