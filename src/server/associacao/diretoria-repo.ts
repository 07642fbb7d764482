import type { Queryable } from '../db/index.js';
import { clubTodayOf } from '../db/club-clock.js';
import { minorSql } from '../../shared/minor.js';
import { SECRETARY_MIN_AGE, type TPost } from '../../shared/associacao.js';

/** One post holder with the facts the Associação's rules read: age (by the one minor rule), sex, the term. */
export interface HolderRow {
  id: string;
  post: TPost;
  member_id: string;
  full_name: string;
  starts_on: string;
  ends_on: string;
  current: boolean;
  minor: boolean;
  /** Null without a birth date on record. */
  secretary_age_ok: boolean | null;
  sex: 'F' | 'M' | null;
}

/** The club's posts, current terms first, then by post and name. */
export async function listHolders(q: Queryable, clubId: string): Promise<HolderRow[]> {
  return listHoldersOfClubs(q, [clubId]);
}

/** {@link listHolders} of many clubs in one statement (each club's own today), club by club. */
export async function listHoldersOfClubs(q: Queryable, clubIds: string[]): Promise<Array<HolderRow & { club_id: string }>> {
  if (clubIds.length === 0) return [];
  return q.query<HolderRow & { club_id: string }>(
    `SELECT d.club_id, d.id, d.post, d.member_id, p.full_name, d.starts_on::text AS starts_on, d.ends_on::text AS ends_on,
            (k.today BETWEEN d.starts_on AND d.ends_on) AS current,
            ${minorSql('cm', 'k.today')} AS minor,
            (cm.birth_date <= k.today - interval '${SECRETARY_MIN_AGE} years') AS secretary_age_ok,
            s.sex
       FROM diretoria_posts d CROSS JOIN LATERAL (SELECT ${clubTodayOf('d.club_id')} AS today) k
       JOIN club_members cm ON cm.id = d.member_id
       JOIN profiles p ON p.id = cm.profile_id
       LEFT JOIN sgc_member_records s ON s.member_id = d.member_id
      WHERE d.club_id = ANY($1::uuid[])
      ORDER BY d.club_id, (k.today BETWEEN d.starts_on AND d.ends_on) DESC, d.post, pt_sort_key(p.full_name) COLLATE "C", d.id`,
    [clubIds],
  );
}

/** The posts held today (each club's own today) in many clubs: post names only, for the regional view. */
export async function currentPostsOfClubs(q: Queryable, clubIds: string[]): Promise<Array<{ club_id: string; post: TPost }>> {
  if (clubIds.length === 0) return [];
  return q.query(
    `SELECT d.club_id, d.post FROM diretoria_posts d
      WHERE d.club_id = ANY($1::uuid[]) AND ${clubTodayOf('d.club_id')} BETWEEN d.starts_on AND d.ends_on`,
    [clubIds],
  );
}

/** The club's active members who may hold a post, by name. */
export async function listCandidates(q: Queryable, clubId: string): Promise<Array<{ member_id: string; full_name: string }>> {
  return q.query(
    `SELECT cm.id AS member_id, p.full_name FROM club_members cm JOIN profiles p ON p.id = cm.profile_id
      WHERE cm.club_id = $1 AND cm.active ORDER BY pt_sort_key(p.full_name) COLLATE "C", p.full_name, cm.id`,
    [clubId],
  );
}

export interface PostFields {
  post: TPost;
  member_id: string;
  starts_on: string;
  ends_on: string;
}

export async function insertPost(q: Queryable, clubId: string, f: PostFields, by: string): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO diretoria_posts (club_id, post, member_id, starts_on, ends_on, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [clubId, f.post, f.member_id, f.starts_on, f.ends_on, by],
  );
  return row.id;
}

/** Whether the post existed in this club (and was changed). */
export async function updatePost(q: Queryable, clubId: string, id: string, f: PostFields): Promise<boolean> {
  const rows = await q.query(
    `UPDATE diretoria_posts SET post = $3, member_id = $4, starts_on = $5, ends_on = $6 WHERE club_id = $1 AND id = $2 RETURNING id`,
    [clubId, id, f.post, f.member_id, f.starts_on, f.ends_on],
  );
  return rows.length > 0;
}

export async function deletePost(q: Queryable, clubId: string, id: string): Promise<boolean> {
  return (await q.query(`DELETE FROM diretoria_posts WHERE club_id = $1 AND id = $2 RETURNING id`, [clubId, id])).length > 0;
}

/** The club's functions that make a person a leader (a volunteer when of age). */
const LEADER_ROLES = ['admin', 'associate', 'secretary', 'treasurer', 'counselor', 'instructor'];

export interface VolunteerRow {
  member_id: string;
  full_name: string;
  role: string;
  /** The posts held today. */
  posts: TPost[];
}

/**
 * The club's volunteers (Lei 9.608/1998): whoever holds a post today, and every active leader of age
 * (by the one minor rule). By name.
 */
export async function listVolunteers(q: Queryable, clubId: string): Promise<VolunteerRow[]> {
  return q.query<VolunteerRow>(
    `WITH k AS (SELECT ${clubTodayOf('$1::uuid')} AS today)
     SELECT cm.id AS member_id, p.full_name, cm.role,
            coalesce(array_agg(d.post ORDER BY d.starts_on, d.id) FILTER (WHERE d.id IS NOT NULL), '{}') AS posts
       FROM club_members cm CROSS JOIN k
       JOIN profiles p ON p.id = cm.profile_id
       LEFT JOIN diretoria_posts d ON d.club_id = cm.club_id AND d.member_id = cm.id AND k.today BETWEEN d.starts_on AND d.ends_on
      WHERE cm.club_id = $1
        AND (d.id IS NOT NULL OR (cm.active AND cm.role = ANY($2::text[]) AND NOT ${minorSql('cm', 'k.today')}))
      GROUP BY cm.id, p.full_name, cm.role
      ORDER BY pt_sort_key(p.full_name) COLLATE "C", p.full_name, cm.id`,
    [clubId, LEADER_ROLES],
  );
}

/** The posts a member holds today, with their terms (the termo de adesão names them). */
export async function currentTermsOf(q: Queryable, clubId: string, memberId: string): Promise<Array<{ post: TPost; starts_on: string; ends_on: string }>> {
  return q.query(
    `SELECT post, starts_on::text AS starts_on, ends_on::text AS ends_on FROM diretoria_posts
      WHERE club_id = $1 AND member_id = $2 AND ${clubTodayOf('$1::uuid')} BETWEEN starts_on AND ends_on
      ORDER BY starts_on, id`,
    [clubId, memberId],
  );
}

/** What the printed termo names besides the terms: the person, their CPF if known (their own), the club's city and day. */
export async function termoFacts(q: Queryable, clubId: string, memberId: string): Promise<{ member_id: string; full_name: string; role: string; cpf: string | null; club_name: string; city: string | null; today: string } | null> {
  const [row] = await q.query<{ member_id: string; full_name: string; role: string; cpf: string | null; club_name: string; city: string | null; today: string }>(
    `SELECT cm.id AS member_id, p.full_name, cm.role, CASE WHEN s.cpf_owner = 'member' THEN s.cpf END AS cpf,
            c.name AS club_name, px.city, ${clubTodayOf('$1::uuid')}::text AS today
       FROM club_members cm
       JOIN profiles p ON p.id = cm.profile_id
       JOIN clubs c ON c.id = cm.club_id
       LEFT JOIN sgc_member_records s ON s.member_id = cm.id
       LEFT JOIN club_pix_settings px ON px.club_id = cm.club_id
      WHERE cm.club_id = $1 AND cm.id = $2`,
    [clubId, memberId],
  );
  return row ?? null;
}
