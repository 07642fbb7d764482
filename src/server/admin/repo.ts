import type { Queryable } from '../db/index.js';
import { maybeOne, one } from '../db/index.js';
import type { TAdminClub, TAdminUser, TPlatformStats, TReportMonth } from '../../shared/admin.js';
import { CLUB_COLUMNS } from '../clubs/repo.js';

/** An account is a profile that can sign in; club members added without one are not platform users. */
const IS_ACCOUNT = 'p.password_hash IS NOT NULL';

export function platformStats(q: Queryable) {
  return one<TPlatformStats>(
    q,
    `SELECT (SELECT count(*)::int FROM clubs) AS "totalClubes",
            (SELECT count(*)::int FROM clubs WHERE active) AS "clubesAtivos",
            (SELECT count(*)::int FROM profiles p WHERE ${IS_ACCOUNT}) AS "totalUsuarios",
            (SELECT count(*)::int FROM tasks) AS "totalTarefas"`,
  );
}

const ADMIN_CLUB_COLUMNS = `${CLUB_COLUMNS},
  (SELECT count(*)::int FROM club_members cm WHERE cm.club_id = c.id AND cm.active) AS member_count,
  (SELECT count(*)::int FROM tasks t WHERE t.club_id = c.id) AS task_count`;

/** Every club, newest first, with its active members and tasks. */
export function listClubs(q: Queryable) {
  return q.query<TAdminClub>(`SELECT ${ADMIN_CLUB_COLUMNS} FROM clubs c ORDER BY c.created_at DESC, c.name`);
}

export function getAdminClub(q: Queryable, clubId: string) {
  return maybeOne<TAdminClub>(q, `SELECT ${ADMIN_CLUB_COLUMNS} FROM clubs c WHERE c.id = $1`, [clubId]);
}

/** Locks the club row for the rest of the transaction (edits and deletion do not interleave). */
export function lockClub(q: Queryable, clubId: string) {
  return maybeOne<TAdminClub>(q, `SELECT ${ADMIN_CLUB_COLUMNS} FROM clubs c WHERE c.id = $1 FOR UPDATE`, [clubId]);
}

export interface ClubChanges {
  name?: string;
  slug?: string;
  timezone?: string;
  description?: string | null;
  active?: boolean;
}

export async function updateClub(q: Queryable, clubId: string, ch: ClubChanges): Promise<void> {
  await q.query(
    `UPDATE clubs SET
        name        = CASE WHEN $2::boolean THEN $3 ELSE name END,
        slug        = CASE WHEN $4::boolean THEN $5 ELSE slug END,
        timezone    = CASE WHEN $6::boolean THEN $7 ELSE timezone END,
        description = CASE WHEN $8::boolean THEN $9 ELSE description END,
        active      = CASE WHEN $10::boolean THEN $11::boolean ELSE active END,
        updated_at  = now()
      WHERE id = $1`,
    [clubId,
      ch.name !== undefined, ch.name ?? null,
      ch.slug !== undefined, ch.slug ?? null,
      ch.timezone !== undefined, ch.timezone ?? null,
      ch.description !== undefined, ch.description ?? null,
      ch.active !== undefined, ch.active ?? null],
  );
}

/**
 * Removes a club and everything it owns. Club tables cascade from clubs; the rows behind a
 * RESTRICT key inside the club (transactions → cash accounts, members → units) go first, so the
 * result never depends on the order in which PostgreSQL fires the sibling cascades.
 */
export async function deleteClubCascade(q: Queryable, clubId: string): Promise<void> {
  await q.query(`DELETE FROM transactions WHERE club_id = $1`, [clubId]);
  await q.query(`DELETE FROM club_members WHERE club_id = $1`, [clubId]);
  await q.query(`DELETE FROM clubs WHERE id = $1`, [clubId]);
}

export function findAccountByEmail(q: Queryable, email: string) {
  return maybeOne<{ id: string; full_name: string; email: string; blocked_at: string | null }>(
    q,
    `SELECT p.id, p.full_name, p.email, p.blocked_at FROM profiles p WHERE lower(p.email) = lower($1) AND ${IS_ACCOUNT}`,
    [email],
  );
}

const USER_FILTER = `${IS_ACCOUNT} AND ($1 = '' OR p.full_name ILIKE '%' || $1 || '%' OR p.email ILIKE '%' || $1 || '%')`;

/** Escapes LIKE wildcards so a search for '50%' means those characters. */
export function likeLiteral(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Accounts matching a name or e-mail fragment, with their clubs; super admins first, then by name. */
export async function searchUsers(q: Queryable, search: string, limit: number, offset: number) {
  const term = likeLiteral(search);
  const total = await one<{ n: number }>(q, `SELECT count(*)::int AS n FROM profiles p WHERE ${USER_FILTER}`, [term]);
  const users = await q.query<TAdminUser>(
    `SELECT p.id, p.full_name, p.email, p.user_type, p.blocked_at, p.created_at,
            (SELECT max(s.last_seen_at) FROM sessions s WHERE s.profile_id = p.id) AS last_seen_at,
            coalesce((SELECT json_agg(json_build_object('id', c.id, 'name', c.name, 'role', cm.role, 'active', cm.active)
                                      ORDER BY c.name)
                        FROM club_members cm JOIN clubs c ON c.id = cm.club_id
                       WHERE cm.profile_id = p.id), '[]'::json) AS clubs
       FROM profiles p
      WHERE ${USER_FILTER}
      ORDER BY p.user_type = 'super_admin' DESC, lower(p.full_name), p.id
      LIMIT $2 OFFSET $3`,
    [term, limit, offset],
  );
  return { users, total: total.n };
}

export function getUser(q: Queryable, profileId: string) {
  return maybeOne<{ id: string; full_name: string; email: string | null; user_type: 'member' | 'super_admin'; blocked_at: string | null }>(
    q,
    `SELECT p.id, p.full_name, p.email, p.user_type, p.blocked_at FROM profiles p WHERE p.id = $1 AND ${IS_ACCOUNT}`,
    [profileId],
  );
}

/** Serialises changes to super admins so two of them cannot demote each other at once. */
export async function lockSuperAdmins(q: Queryable): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock(7355610)');
}

/** Whether the profile is still a super admin who can sign in (checked again under the lock). */
export async function isActiveSuperAdmin(q: Queryable, profileId: string): Promise<boolean> {
  const row = await maybeOne(q, `SELECT 1 FROM profiles WHERE id = $1 AND user_type = 'super_admin' AND blocked_at IS NULL`, [profileId]);
  return row !== null;
}

/** Super admins who can still sign in, other than the given profile. */
export async function countOtherActiveSuperAdmins(q: Queryable, exceptId: string): Promise<number> {
  const row = await one<{ n: number }>(
    q,
    `SELECT count(*)::int AS n FROM profiles WHERE user_type = 'super_admin' AND blocked_at IS NULL AND id <> $1`,
    [exceptId],
  );
  return row.n;
}

export async function setUserType(q: Queryable, profileId: string, userType: 'member' | 'super_admin'): Promise<void> {
  await q.query(`UPDATE profiles SET user_type = $2, updated_at = now() WHERE id = $1`, [profileId, userType]);
}

export async function setBlocked(q: Queryable, profileId: string, blocked: boolean): Promise<void> {
  await q.query(
    `UPDATE profiles SET blocked_at = CASE WHEN $2::boolean THEN coalesce(blocked_at, now()) END, updated_at = now() WHERE id = $1`,
    [profileId, blocked],
  );
}

// A completion is a ledger row of a task (each repeat of an accumulative task is one), or a
// finished assignment that left no such row (e.g. a task worth no points).
const COMPLETIONS = `
  SELECT pe.occurred_at AS at, pe.club_id, pe.profile_id FROM point_events pe
   WHERE pe.source IN ('task_completion', 'submission_approval') AND pe.task_id IS NOT NULL
  UNION ALL
  SELECT a.completed_at, a.club_id, a.profile_id FROM assigned_tasks a
   WHERE a.status IN ('completed', 'approved') AND a.completed_at IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM point_events pe
                      WHERE pe.task_id = a.task_id AND pe.profile_id = a.profile_id
                        AND pe.source IN ('task_completion', 'submission_approval'))`;

/** New clubs, new accounts and task completions per calendar month (in tz), the last n months. */
export function monthlyReport(q: Queryable, months: number, tz: string) {
  return q.query<TReportMonth>(
    `WITH bounds AS (
       SELECT generate_series(date_trunc('month', now() AT TIME ZONE $2) - make_interval(months => $1 - 1),
                              date_trunc('month', now() AT TIME ZONE $2), interval '1 month') AS m
     ), completions AS (${COMPLETIONS})
     SELECT to_char(b.m, 'YYYY-MM') AS month,
            (SELECT count(*)::int FROM clubs c
              WHERE c.created_at AT TIME ZONE $2 >= b.m AND c.created_at AT TIME ZONE $2 < b.m + interval '1 month') AS new_clubs,
            (SELECT count(*)::int FROM profiles p
              WHERE ${IS_ACCOUNT} AND p.created_at AT TIME ZONE $2 >= b.m AND p.created_at AT TIME ZONE $2 < b.m + interval '1 month') AS new_users,
            (SELECT count(*)::int FROM completions x
              WHERE x.at AT TIME ZONE $2 >= b.m AND x.at AT TIME ZONE $2 < b.m + interval '1 month') AS tasks_completed
       FROM bounds b ORDER BY b.m`,
    [months, tz],
  );
}

// Active = an active membership, and either signed in or completed a task in the last 30 days.
const ACTIVE_MEMBERSHIPS = `
  SELECT cm.club_id, cm.profile_id FROM club_members cm
   WHERE cm.active AND (
         EXISTS (SELECT 1 FROM sessions s WHERE s.profile_id = cm.profile_id AND s.last_seen_at >= now() - interval '30 days')
      OR EXISTS (SELECT 1 FROM (${COMPLETIONS}) x
                  WHERE x.profile_id = cm.profile_id AND x.club_id = cm.club_id AND x.at >= now() - interval '30 days'))`;

export async function activeMembers30d(q: Queryable): Promise<number> {
  const row = await one<{ n: number }>(q, `SELECT count(DISTINCT profile_id)::int AS n FROM (${ACTIVE_MEMBERSHIPS}) a`);
  return row.n;
}

export function activeMembersByClub(q: Queryable, limit: number) {
  return q.query<{ club_id: string; club_name: string; active_members: number }>(
    `SELECT c.id AS club_id, c.name AS club_name, count(*)::int AS active_members
       FROM (${ACTIVE_MEMBERSHIPS}) a JOIN clubs c ON c.id = a.club_id
      GROUP BY c.id, c.name
      ORDER BY active_members DESC, c.name
      LIMIT $1`,
    [limit],
  );
}
