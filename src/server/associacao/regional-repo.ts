import type { Queryable } from '../db/index.js';
import { clubNextPeriodStart } from '../db/club-clock.js';

/** SQL of the regional view (ADR 077): the club's shares, and which clubs a verified e-mail may read. */

export interface ShareRow {
  id: string;
  email: string;
  consented_by_name: string | null;
  created_at: string;
}

const SHARE_COLUMNS = `s.id, s.email, p.full_name AS consented_by_name,
       to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at`;

/** The club's active shares, oldest first. */
export function listShares(q: Queryable, clubId: string): Promise<ShareRow[]> {
  return q.query<ShareRow>(
    `SELECT ${SHARE_COLUMNS} FROM regional_shares s LEFT JOIN profiles p ON p.id = s.consented_by
      WHERE s.club_id = $1 AND s.revoked_at IS NULL ORDER BY s.created_at, s.id`,
    [clubId],
  );
}

/** The new share, or null when this e-mail already has an active one (the partial unique index decides, even at once). */
export async function insertShare(q: Queryable, clubId: string, email: string, by: string): Promise<ShareRow | null> {
  const [row] = await q.query<ShareRow>(
    `WITH s AS (
       INSERT INTO regional_shares (club_id, email, consented_by) VALUES ($1, $2, $3)
       ON CONFLICT (club_id, email) WHERE revoked_at IS NULL DO NOTHING
       RETURNING id, email, consented_by, created_at)
     SELECT ${SHARE_COLUMNS} FROM s LEFT JOIN profiles p ON p.id = s.consented_by`,
    [clubId, email, by],
  );
  return row ?? null;
}

/** Ends an active share; the revoked e-mail, or null when there was none. */
export async function revokeShare(q: Queryable, clubId: string, id: string, by: string): Promise<string | null> {
  const [row] = await q.query<{ email: string }>(
    `UPDATE regional_shares SET revoked_at = now(), revoked_by = $3 WHERE club_id = $1 AND id = $2 AND revoked_at IS NULL RETURNING email`,
    [clubId, id, by],
  );
  return row?.email ?? null;
}

/** The club's name (for the coordinator's e-mail). */
export async function clubName(q: Queryable, clubId: string): Promise<string> {
  const [row] = await q.query<{ name: string }>(`SELECT name FROM clubs WHERE id = $1`, [clubId]);
  return row?.name ?? '';
}

/** Whether the account's e-mail is verified (the only e-mail a share is matched against). */
export async function emailVerified(q: Queryable, profileId: string): Promise<boolean> {
  const [row] = await q.query<{ verified: boolean }>(`SELECT (email_verified_at IS NOT NULL AND email IS NOT NULL) AS verified FROM profiles WHERE id = $1`, [profileId]);
  return row?.verified ?? false;
}

/**
 * The active clubs shared with the account's verified e-mail, by name (one club when `clubId` is given).
 * An unverified or changed e-mail matches nothing; a revoked share is gone at once.
 */
export function sharedClubs(q: Queryable, profileId: string, clubId: string | null = null): Promise<Array<{ club_id: string; club_name: string }>> {
  return q.query(
    `SELECT c.id AS club_id, c.name AS club_name
       FROM profiles p
       JOIN regional_shares s ON s.email = lower(p.email) AND s.revoked_at IS NULL
       JOIN clubs c ON c.id = s.club_id AND c.active
      WHERE p.id = $1 AND p.email_verified_at IS NOT NULL AND ($2::uuid IS NULL OR c.id = $2::uuid)
      ORDER BY pt_sort_key(c.name) COLLATE "C", c.name, c.id`,
    [profileId, clubId],
  );
}

/**
 * What the coordinator's answer depends on, as one text (the key of the kept view, ADR 026): the
 * account's e-mail and whether it is confirmed, each club shared with it and that club's data version,
 * and the platform's version. A share given or revoked, any change in a shared club, the e-mail changed
 * or confirmed: another text. Sent as its MD5 (32 characters, not 5 KB for a hundred clubs): the key
 * is built, sent and hashed on every request.
 */
export async function viewVersion(q: Queryable, profileId: string): Promise<string> {
  const [row] = await q.query<{ v: string }>(
    `SELECT md5(coalesce(lower(p.email), '') || ' ' || (p.email_verified_at IS NOT NULL)::text || ' ' ||
            coalesce((SELECT string_agg(s.club_id::text || '.' || v.version, ',' ORDER BY s.club_id)
                        FROM regional_shares s JOIN club_data_versions v ON v.club_id = s.club_id
                       WHERE s.email = lower(p.email) AND s.revoked_at IS NULL), '') || ' ' ||
            (SELECT pv.version FROM platform_data_version pv)) AS v
       FROM profiles p WHERE p.id = $1`,
    [profileId],
  );
  return row?.v ?? '';
}

/** Until the first shared club's next day begins (its readiness counts the days to the deadline); null with no club shared. */
export async function viewUnchangedForMs(q: Queryable, profileId: string): Promise<number | null> {
  const [row] = await q.query<{ ms: string | null }>(
    `SELECT floor(1000 * extract(epoch FROM min(${clubNextPeriodStart('day')}) - now()))::text AS ms
       FROM profiles p JOIN regional_shares s ON s.email = lower(p.email) AND s.revoked_at IS NULL JOIN clubs c ON c.id = s.club_id
      WHERE p.id = $1`,
    [profileId],
  );
  return row?.ms == null ? null : Number(row.ms);
}
