import type { Queryable } from '../db/index.js';
import { maybeOne, one } from '../db/index.js';
import type { TClub, TDashboardCounts, TMyClub } from '../../shared/clubs.js';
import { permissionsOf } from '../../shared/permissions.js';

export const CLUB_COLUMNS = 'c.id, c.name, c.slug, c.description, c.timezone, c.active, c.logo_url, c.created_at, c.updated_at';

/** Clubs where the profile has an active membership, oldest membership first. */
export async function listClubsOfProfile(q: Queryable, profileId: string, superAdmin = false): Promise<TMyClub[]> {
  const rows = await q.query<TMyClub>(
    `SELECT ${CLUB_COLUMNS}, cm.role, cm.role = 'admin' AS is_admin, cm.unit_id
       FROM club_members cm JOIN clubs c ON c.id = cm.club_id
      WHERE cm.profile_id = $1 AND cm.active
      ORDER BY cm.created_at, c.name`,
    [profileId],
  );
  // A super admin holds every permission in every club, whatever their membership says.
  return rows.map((r) => ({ ...r, permissions: permissionsOf(superAdmin ? 'admin' : r.role) }));
}

export function getClub(q: Queryable, clubId: string) {
  return maybeOne<TClub>(q, `SELECT ${CLUB_COLUMNS} FROM clubs c WHERE c.id = $1`, [clubId]);
}

export function insertClub(q: Queryable, c: { name: string; slug: string; timezone: string; description?: string | null }) {
  return one<TClub>(
    q,
    `INSERT INTO clubs AS c (name, slug, timezone, description) VALUES ($1, $2, $3, $4) RETURNING ${CLUB_COLUMNS}`,
    [c.name, c.slug, c.timezone, c.description ?? null],
  );
}

/** The creator's membership: who creates a club directs it, an adult (no guardian's consent needed). */
export async function insertMembership(q: Queryable, m: { clubId: string; profileId: string; role: string }): Promise<void> {
  await q.query(`INSERT INTO club_members (club_id, profile_id, role, adult_confirmed) VALUES ($1, $2, $3, true)`, [m.clubId, m.profileId, m.role]);
}

export function dashboardCounts(q: Queryable, clubId: string) {
  return maybeOne<TDashboardCounts>(
    q,
    `SELECT c.name AS club_name,
            (SELECT count(*)::int FROM club_members WHERE club_id = c.id AND active) AS active_members,
            (SELECT count(*)::int FROM units WHERE club_id = c.id) AS units,
            (SELECT count(*)::int FROM tasks WHERE club_id = c.id AND active) AS active_tasks,
            (SELECT count(*)::int FROM assigned_tasks WHERE club_id = c.id AND status = 'pending') AS pending_tasks,
            (SELECT count(*)::int FROM periods WHERE club_id = c.id) AS periods
       FROM clubs c WHERE c.id = $1`,
    [clubId],
  );
}

/** Clubs the person directs (active admin memberships). */
export async function countDirectedClubs(q: Queryable, profileId: string): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM club_members WHERE profile_id = $1 AND role = 'admin' AND active`,
    [profileId],
  );
  return row.n;
}

/** Locks an account's row (until the transaction ends): its own concurrent club creations take turns. */
export async function lockProfile(q: Queryable, profileId: string): Promise<void> {
  await q.query(`SELECT id FROM profiles WHERE id = $1 FOR UPDATE`, [profileId]);
}

/** Locks the club's row until the transaction ends: writes that check the whole club first take turns. */
export async function lockClub(q: Queryable, clubId: string): Promise<void> {
  await q.query(`SELECT id FROM clubs WHERE id = $1 FOR UPDATE`, [clubId]);
}

/** Whether the club is active; null when there is no such club. */
export async function clubIsActive(q: Queryable, clubId: string): Promise<boolean | null> {
  const club = await maybeOne<{ active: boolean }>(q, 'SELECT active FROM clubs WHERE id = $1', [clubId]);
  return club ? club.active : null;
}
