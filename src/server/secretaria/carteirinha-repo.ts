import { maybeOne, one, type Queryable } from '../db/index.js';
import { clubDate } from '../db/club-clock.js';

/** What a card shows of its member (read when it is printed, so it follows a change of unit or class). */
export interface CardMemberRow {
  member_id: string;
  full_name: string;
  club_name: string;
  unit_name: string | null;
  role: string;
  title: string | null;
  class_name: string | null;
  card_id: string | null;
  valid_until: string | null;
  issued_at: string | null;
  /** The newest photo (JPEG or PNG) in the member's pasta, shown on the card; null: the initials. */
  photo_document_id: string | null;
  today: string;
}

// The member's class: the one em andamento (regular track first), else the latest invested.
const memberFields = `cm.id AS member_id, p.full_name, c.name AS club_name, u.name AS unit_name, cm.role, cm.title,
  (SELECT i.name FROM programme_enrolments e JOIN programme_items i ON i.code = e.item_code
    WHERE e.club_id = cm.club_id AND e.member_id = cm.id AND e.kind = 'class'
    ORDER BY (e.invested_on IS NOT NULL), e.invested_on DESC NULLS FIRST, i.position DESC LIMIT 1) AS class_name,
  k.id AS card_id, k.valid_until::text AS valid_until, k.issued_at::text AS issued_at,
  (SELECT d.id FROM member_documents d
    WHERE d.club_id = cm.club_id AND d.member_id = cm.id AND d.kind = 'foto' AND d.removed_at IS NULL AND d.file_mime IN ('image/jpeg', 'image/png')
    ORDER BY d.uploaded_at DESC LIMIT 1) AS photo_document_id,
  ${clubDate()}::text AS today`;
const memberFrom = `club_members cm JOIN profiles p ON p.id = cm.profile_id JOIN clubs c ON c.id = cm.club_id
  LEFT JOIN units u ON u.club_id = cm.club_id AND u.id = cm.unit_id
  LEFT JOIN carteirinhas k ON k.club_id = cm.club_id AND k.member_id = cm.id AND k.revoked_at IS NULL`;

/** Every active member of the club with their card in force (or none), by name (pt-BR). */
export function listCardMembers(q: Queryable, clubId: string): Promise<CardMemberRow[]> {
  return q.query<CardMemberRow>(
    `SELECT ${memberFields} FROM ${memberFrom}
      WHERE cm.club_id = $1 AND cm.active
      ORDER BY pt_sort_key(p.full_name) COLLATE "C", p.full_name, cm.id`, [clubId]);
}

/** One active member of the club (by member id, or by the caller's profile), with their card in force. */
export function cardMember(q: Queryable, clubId: string, by: { memberId: string } | { profileId: string }): Promise<CardMemberRow | null> {
  const [col, value] = 'memberId' in by ? ['cm.id', by.memberId] : ['cm.profile_id', by.profileId];
  return maybeOne<CardMemberRow>(q, `SELECT ${memberFields} FROM ${memberFrom} WHERE cm.club_id = $1 AND ${col} = $2 AND cm.active`, [clubId, value]);
}

/** Locks the active members among these ids (in id order, so two issuers take turns); returns the ids found. */
export async function lockActiveMembers(q: Queryable, clubId: string, ids: string[]): Promise<string[]> {
  const rows = await q.query<{ id: string }>(`SELECT id FROM club_members WHERE club_id = $1 AND id = ANY ($2::uuid[]) AND active ORDER BY id FOR UPDATE`, [clubId, ids]);
  return rows.map((r) => r.id);
}

/** Revokes the cards in force of these members; returns the ids revoked. */
export async function revokeCurrent(q: Queryable, clubId: string, memberIds: string[], by: string): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `UPDATE carteirinhas SET revoked_at = now(), revoked_by = $3 WHERE club_id = $1 AND member_id = ANY ($2::uuid[]) AND revoked_at IS NULL RETURNING id`,
    [clubId, memberIds, by]);
  return rows.map((r) => r.id);
}

/** A new card id (its token is derived from it, so the id comes first). */
export async function newCardId(q: Queryable): Promise<string> {
  return (await one<{ id: string }>(q, `SELECT gen_random_uuid() AS id`)).id;
}

export async function insertCard(q: Queryable, clubId: string, card: { id: string; memberId: string; tokenHash: string; validUntil: string }, by: string | null): Promise<void> {
  await q.query(
    `INSERT INTO carteirinhas (id, club_id, member_id, token_hash, valid_until, issued_by) VALUES ($1, $2, $3, $4, $5, $6)`,
    [card.id, clubId, card.memberId, card.tokenHash, card.validUntil, by]);
}

/** Revokes one card of the club; null when it is not the club's, false when it already was. */
export async function revokeCard(q: Queryable, clubId: string, id: string, by: string): Promise<{ member_id: string; revoked: boolean } | null> {
  const row = await maybeOne<{ member_id: string; revoked_at: string | null }>(q, `SELECT member_id, revoked_at FROM carteirinhas WHERE club_id = $1 AND id = $2 FOR UPDATE`, [clubId, id]);
  if (!row) return null;
  if (row.revoked_at) return { member_id: row.member_id, revoked: false };
  await q.query(`UPDATE carteirinhas SET revoked_at = now(), revoked_by = $3 WHERE club_id = $1 AND id = $2`, [clubId, id, by]);
  return { member_id: row.member_id, revoked: true };
}

/** The public check: a card by its token's hash, with only what the one sentence needs. */
export function cardByTokenHash(q: Queryable, tokenHash: string): Promise<{ club_name: string; valid_until: string; revoked: boolean; member_active: boolean; club_active: boolean; today: string } | null> {
  return maybeOne(q,
    `SELECT c.name AS club_name, k.valid_until::text AS valid_until, (k.revoked_at IS NOT NULL) AS revoked, cm.active AS member_active, c.active AS club_active,
            ${clubDate()}::text AS today
       FROM carteirinhas k JOIN clubs c ON c.id = k.club_id JOIN club_members cm ON cm.club_id = k.club_id AND cm.id = k.member_id
      WHERE k.token_hash = $1`, [tokenHash]);
}
