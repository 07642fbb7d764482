import type { Queryable } from '../db/index.js';
import type { TQueueMark } from '../../shared/programme.js';

// Marks (marks.ts, mark-notices.ts): a member's 'feito', waiting in the leaders' queue ---------------

/** The id of the signature of a requisito in an enrolment, if signed. */
export async function signatureIdOf(tx: Queryable, clubId: string, enrolmentId: string, requirementId: string) {
  const [signed] = await tx.query<{ id: string }>('SELECT id FROM programme_signatures WHERE club_id = $1 AND enrolment_id = $2 AND requirement_id = $3', [clubId, enrolmentId, requirementId]);
  return signed ?? null;
}

/** The pending mark of a requisito in an enrolment, if any. */
export async function pendingMarkOf(tx: Queryable, clubId: string, enrolmentId: string, requirementId: string) {
  const [pending] = await tx.query<{ id: string }>(`SELECT id FROM programme_marks WHERE club_id = $1 AND enrolment_id = $2 AND requirement_id = $3 AND status = 'pending'`, [clubId, enrolmentId, requirementId]);
  return pending ?? null;
}

export interface MarkEvidence {
  key: string | null;
  name: string | null;
  mime: string | null;
  size: number | null;
}

export async function insertMark(tx: Queryable, m: { clubId: string; enrolmentId: string; requirementId: string; note: string | null; evidence: MarkEvidence }): Promise<{ id: string }> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO programme_marks (club_id, enrolment_id, requirement_id, note, evidence_key, evidence_name, evidence_mime, evidence_size)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [m.clubId, m.enrolmentId, m.requirementId, m.note, m.evidence.key, m.evidence.name, m.evidence.mime, m.evidence.size],
  );
  return row;
}

/** A mark in the queue, with who and what it is for. */
export interface QueueRow extends TQueueMark {
  profile_id: string;
  unit_id: string | null;
  enrolment_id: string;
}

const QUEUE_SQL = `
  SELECT m.id, cm.id AS member_id, cm.profile_id, cm.unit_id, p.full_name, u.name AS unit_name, e.id AS enrolment_id, e.item_code, i.name AS item_name,
         r.id AS requirement_id, r.text AS requirement_text, r.section_code, m.note, m.evidence_name, m.evidence_mime,
         to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at
    FROM programme_marks m
    JOIN programme_enrolments e ON e.club_id = m.club_id AND e.id = m.enrolment_id
    JOIN club_members cm ON cm.id = e.member_id
    JOIN profiles p ON p.id = cm.profile_id
    JOIN programme_items i ON i.code = e.item_code
    JOIN programme_requirements r ON r.id = m.requirement_id
    LEFT JOIN units u ON u.id = cm.unit_id`;

/** The club's pending marks (of one unit, or all), oldest first. */
export function pendingQueue(q: Queryable, clubId: string, unitId: string | null) {
  return q.query<QueueRow>(
    `${QUEUE_SQL} WHERE m.club_id = $1 AND m.status = 'pending' AND ($2::uuid IS NULL OR cm.unit_id = $2) ORDER BY m.created_at, m.id LIMIT 500`,
    [clubId, unitId],
  );
}

/** One mark of the club, locked, or null. */
export async function lockQueueMark(tx: Queryable, clubId: string, id: string) {
  const [row] = await tx.query<QueueRow>(`${QUEUE_SQL} WHERE m.club_id = $1 AND m.id = $2 FOR UPDATE OF m`, [clubId, id]);
  return row ?? null;
}

/** A mark's status, read again (the mark's row is locked by the caller). */
export async function markStatus(tx: Queryable, id: string): Promise<string> {
  const [status] = await tx.query<{ status: string }>('SELECT status FROM programme_marks WHERE id = $1', [id]);
  return status.status;
}

/** A pending mark is signed. */
export function setMarkSigned(tx: Queryable, id: string, decidedBy: string) {
  return tx.query(`UPDATE programme_marks SET status = 'signed', decided_by = $2, decided_at = now() WHERE id = $1 AND status = 'pending'`, [id, decidedBy]);
}

/** A mark goes back to the member with a reason. */
export function setMarkReturned(tx: Queryable, id: string, reason: string, decidedBy: string) {
  return tx.query(`UPDATE programme_marks SET status = 'returned', reason = $2, decided_by = $3, decided_at = now() WHERE id = $1`, [id, reason, decidedBy]);
}

/** One mark of the club with its evidence's storage key, or null. */
export async function markWithEvidence(q: Queryable, clubId: string, id: string) {
  const [row] = await q.query<QueueRow & { evidence_key: string | null }>(`${QUEUE_SQL.replace('SELECT m.id,', 'SELECT m.evidence_key, m.id,')} WHERE m.club_id = $1 AND m.id = $2`, [clubId, id]);
  return row ?? null;
}

/**
 * The active leaders of the club who may sign a member's requisito of an item, the member left out:
 * the club-wide roles, the unit roles of the member's unit, the instructors assigned to the item.
 */
export function leadersWhoSign(tx: Queryable, clubId: string, memberProfileId: string, clubWideRoles: readonly string[], unitRoles: readonly string[], unitId: string | null, itemCode: string) {
  return tx.query<{ profile_id: string }>(
    `SELECT DISTINCT cm.profile_id FROM club_members cm
      WHERE cm.club_id = $1 AND cm.active AND cm.profile_id <> $2
        AND (cm.role = ANY($3::text[])
             OR (cm.role = ANY($4::text[]) AND $5::uuid IS NOT NULL AND cm.unit_id = $5::uuid)
             OR (cm.role = 'instructor' AND EXISTS (SELECT 1 FROM programme_instructors pi WHERE pi.club_id = cm.club_id AND pi.member_id = cm.id AND pi.item_code = $6)))`,
    [clubId, memberProfileId, clubWideRoles, unitRoles, unitId, itemCode],
  );
}
