import type { Queryable } from '../db/index.js';
import type { TSignResult } from '../../shared/programme.js';
import type { EnrolmentRow } from './repo.js';

// Signing (signing.ts): the signatures in set form, completions, the offline queue's answers -------

/**
 * One requisito signed for the enrolments given, in one INSERT … SELECT unnest (in the order given);
 * a cell signed already is left as it was. Returns the enrolments that got a signature.
 */
export function insertSignatures(tx: Queryable, s: { clubId: string; requirementId: string; signedOn: string; note: string | null; signedBy: string; enrolmentIds: string[] }) {
  return tx.query<{ enrolment_id: string }>(
    `INSERT INTO programme_signatures (club_id, enrolment_id, requirement_id, signed_on, note, signed_by)
     SELECT $1, t.e, $2, $3, $4, $5 FROM unnest($6::uuid[]) WITH ORDINALITY AS t(e, n) ORDER BY t.n
     ON CONFLICT (enrolment_id, requirement_id) DO NOTHING RETURNING enrolment_id`,
    [s.clubId, s.requirementId, s.signedOn, s.note, s.signedBy, s.enrolmentIds],
  );
}

/** Marks complete, on `completedOn`, those of the enrolments given with every requisito in use signed; returns them. */
export function completeSigned(tx: Queryable, clubId: string, enrolmentIds: string[], completedOn: string, requirementIds: string[]) {
  return tx.query<{ id: string }>(
    `UPDATE programme_enrolments e SET completed_on = $3
      WHERE e.club_id = $1 AND e.id = ANY($2::uuid[]) AND e.completed_on IS NULL
        AND (SELECT count(*) FROM programme_signatures s WHERE s.club_id = $1 AND s.enrolment_id = e.id AND s.requirement_id = ANY($4::uuid[])) >= $5
      RETURNING e.id`,
    [clubId, enrolmentIds, completedOn, requirementIds, requirementIds.length],
  );
}

/** Enrolments by id, locked in id order. */
export function lockEnrolmentsById(tx: Queryable, clubId: string, ids: string[]) {
  return tx.query<EnrolmentRow>(
    `SELECT id, member_id, item_code, kind, started_on, completed_on, invested_on FROM programme_enrolments WHERE club_id = $1 AND id = ANY($2::uuid[]) ORDER BY id FOR UPDATE`,
    [clubId, ids],
  );
}

/** The members' rows, locked in id order (a signature takes them before the enrolments). */
export function lockMembersForSigning(tx: Queryable, clubId: string, memberIds: string[]) {
  return tx.query('SELECT 1 FROM club_members WHERE club_id = $1 AND id = ANY($2::uuid[]) ORDER BY id FOR UPDATE', [clubId, memberIds]);
}

/** A requisito signed for these enrolments: their pending marks leave the queue. */
export function closePendingMarks(tx: Queryable, clubId: string, requirementId: string, enrolmentIds: string[], decidedBy: string) {
  return tx.query(`UPDATE programme_marks SET status = 'signed', decided_by = $4, decided_at = now()
        WHERE club_id = $1 AND requirement_id = $2 AND status = 'pending' AND enrolment_id = ANY($3::uuid[])`, [clubId, requirementId, enrolmentIds, decidedBy]);
}

/** What a signature with this client id answered before (migration 0530), if anything. */
export async function signRequest(q: Queryable, clubId: string, clientId: string) {
  const [row] = await q.query<{ kind: string; requirement_id: string; member_ids: string[]; result: TSignResult | string }>(
    'SELECT kind, requirement_id, member_ids, result FROM programme_sign_requests WHERE club_id = $1 AND client_id = $2',
    [clubId, clientId],
  );
  return row ?? null;
}

/** Keeps a signature's answer under its client id; false when another request took the id first. */
export async function claimSignRequest(tx: Queryable, r: { clubId: string; clientId: string; requirementId: string; memberIds: string[]; result: TSignResult }): Promise<boolean> {
  const [claimed] = await tx.query<{ client_id: string }>(
    `INSERT INTO programme_sign_requests (club_id, client_id, requirement_id, member_ids, result) VALUES ($1, $2, $3, $4::uuid[], $5::jsonb)
         ON CONFLICT (club_id, client_id) DO NOTHING RETURNING client_id`,
    [r.clubId, r.clientId, r.requirementId, r.memberIds, JSON.stringify(r.result)],
  );
  return Boolean(claimed);
}

/** The club's kept answers older than 90 days go. */
export function purgeSignRequests(tx: Queryable, clubId: string) {
  return tx.query(`DELETE FROM programme_sign_requests WHERE club_id = $1 AND created_at < now() - interval '90 days'`, [clubId]);
}

/** What an undo with this client id answered before (migration 0545), if anything. */
export async function undoRequest<R>(q: Queryable, clubId: string, clientId: string) {
  const [row] = await q.query<{ kind: string; signature_id: string | null; result: R | string }>(
    'SELECT kind, signature_id, result FROM programme_sign_requests WHERE club_id = $1 AND client_id = $2',
    [clubId, clientId],
  );
  return row ?? null;
}

/** Keeps an undo's answer under its client id; false when another request took the id first. */
export async function claimUndoRequest(tx: Queryable, r: { clubId: string; clientId: string; requirementId: string; memberId: string; signatureId: string; result: unknown }): Promise<boolean> {
  const [claimed] = await tx.query<{ client_id: string }>(
    `INSERT INTO programme_sign_requests (club_id, client_id, kind, requirement_id, member_ids, signature_id, result)
         VALUES ($1, $2, 'unsign', $3, ARRAY[$4::uuid], $5, $6::jsonb) ON CONFLICT (club_id, client_id) DO NOTHING RETURNING client_id`,
    [r.clubId, r.clientId, r.requirementId, r.memberId, r.signatureId, JSON.stringify(r.result)],
  );
  return Boolean(claimed);
}
