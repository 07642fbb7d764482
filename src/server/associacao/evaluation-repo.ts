import type { Queryable } from '../db/index.js';
import type { TEvalProof } from '../../shared/associacao-evaluation.js';

/** The evaluation's SQL (migration 0946): the platform's list, a club's copy, the hand marks, units by sex. */

export interface ItemRow {
  code: string;
  title: string;
  points: number;
  /** MM-DD, or null. */
  deadline: string | null;
  evidence: string;
  proof: TEvalProof | null;
  target: number | null;
}

const COLUMNS = 'code, title, points, deadline, evidence, proof, target';

/** A club and the year read for it. */
export interface ClubYear {
  clubId: string;
  year: number;
}

export function platformItems(q: Queryable): Promise<ItemRow[]> {
  return q.query<ItemRow>(`SELECT ${COLUMNS} FROM evaluation_platform_items ORDER BY position, code`);
}

/** The own lists of many clubs in one statement (a club without its own copy has no rows). */
export function clubItemsOfClubs(q: Queryable, clubIds: string[]): Promise<Array<ItemRow & { club_id: string }>> {
  return q.query(`SELECT club_id, ${COLUMNS} FROM club_evaluation_items WHERE club_id = ANY($1::uuid[]) ORDER BY club_id, position, code`, [clubIds]);
}

/**
 * Serialises the writers of one list (a club's, or the platform's with clubId null) until the
 * transaction ends: two saves at once leave one whole list, never a mix or a duplicate-key error.
 */
export async function lockList(q: Queryable, clubId: string | null): Promise<void> {
  await q.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`evaluation-items:${clubId ?? 'platform'}`]);
}

/** Replaces a club's list (clubId) or the platform's (null) with these items, in this order. Run inside a transaction after lockList. */
export async function replaceItems(q: Queryable, clubId: string | null, items: ItemRow[]): Promise<void> {
  const json = JSON.stringify(items.map((it, i) => ({ ...it, position: i + 1 })));
  const rows = `jsonb_to_recordset($1::jsonb) AS x(code text, position int, title text, points int, deadline text, evidence text, proof text, target int)`;
  if (clubId === null) {
    await q.query(`DELETE FROM evaluation_platform_items`);
    await q.query(`INSERT INTO evaluation_platform_items (${COLUMNS}, position) SELECT ${COLUMNS}, position FROM ${rows}`, [json]);
  } else {
    await q.query(`DELETE FROM club_evaluation_items WHERE club_id = $1`, [clubId]);
    await q.query(`INSERT INTO club_evaluation_items (club_id, ${COLUMNS}, position) SELECT $2, ${COLUMNS}, position FROM ${rows}`, [json, clubId]);
  }
}

/** Drops the club's copy: the club uses the platform's list again. Whether it had one. */
export async function deleteClubItems(q: Queryable, clubId: string): Promise<boolean> {
  return (await q.query(`DELETE FROM club_evaluation_items WHERE club_id = $1 RETURNING code`, [clubId])).length > 0;
}

export interface MarkRow {
  code: string;
  note: string;
  marked_by_name: string | null;
  marked_at: string;
}

/** The hand marks of many clubs, each of its own year, in one statement. */
export function listMarksOfClubs(q: Queryable, clubs: ClubYear[]): Promise<Array<MarkRow & { club_id: string }>> {
  return q.query(
    `SELECT m.club_id, m.code, m.note, p.full_name AS marked_by_name, to_char(m.marked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS marked_at
       FROM club_evaluation_marks m JOIN unnest($1::uuid[], $2::int[]) AS k(club_id, year) ON k.club_id = m.club_id AND k.year = m.year
       LEFT JOIN profiles p ON p.id = m.marked_by
      WHERE m.club_id = ANY($1::uuid[])`,
    [clubs.map((c) => c.clubId), clubs.map((c) => c.year)],
  );
}

export async function saveMark(q: Queryable, clubId: string, year: number, code: string, note: string, by: string): Promise<void> {
  await q.query(
    `INSERT INTO club_evaluation_marks (club_id, year, code, note, marked_by) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (club_id, year, code) DO UPDATE SET note = EXCLUDED.note, marked_by = EXCLUDED.marked_by, marked_at = now()`,
    [clubId, year, code, note, by],
  );
}

/** Removes a hand mark; whether there was one. */
export async function deleteMark(q: Queryable, clubId: string, year: number, code: string): Promise<boolean> {
  return (await q.query(`DELETE FROM club_evaluation_marks WHERE club_id = $1 AND year = $2 AND code = $3 RETURNING code`, [clubId, year, code])).length > 0;
}

export interface UnitSexRow {
  name: string;
  girls: number;
  boys: number;
  unknown: number;
}

/**
 * Each active unit with active members (Desbravadores, not the leaders) of many clubs, in one statement,
 * club by club: how many girls, boys and of unknown sex (the SGC record).
 */
export function unitsBySexOfClubs(q: Queryable, clubIds: string[]): Promise<Array<UnitSexRow & { club_id: string }>> {
  return q.query(
    `SELECT u.club_id, u.name,
            count(*) FILTER (WHERE r.sex = 'F')::int AS girls,
            count(*) FILTER (WHERE r.sex = 'M')::int AS boys,
            count(*) FILTER (WHERE r.sex IS NULL)::int AS unknown
       FROM units u
       JOIN club_members cm ON cm.unit_id = u.id AND cm.club_id = u.club_id AND cm.active AND cm.role = 'member' AND cm.club_id = ANY($1::uuid[])
       LEFT JOIN sgc_member_records r ON r.member_id = cm.id
      WHERE u.club_id = ANY($1::uuid[]) AND u.active
      GROUP BY u.club_id, u.id, u.name
      ORDER BY u.club_id, u.name`,
    [clubIds],
  );
}
