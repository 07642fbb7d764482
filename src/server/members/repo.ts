import type { Queryable } from '../db/index.js';
import { maybeOne, one } from '../db/index.js';
import type { TMember } from '../../shared/members.js';

/** $2 decides whether e-mails are shown (admins only). */
const COLUMNS = `cm.id, cm.club_id, cm.profile_id, p.full_name, CASE WHEN $2::boolean THEN p.email END AS email,
  p.password_hash IS NOT NULL AS has_account, cm.role, cm.unit_id, u.name AS unit_name, cm.active, cm.created_at`;
const FROM = `club_members cm JOIN profiles p ON p.id = cm.profile_id
  LEFT JOIN units u ON u.club_id = cm.club_id AND u.id = cm.unit_id`;

/** The club's members with profile and unit names, newest first (spec 7). */
export function listMembers(q: Queryable, clubId: string, withEmail: boolean) {
  return q.query<TMember>(`SELECT ${COLUMNS} FROM ${FROM} WHERE cm.club_id = $1 ORDER BY cm.created_at DESC, p.full_name`, [clubId, withEmail]);
}

export function getMember(q: Queryable, clubId: string, memberId: string) {
  return maybeOne<TMember>(q, `SELECT ${COLUMNS} FROM ${FROM} WHERE cm.club_id = $1 AND cm.id = $3`, [clubId, true, memberId]);
}

export function getMemberByProfile(q: Queryable, clubId: string, profileId: string) {
  return maybeOne<TMember>(q, `SELECT ${COLUMNS} FROM ${FROM} WHERE cm.club_id = $1 AND cm.profile_id = $3`, [clubId, true, profileId]);
}

/** Locks the club's active admin rows so two concurrent demotions cannot leave the club without one. */
export async function lockActiveAdmins(q: Queryable, clubId: string): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `SELECT id FROM club_members WHERE club_id = $1 AND role = 'admin' AND active ORDER BY id FOR UPDATE`,
    [clubId],
  );
  return rows.map((r) => r.id);
}

export interface ProfileLookup {
  id: string;
  full_name: string;
  email: string | null;
  has_account: boolean;
}

export function findProfileByEmail(q: Queryable, email: string) {
  return maybeOne<ProfileLookup>(
    q,
    `SELECT id, full_name, email, password_hash IS NOT NULL AS has_account FROM profiles WHERE lower(email) = lower($1)`,
    [email],
  );
}

export function findProfilesByEmails(q: Queryable, emails: string[]) {
  return q.query<ProfileLookup>(
    `SELECT id, full_name, email, password_hash IS NOT NULL AS has_account
       FROM profiles WHERE lower(email) = ANY($1::text[])`,
    [emails.map((e) => e.toLowerCase())],
  );
}

export async function memberProfileIds(q: Queryable, clubId: string): Promise<Set<string>> {
  const rows = await q.query<{ profile_id: string }>(`SELECT profile_id FROM club_members WHERE club_id = $1`, [clubId]);
  return new Set(rows.map((r) => r.profile_id));
}

/** A profile without password: a member who has no login (yet). */
export function insertAccountlessProfile(q: Queryable, p: { full_name: string; email: string | null }) {
  return one<{ id: string }>(q, `INSERT INTO profiles (full_name, email) VALUES ($1, $2) RETURNING id`, [p.full_name, p.email]);
}

export function insertMember(q: Queryable, m: { clubId: string; profileId: string; role: string; unitId: string | null }) {
  return one<{ id: string }>(
    q,
    `INSERT INTO club_members (club_id, profile_id, role, unit_id) VALUES ($1, $2, $3, $4) RETURNING id`,
    [m.clubId, m.profileId, m.role, m.unitId],
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
