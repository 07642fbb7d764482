import type { Queryable } from '../db/index.js';
import { maybeOne, one } from '../db/index.js';
import { REPORT_TIMEZONE, type TAdminClub, type TAdminUser, type TPlatformStats, type TReportMonth } from '../../shared/admin.js';
import { CLUB_COLUMNS } from '../clubs/repo.js';
import { isoUtc, jsonPage } from '../db/json-text.js';

/** An account is a profile that can sign in; club members added without one are not platform users. */
const IS_ACCOUNT = 'p.password_hash IS NOT NULL';

/**
 * The whole platform's data version, for the super admin's kept answers (ADR 026, ADR 090): the changes
 * counted by the commits that bump clubs' versions (256 shards, migration 1063) with the platform's and
 * the people's versions. Creating or deleting a club moves the platform version. 257 rows, whatever the
 * number of clubs.
 */
export async function platformDataVersion(q: Queryable): Promise<string> {
  const row = await one<{ v: string }>(
    q,
    `SELECT (SELECT sum(s.changes) FROM platform_club_changes s) || '.' || p.version || '.' || p.people AS v
       FROM platform_data_version p`,
  );
  return row.v;
}

export function platformStats(q: Queryable) {
  return one<TPlatformStats>(
    q,
    `SELECT (SELECT count(*)::int FROM clubs) AS "totalClubes",
            (SELECT count(*)::int FROM clubs WHERE active) AS "clubesAtivos",
            (SELECT count(*)::int FROM profiles p WHERE ${IS_ACCOUNT}) AS "totalUsuarios",
            (SELECT count(*)::int FROM tasks) AS "totalTarefas"`,
  );
}

/** member_count is kept by the club_members triggers of migration 0370, exact in every transaction. */
const ADMIN_CLUB_COLUMNS = `${CLUB_COLUMNS},
  c.active_member_count AS member_count,
  (SELECT count(*)::int FROM tasks t WHERE t.club_id = c.id) AS task_count`;

const CLUB_FILTER = `($1 = '' OR c.name ILIKE '%' || $1 || '%' OR c.slug ILIKE '%' || $1 || '%')`;

/** ZAdminClub's columns, in its order, with the instants as the driver writes them (JSON text). */
const ADMIN_CLUB_JSON_COLUMNS = ADMIN_CLUB_COLUMNS
  .replace('c.created_at', `${isoUtc('c.created_at')} AS created_at`)
  .replace('c.updated_at', `${isoUtc('c.updated_at')} AS updated_at`);

export interface ClubCounts {
  /** Clubs matching the search (all of them without one). */
  total: number;
  clubs: number;
  active_clubs: number;
  members: number;
}

/**
 * /superadmin/clubes in one statement: the platform's totals (every club, whatever the search) and how
 * many clubs match, counted in one pass over the clubs with no membership read (member counts are kept
 * by triggers), and one page of the matching clubs, newest first (keyset on created_at, id: index
 * clubs_created_at_id_idx), with their active members and tasks, written as JSON by the database.
 */
export function listClubsPage(q: Queryable, search: string, after: readonly [string, string] | null, limit: number) {
  return jsonPage<ClubCounts>(q, {
    count: `SELECT (count(*) FILTER (WHERE ${CLUB_FILTER}))::int AS total,
                   count(*)::int AS clubs,
                   (count(*) FILTER (WHERE c.active))::int AS active_clubs,
                   coalesce(sum(c.active_member_count), 0)::int AS members
              FROM clubs c`,
    page: `WITH ids AS (
       SELECT c.id FROM clubs c
        WHERE ${CLUB_FILTER} AND ($2::timestamptz IS NULL OR (c.created_at, c.id) < ($2::timestamptz, $3::uuid))
        ORDER BY c.created_at DESC, c.id DESC
        LIMIT $4
     )
     SELECT row_to_json(x)::text AS j, c.created_at::text AS k0, c.id AS k1
       FROM ids JOIN clubs c ON c.id = ids.id, LATERAL (SELECT ${ADMIN_CLUB_JSON_COLUMNS}) x
      ORDER BY c.created_at DESC, c.id DESC`,
  }, [likeLiteral(search), after?.[0] ?? null, after?.[1] ?? null, limit + 1], limit, 2);
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

/** Storage keys of the files a club's rows point to (submission evidence), removed after the club. */
export async function clubFileKeys(q: Queryable, clubId: string): Promise<string[]> {
  const rows = await q.query<{ key: string }>(`SELECT evidence_key AS key FROM task_submissions WHERE club_id = $1`, [clubId]);
  return rows.map((r) => r.key);
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

/**
 * Accounts matching a name or e-mail fragment, with their clubs; super admins first, then by name
 * (keyset on that order, index profiles_admin_list_idx). Fetches `limit + 1` rows.
 */
export async function searchUsers(q: Queryable, search: string, after: readonly [boolean, string, string] | null, limit: number) {
  const term = likeLiteral(search);
  const total = await one<{ n: number }>(q, `SELECT count(*)::int AS n FROM profiles p WHERE ${USER_FILTER}`, [term]);
  // The page of ids first, so the per-user lookups run for 50 rows, not for every match.
  const users = await q.query<TAdminUser & { sort_name: string }>(
    `WITH page AS (
       SELECT p.id, p.full_name, p.email, p.user_type, p.blocked_at, p.created_at
         FROM profiles p
        WHERE ${USER_FILTER}
          AND ($2::boolean IS NULL OR (p.user_type <> 'super_admin', lower(p.full_name), p.id) > ($2::boolean, $3::text, $4::uuid))
        ORDER BY p.user_type <> 'super_admin', lower(p.full_name), p.id
        LIMIT $5
     )
     SELECT page.*, lower(page.full_name) AS sort_name,
            (SELECT max(s.last_seen_at) FROM sessions s WHERE s.profile_id = page.id) AS last_seen_at,
            coalesce((SELECT json_agg(json_build_object('id', c.id, 'name', c.name, 'role', cm.role, 'active', cm.active)
                                      ORDER BY c.name)
                        FROM club_members cm JOIN clubs c ON c.id = cm.club_id
                       WHERE cm.profile_id = page.id), '[]'::json) AS clubs
       FROM page
      ORDER BY page.user_type <> 'super_admin', lower(page.full_name), page.id`,
    [term, after?.[0] ?? null, after?.[1] ?? null, after?.[2] ?? null, limit + 1],
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

// A completion is a task_completions row (issue 5): one per time a member completed a task,
// accumulative repeats and approved submissions included.
const COMPLETIONS = `SELECT tc.completed_at AS at, tc.club_id, tc.profile_id FROM task_completions tc`;

/**
 * New clubs, new accounts and task completions per calendar month (in tz), the last n months,
 * zero-filled. Each source is read once, from the first month's start on, and grouped by month.
 */
export function monthlyReport(q: Queryable, months: number, tz: string) {
  return q.query<TReportMonth>(
    `WITH bounds AS (
       SELECT generate_series(date_trunc('month', now() AT TIME ZONE $2) - make_interval(months => $1 - 1),
                              date_trunc('month', now() AT TIME ZONE $2), interval '1 month') AS m
     ), since AS (
       SELECT min(m) AT TIME ZONE $2 AS at FROM bounds
     ), clubs_m AS (
       SELECT date_trunc('month', c.created_at AT TIME ZONE $2) AS m, count(*)::int AS n
         FROM clubs c, since WHERE c.created_at >= since.at GROUP BY 1
     ), users_m AS (
       SELECT date_trunc('month', p.created_at AT TIME ZONE $2) AS m, count(*)::int AS n
         FROM profiles p, since WHERE ${IS_ACCOUNT} AND p.created_at >= since.at GROUP BY 1
     ), done_m AS (
       SELECT date_trunc('month', x.at AT TIME ZONE $2) AS m, count(*)::int AS n
         FROM (${COMPLETIONS}) x, since WHERE x.at >= since.at GROUP BY 1
     )
     SELECT to_char(b.m, 'YYYY-MM') AS month,
            coalesce(c.n, 0) AS new_clubs, coalesce(u.n, 0) AS new_users, coalesce(d.n, 0) AS tasks_completed
       FROM bounds b
       LEFT JOIN clubs_m c ON c.m = b.m
       LEFT JOIN users_m u ON u.m = b.m
       LEFT JOIN done_m d ON d.m = b.m
      ORDER BY b.m`,
    [months, tz],
  );
}

// Active = an active membership, and either used Trilha (a login day, or a session seen) or completed
// a task in that club in the last 30 days. Each IN list is computed once and hashed.
const ACTIVE_MEMBERSHIPS = `
  SELECT cm.club_id, cm.profile_id FROM club_members cm
   WHERE cm.active AND (
         cm.profile_id IN (SELECT ld.profile_id FROM login_days ld
                            WHERE ld.day > (now() AT TIME ZONE '${REPORT_TIMEZONE}')::date - 30
                           UNION
                           SELECT s.profile_id FROM sessions s WHERE s.last_seen_at >= now() - interval '30 days')
      OR (cm.club_id, cm.profile_id) IN (SELECT x.club_id, x.profile_id FROM (${COMPLETIONS}) x
                                          WHERE x.at >= now() - interval '30 days'))`;

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

/** Background jobs failing now (issue 43): a club's share or a whole run, the most recent first (100 at most). */
export function listJobFailures(q: Queryable) {
  return q.query<{ job: string; club_id: string | null; club_name: string | null; error: string; attempts: number; first_failed_at: string; last_failed_at: string }>(
    `SELECT f.job, f.club_id, c.name AS club_name, f.error, f.attempts,
            ${isoUtc('f.first_failed_at')} AS first_failed_at, ${isoUtc('f.last_failed_at')} AS last_failed_at
       FROM job_failures f LEFT JOIN clubs c ON c.id = f.club_id
      ORDER BY f.last_failed_at DESC, f.job, f.club_id LIMIT 100`,
  );
}
