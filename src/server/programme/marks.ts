import type { Db, Queryable } from '../db/index.js';
import { badRequest, conflict, notFound } from '../core/errors.js';
import type { ClubAccess } from '../core/access.js';
import type { Storage } from '../storage/storage.js';
import { writeAudit } from '../audit/repo.js';
import { loadEvidence, withStoredEvidence, type EvidenceFile } from '../storage/evidence.js';
import { MARK_MSG, PROGRAMME_MSG, type TQueueMark, type TSignResult } from '../../shared/programme.js';
import { mayReadCard, signerOf, signRefusal } from './signers.js';
import { signInTx } from './signing.js';
import { notifyMarked } from './mark-notices.js';
import * as repo from './repo.js';

/**
 * A member marks one of their requisitos done (ADR 040): with evidence when the requisito needs it,
 * stored as a submission's evidence. The mark waits in the leaders' queue; whoever may sign that
 * member's item signs it (the ordinary signature, points included) or returns it with a reason.
 * Nobody signs their own: the signing rules refuse it.
 */
export async function markDone(db: Db, storage: Storage, access: ClubAccess, input: { requirement_id: string; note: string | null; file: EvidenceFile | null }): Promise<{ id: string }> {
  const note = input.note?.trim() || null;
  if (note && note.length > 500) throw badRequest(MARK_MSG.noteTooLong);
  const pre = await repo.getRequirement(db, access.clubId, input.requirement_id);
  if (!pre) throw notFound(PROGRAMME_MSG.requirementNotFound);
  if (pre.needs_evidence && !input.file) throw badRequest(MARK_MSG.evidenceNeeded);
  return withStoredEvidence(storage, access.clubId, input.file, (stored) =>
    db.transaction(async (tx) => {
      const own = await repo.findOwnMembership(tx, access.clubId, access.profileId);
      if (!own) throw notFound(PROGRAMME_MSG.memberUnknown);
      const requirement = await repo.getRequirement(tx, access.clubId, input.requirement_id);
      const inUse = requirement ? await repo.listRequirements(tx, access.clubId, [requirement.item_code]) : [];
      if (!requirement || !inUse.some((r) => r.id === requirement.id)) throw notFound(PROGRAMME_MSG.requirementNotFound);
      const [enrolment] = await repo.lockEnrolments(tx, access.clubId, requirement.item_code, [own.member_id]);
      if (!enrolment) throw badRequest(PROGRAMME_MSG.notEnrolled);
      if (enrolment.invested_on) throw conflict(MARK_MSG.invested);
      const [signed] = await tx.query<{ id: string }>('SELECT id FROM programme_signatures WHERE club_id = $1 AND enrolment_id = $2 AND requirement_id = $3', [access.clubId, enrolment.id, requirement.id]);
      if (signed) throw conflict(MARK_MSG.alreadySigned);
      const [pending] = await tx.query<{ id: string }>(`SELECT id FROM programme_marks WHERE club_id = $1 AND enrolment_id = $2 AND requirement_id = $3 AND status = 'pending'`, [access.clubId, enrolment.id, requirement.id]);
      if (pending) throw conflict(MARK_MSG.alreadyMarked);
      const [row] = await tx.query<{ id: string }>(
        `INSERT INTO programme_marks (club_id, enrolment_id, requirement_id, note, evidence_key, evidence_name, evidence_mime, evidence_size)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [access.clubId, enrolment.id, requirement.id, note, stored?.key ?? null, stored?.name ?? null, stored?.mime ?? null, stored?.size ?? null],
      );
      const member = await repo.findMember(tx, access.clubId, own.member_id);
      if (member) await notifyMarked(tx, access.clubId, member, requirement.item_code, await repo.clubToday(tx, access.clubId));
      await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'programme.mark', entity: 'programme_requirement', entityId: requirement.id, after: { item: requirement.item_code, evidence: stored !== null } });
      return { id: row.id };
    }));
}

interface QueueRow extends TQueueMark {
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

/** The pending marks the caller may sign, oldest first (a counsellor: their unit; an instructor: their items). */
export async function listQueue(db: Queryable, access: ClubAccess): Promise<TQueueMark[]> {
  const signer = await signerOf(db, access);
  const unit = access.role === 'counselor' ? signer.unitId : null;
  const rows = await db.query<QueueRow>(
    `${QUEUE_SQL} WHERE m.club_id = $1 AND m.status = 'pending' AND ($2::uuid IS NULL OR cm.unit_id = $2) ORDER BY m.created_at, m.id LIMIT 500`,
    [access.clubId, unit],
  );
  return rows
    .filter((r) => signRefusal(signer, r, r.item_code) === null)
    .map(({ profile_id: _p, unit_id: _u, enrolment_id: _e, ...r }) => r);
}

async function pendingMark(tx: Queryable, access: ClubAccess, id: string): Promise<QueueRow> {
  const [row] = await tx.query<QueueRow>(`${QUEUE_SQL} WHERE m.club_id = $1 AND m.id = $2 FOR UPDATE OF m`, [access.clubId, id]);
  if (!row) throw notFound(MARK_MSG.markNotFound);
  const refusal = signRefusal(await signerOf(tx, access), row, row.item_code);
  if (refusal) throw refusal;
  const [status] = await tx.query<{ status: string }>('SELECT status FROM programme_marks WHERE id = $1', [id]);
  if (status.status !== 'pending') throw conflict(MARK_MSG.notPending);
  return row;
}

/** Signs the requisito a mark asks for: the ordinary signature (points once), in one transaction with the mark. */
export async function signMark(db: Db, access: ClubAccess, id: string, input: { signed_on?: string; note?: string | null }): Promise<TSignResult> {
  return db.transaction(async (tx) => {
    const mark = await pendingMark(tx, access, id);
    const result = await signInTx(tx, access, { requirement_id: mark.requirement_id, member_ids: [mark.member_id], signed_on: input.signed_on, note: input.note ?? mark.note });
    // signInTx closed the pending marks of what it signed; a requisito signed meanwhile closes it too.
    await tx.query(`UPDATE programme_marks SET status = 'signed', decided_by = $2, decided_at = now() WHERE id = $1 AND status = 'pending'`, [id, access.profileId]);
    return result;
  });
}

/** Returns a mark to the member with what is missing; they may mark it again. */
export async function returnMark(db: Db, access: ClubAccess, id: string, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    const mark = await pendingMark(tx, access, id);
    await tx.query(`UPDATE programme_marks SET status = 'returned', reason = $2, decided_by = $3, decided_at = now() WHERE id = $1`, [id, reason, access.profileId]);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'programme.mark_return', entity: 'programme_requirement', entityId: mark.requirement_id, after: { member: mark.full_name, reason } });
  });
}

/** The evidence of a mark: for the member who sent it and whoever may read their cartão; 404 otherwise. */
export async function readMarkEvidence(db: Queryable, storage: Storage, access: ClubAccess, id: string) {
  const [row] = await db.query<QueueRow & { evidence_key: string | null }>(`${QUEUE_SQL.replace('SELECT m.id,', 'SELECT m.evidence_key, m.id,')} WHERE m.club_id = $1 AND m.id = $2`, [access.clubId, id]);
  if (!row?.evidence_key) throw notFound(MARK_MSG.markNotFound);
  if (!mayReadCard(await signerOf(db, access), row)) throw notFound(MARK_MSG.markNotFound);
  return loadEvidence(storage, { key: row.evidence_key, mime: row.evidence_mime, name: row.evidence_name }, MARK_MSG.markNotFound);
}

