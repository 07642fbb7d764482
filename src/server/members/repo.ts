import type { Queryable } from '../db/index.js';
import { maybeOne, one } from '../db/index.js';
import type { TMember } from '../../shared/members.js';
import { isoUtc, jsonPage, type JsonPage } from '../db/json-text.js';

/** $2 decides whether e-mails are shown (admins only). */
const COLUMNS = `cm.id, cm.club_id, cm.profile_id, p.full_name, CASE WHEN $2::boolean THEN p.email END AS email,
  p.password_hash IS NOT NULL AS has_account,
  (p.password_hash IS NOT NULL AND p.owner_club_id = cm.club_id AND claimed.profile_id IS NOT NULL) AS claimed_here,
  cm.role, cm.title, cm.unit_id, u.name AS unit_name, cm.active, cm.created_at`;
const FROM = `club_members cm JOIN profiles p ON p.id = cm.profile_id
  LEFT JOIN units u ON u.club_id = cm.club_id AND u.id = cm.unit_id
  -- Claims through this club's links, read for this club only (club_invitations_club_idx), not per member.
  LEFT JOIN (SELECT DISTINCT ci.profile_id FROM club_invitations ci
              WHERE ci.club_id = $1 AND ci.used_at IS NOT NULL AND ci.profile_id IS NOT NULL) claimed ON claimed.profile_id = cm.profile_id`;

export interface MemberFilter {
  /** Name (or, for who sees e-mails, e-mail) fragment, LIKE-escaped. */
  search: string;
  /** A unit id, 'none' (no unit) or undefined (any). */
  unitId: string | undefined;
  status: 'all' | 'active' | 'inactive';
}

/** $1 club, $2 whether e-mails show (and are searched), $3 search, $4 unit, $5 status. */
const MEMBER_FILTER = `cm.club_id = $1
  AND ($3 = '' OR p.full_name ILIKE '%' || $3 || '%' OR ($2::boolean AND p.email ILIKE '%' || $3 || '%'))
  AND ($4::text IS NULL OR ($4 = 'none' AND cm.unit_id IS NULL) OR cm.unit_id::text = $4)
  AND ($5 = 'all' OR cm.active = ($5 = 'active'))`;
/** The same without the search ($2 and $3 still bound, unused). */
const MEMBER_FILTER_NO_SEARCH = `cm.club_id = $1 AND $2::boolean IS NOT NULL AND $3 = ''
  AND ($4::text IS NULL OR ($4 = 'none' AND cm.unit_id IS NULL) OR cm.unit_id::text = $4)
  AND ($5 = 'all' OR cm.active = ($5 = 'active'))`;

/** The member columns of ZMember, in its order, for the JSON text PostgreSQL writes (created_at as the driver writes it). */
const JSON_COLUMNS = COLUMNS.replace('cm.created_at', `${isoUtc('cm.created_at')} AS created_at`);

/**
 * One page of the club's members with profile and unit names, newest first (spec 7), keyset on
 * (created_at, id) (index club_members_club_created_idx), and the filters' total: one statement, the
 * rows written as JSON by the database. The sort key of a row is its exact timestamp as text and id.
 */
export type MemberSort = 'recentes' | 'nome' | 'pontos';

/** Per sort: the key expression (as text in the cursor), its cast back from the cursor, and its direction. */
const MEMBER_SORTS: Record<Exclude<MemberSort, 'recentes'>, { key: string; cast: string; dir: 'ASC' | 'DESC' }> = {
  // As a Brazilian reads names: accents and case folded (migration 0401), then the id for ties.
  nome: { key: 'pt_sort_key(p.full_name)', cast: 'text', dir: 'ASC' },
  // The overall total the ranking shows (member_point_totals), highest first; a member with no ledger row has 0.
  pontos: { key: 'coalesce(mpt.total_points, 0)', cast: 'bigint', dir: 'DESC' },
};

export function listMembersPage(q: Queryable, clubId: string, withEmail: boolean, f: MemberFilter, after: readonly [string, string] | null, limit: number, sort: MemberSort = 'recentes'): Promise<JsonPage> {
  const filter = [clubId, withEmail, f.search, f.unitId ?? null, f.status];
  if (sort !== 'recentes') {
    // Name and points sort within one club (its members, a few hundred at most): the page of ids is
    // cut from the club's rows ordered by the key, then filled in like the newest-first page.
    const { key, cast, dir } = MEMBER_SORTS[sort];
    const cmp = dir === 'ASC' ? '>' : '<';
    const from = `club_members cm JOIN profiles p ON p.id = cm.profile_id
      LEFT JOIN member_point_totals mpt ON mpt.club_id = cm.club_id AND mpt.profile_id = cm.profile_id`;
    return jsonPage(q, {
      count: `SELECT count(*)::int AS total FROM club_members cm JOIN profiles p ON p.id = cm.profile_id WHERE ${MEMBER_FILTER}`,
      page: `WITH ids AS (
         SELECT cm.id, ${key} AS k0 FROM ${from}
          WHERE ${MEMBER_FILTER} AND ($6::text IS NULL OR (${key}, cm.id) ${cmp} ($6::${cast}, $7::uuid))
          ORDER BY ${key} ${dir}, cm.id ${dir}
          LIMIT $8
       )
       SELECT row_to_json(m)::text AS j, ids.k0::text AS k0, cm.id AS k1
         FROM ids, ${FROM}, LATERAL (SELECT ${JSON_COLUMNS}) m
        WHERE cm.id = ids.id
        ORDER BY ids.k0 ${dir}, cm.id ${dir}`,
    }, [...filter, after?.[0] ?? null, after?.[1] ?? null, limit + 1], limit, 2);
  }
  // Without a search the count needs no profile per member: an index-only count of the club's rows.
  // The page of ids too: read in index order (club_id, created_at, id) up to the limit, no profile joined.
  const counted = f.search === '' ? 'club_members cm' : 'club_members cm JOIN profiles p ON p.id = cm.profile_id';
  const where = f.search === '' ? MEMBER_FILTER_NO_SEARCH : MEMBER_FILTER;
  return jsonPage(q, {
    count: `SELECT count(*)::int AS total FROM ${counted} WHERE ${where}`,
    // The page of ids first, so the unit and claim lookups run for one page, not for every match.
    page: `WITH ids AS (
       SELECT cm.id FROM ${counted}
        WHERE ${where} AND ($6::timestamptz IS NULL OR (cm.created_at, cm.id) < ($6::timestamptz, $7::uuid))
        ORDER BY cm.created_at DESC, cm.id DESC
        LIMIT $8
     )
     SELECT row_to_json(m)::text AS j, cm.created_at::text AS k0, cm.id AS k1
       FROM ids, ${FROM}, LATERAL (SELECT ${JSON_COLUMNS}) m
      WHERE cm.id = ids.id
      ORDER BY cm.created_at DESC, cm.id DESC`,
  }, [...filter, after?.[0] ?? null, after?.[1] ?? null, limit + 1], limit, 2);
}

export function getMember(q: Queryable, clubId: string, memberId: string) {
  return maybeOne<TMember>(q, `SELECT ${COLUMNS} FROM ${FROM} WHERE cm.club_id = $1 AND cm.id = $3`, [clubId, true, memberId]);
}

export function getMemberByProfile(q: Queryable, clubId: string, profileId: string) {
  return maybeOne<TMember>(q, `SELECT ${COLUMNS} FROM ${FROM} WHERE cm.club_id = $1 AND cm.profile_id = $3`, [clubId, true, profileId]);
}

/**
 * Locks the club's active admin rows so two concurrent demotions cannot leave the club without one.
 * Only admins who can sign in count: an accountless admin cannot manage the club (issue 22).
 */
export async function lockActiveAdmins(q: Queryable, clubId: string): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `SELECT cm.id FROM club_members cm JOIN profiles p ON p.id = cm.profile_id
      WHERE cm.club_id = $1 AND cm.role = 'admin' AND cm.active AND p.password_hash IS NOT NULL
      ORDER BY cm.id FOR UPDATE OF cm`,
    [clubId],
  );
  return rows.map((r) => r.id);
}

/**
 * Whether the account (a profile with a password) that signs in with this e-mail is already an active
 * member of the club. Contact e-mails of accountless members never match. One query either way, so a
 * known and an unknown e-mail cost the same.
 */
export async function isActiveMemberByEmail(q: Queryable, clubId: string, email: string): Promise<boolean> {
  const rows = await q.query(
    `SELECT 1 FROM profiles p JOIN club_members cm ON cm.profile_id = p.id AND cm.club_id = $1 AND cm.active
      WHERE lower(p.email) = lower($2) AND p.password_hash IS NOT NULL`,
    [clubId, email],
  );
  return rows.length > 0;
}

/** E-mails (lower case) already on this club's member list: the director sees them there anyway. */
export async function clubMemberEmails(q: Queryable, clubId: string): Promise<Set<string>> {
  const rows = await q.query<{ email: string }>(
    `SELECT lower(p.email) AS email FROM club_members cm JOIN profiles p ON p.id = cm.profile_id
      WHERE cm.club_id = $1 AND p.email IS NOT NULL`,
    [clubId],
  );
  return new Set(rows.map((r) => r.email));
}

/** A profile without password, owned by the club that creates it: a member who has no login (yet). */
export function insertAccountlessProfile(q: Queryable, p: { full_name: string; email: string | null; ownerClubId: string }) {
  return one<{ id: string }>(
    q,
    `INSERT INTO profiles (full_name, email, owner_club_id) VALUES ($1, $2, $3) RETURNING id`,
    [p.full_name, p.email, p.ownerClubId],
  );
}

/** The club that owns an accountless profile (null for accounts and for profiles no club owns). */
export async function profileOwnerClub(q: Queryable, profileId: string): Promise<string | null> {
  const row = await maybeOne<{ owner_club_id: string | null }>(q, `SELECT owner_club_id FROM profiles WHERE id = $1`, [profileId]);
  return row?.owner_club_id ?? null;
}

export function insertMember(q: Queryable, m: { clubId: string; profileId: string; role: string; unitId: string | null; birthDate?: string | null }) {
  return one<{ id: string }>(
    q,
    `INSERT INTO club_members (club_id, profile_id, role, unit_id, birth_date) VALUES ($1, $2, $3, $4, $5::date) RETURNING id`,
    [m.clubId, m.profileId, m.role, m.unitId, m.birthDate ?? null],
  );
}

export async function updateMember(q: Queryable, clubId: string, memberId: string, f: { role: string; unit_id: string | null; active: boolean }) {
  await q.query(
    `UPDATE club_members SET role = $3, unit_id = $4, active = $5, updated_at = now() WHERE club_id = $1 AND id = $2`,
    [clubId, memberId, f.role, f.unit_id, f.active],
  );
}

export async function deleteMember(q: Queryable, clubId: string, memberId: string) {
  await q.query(`DELETE FROM club_members WHERE club_id = $1 AND id = $2`, [clubId, memberId]);
}

export async function unitExists(q: Queryable, clubId: string, unitId: string): Promise<boolean> {
  const rows = await q.query(`SELECT 1 FROM units WHERE club_id = $1 AND id = $2`, [clubId, unitId]);
  return rows.length > 0;
}

export function listUnitNames(q: Queryable, clubId: string) {
  return q.query<{ id: string; name: string }>(`SELECT id, name FROM units WHERE club_id = $1`, [clubId]);
}
