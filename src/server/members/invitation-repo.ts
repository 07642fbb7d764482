import type { Queryable } from '../db/index.js';
import { maybeOne, one } from '../db/index.js';
import type { TPendingInvitation } from '../../shared/members.js';
import { ADULT_FUNCTIONS } from '../../shared/minor.js';

export interface InvitationRow {
  id: string;
  club_id: string;
  email: string | null;
  profile_id: string | null;
  role: string;
  unit_id: string | null;
  expires_at: string;
}

const COLUMNS = 'i.id, i.club_id, i.email, i.profile_id, i.role, i.unit_id, i.expires_at';
const VALID = 'i.used_at IS NULL AND i.expires_at > now()';

export function insertInvitation(
  q: Queryable,
  i: { clubId: string; tokenHash: string; email: string | null; profileId: string | null; role: string; unitId: string | null; createdBy: string; days: number },
) {
  return one<InvitationRow>(
    q,
    `INSERT INTO club_invitations AS i (club_id, token_hash, email, profile_id, role, unit_id, created_by, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(days => $8::int)) RETURNING ${COLUMNS}`,
    [i.clubId, i.tokenHash, i.email, i.profileId, i.role, i.unitId, i.createdBy, i.days],
  );
}

/** A usable invitation (not used, not expired) with what its page shows. */
export function findValidInvitation(q: Queryable, tokenHash: string, forUpdate = false) {
  return maybeOne<InvitationRow & { club_name: string; club_logo_url: string | null; full_name: string | null; profile_has_account: boolean }>(
    q,
    `SELECT ${COLUMNS}, c.name AS club_name, c.logo_url AS club_logo_url, p.full_name,
            coalesce(p.password_hash IS NOT NULL, false) AS profile_has_account
       FROM club_invitations i JOIN clubs c ON c.id = i.club_id LEFT JOIN profiles p ON p.id = i.profile_id
      WHERE i.token_hash = $1 AND ${VALID} AND c.active
      ${forUpdate ? 'FOR UPDATE OF i' : ''}`,
    [tokenHash],
  );
}

export async function markUsed(q: Queryable, invitationId: string, profileId: string): Promise<boolean> {
  const rows = await q.query(
    `UPDATE club_invitations i SET used_at = now(), used_by = $2 WHERE i.id = $1 AND ${VALID} RETURNING i.id`,
    [invitationId, profileId],
  );
  return rows.length > 0;
}

export function listPendingInvitations(q: Queryable, clubId: string) {
  return q.query<TPendingInvitation>(
    `SELECT i.id, coalesce(i.email, p.email) AS email, p.full_name, i.role, u.name AS unit_name, i.expires_at, i.created_at
       FROM club_invitations i LEFT JOIN profiles p ON p.id = i.profile_id
       LEFT JOIN units u ON u.club_id = i.club_id AND u.id = i.unit_id
      WHERE i.club_id = $1 AND ${VALID}
      ORDER BY i.created_at DESC`,
    [clubId],
  );
}

/**
 * Gives a pending invitation a new token (and a fresh expiry): the old link stops working at once,
 * since only the new token's hash is kept. null when the invitation is not pending in this club.
 */
export function replaceInvitationToken(q: Queryable, clubId: string, invitationId: string, tokenHash: string, days: number) {
  return maybeOne<InvitationRow>(
    q,
    `UPDATE club_invitations i SET token_hash = $3, expires_at = now() + make_interval(days => $4::int)
      WHERE i.club_id = $1 AND i.id = $2 AND ${VALID} RETURNING ${COLUMNS}`,
    [clubId, invitationId, tokenHash, days],
  );
}

export async function deleteInvitation(q: Queryable, clubId: string, invitationId: string): Promise<boolean> {
  const rows = await q.query(`DELETE FROM club_invitations WHERE club_id = $1 AND id = $2 RETURNING id`, [clubId, invitationId]);
  return rows.length > 0;
}

/**
 * Adds the person to the club with the invitation's role and unit; an earlier membership comes back
 * active with those, never with its own old role. An active membership is left as it is (a director
 * accepting a member link stays director). Returns the earlier membership, if there was one.
 */
export async function upsertMembership(q: Queryable, m: { clubId: string; profileId: string; role: string; unitId: string | null }) {
  const before = await maybeOne<{ role: string; unit_id: string | null; active: boolean }>(
    q,
    `SELECT role, unit_id, active FROM club_members WHERE club_id = $1 AND profile_id = $2 FOR UPDATE`,
    [m.clubId, m.profileId],
  );
  if (before?.active) return before;
  await q.query(
    `INSERT INTO club_members (club_id, profile_id, role, unit_id, adult_confirmed) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (club_id, profile_id) DO UPDATE SET active = true, role = EXCLUDED.role, unit_id = EXCLUDED.unit_id,
       adult_confirmed = club_members.adult_confirmed OR EXCLUDED.adult_confirmed, updated_at = now()`,
    [m.clubId, m.profileId, m.role, m.unitId, ADULT_FUNCTIONS.includes(m.role)],
  );
  return before;
}

export function claimProfile(q: Queryable, profileId: string, p: { full_name: string; email: string; password_hash: string }) {
  return one<{ id: string; full_name: string; email: string | null; user_type: 'member' | 'super_admin' }>(
    q,
    `UPDATE profiles SET full_name = $2, email = $3, password_hash = $4, updated_at = now()
      WHERE id = $1 AND password_hash IS NULL RETURNING id, full_name, email, user_type`,
    [profileId, p.full_name, p.email, p.password_hash],
  );
}

/** The latest claim link of this club that was used on the profile. */
export function findUsedClaim(q: Queryable, clubId: string, profileId: string) {
  return maybeOne<{ id: string; email: string | null; used_by: string | null; used_at: string }>(
    q,
    `SELECT id, email, used_by, used_at FROM club_invitations
      WHERE club_id = $1 AND profile_id = $2 AND used_at IS NOT NULL ORDER BY used_at DESC LIMIT 1`,
    [clubId, profileId],
  );
}

/** Takes the login off a claimed profile: no password, the contact e-mail of the link, no sessions. */
export async function releaseClaimedProfile(q: Queryable, profileId: string, contactEmail: string | null): Promise<void> {
  await q.query(`UPDATE profiles SET password_hash = NULL, email = $2, updated_at = now() WHERE id = $1`, [profileId, contactEmail]);
  await q.query(`DELETE FROM sessions WHERE profile_id = $1`, [profileId]);
}

/** Who sent the invitation, and the name of the person who used it. */
export function findInvitationSender(q: Queryable, invitationId: string, usedByProfileId: string) {
  return maybeOne<{ created_by: string | null; full_name: string }>(q,
    `SELECT i.created_by, p.full_name FROM club_invitations i JOIN profiles p ON p.id = $2 WHERE i.id = $1`, [invitationId, usedByProfileId]);
}
