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
import * as markRepo from './mark-repo.js';

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
      if (await markRepo.signatureIdOf(tx, access.clubId, enrolment.id, requirement.id)) throw conflict(MARK_MSG.alreadySigned);
      if (await markRepo.pendingMarkOf(tx, access.clubId, enrolment.id, requirement.id)) throw conflict(MARK_MSG.alreadyMarked);
      const row = await markRepo.insertMark(tx, {
        clubId: access.clubId, enrolmentId: enrolment.id, requirementId: requirement.id, note,
        evidence: { key: stored?.key ?? null, name: stored?.name ?? null, mime: stored?.mime ?? null, size: stored?.size ?? null },
      });
      const member = await repo.findMember(tx, access.clubId, own.member_id);
      if (member) await notifyMarked(tx, access.clubId, member, requirement.item_code, await repo.clubToday(tx, access.clubId));
      await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'programme.mark', entity: 'programme_requirement', entityId: requirement.id, after: { item: requirement.item_code, evidence: stored !== null } });
      return { id: row.id };
    }));
}

/** The pending marks the caller may sign, oldest first (a counsellor: their unit; an instructor: their items). */
export async function listQueue(db: Queryable, access: ClubAccess): Promise<TQueueMark[]> {
  const signer = await signerOf(db, access);
  const unit = access.role === 'counselor' ? signer.unitId : null;
  const rows = await markRepo.pendingQueue(db, access.clubId, unit);
  return rows
    .filter((r) => signRefusal(signer, r, r.item_code) === null)
    .map(({ profile_id: _p, unit_id: _u, enrolment_id: _e, ...r }) => r);
}

async function pendingMark(tx: Queryable, access: ClubAccess, id: string): Promise<markRepo.QueueRow> {
  const row = await markRepo.lockQueueMark(tx, access.clubId, id);
  if (!row) throw notFound(MARK_MSG.markNotFound);
  const refusal = signRefusal(await signerOf(tx, access), row, row.item_code);
  if (refusal) throw refusal;
  if ((await markRepo.markStatus(tx, id)) !== 'pending') throw conflict(MARK_MSG.notPending);
  return row;
}

/** Signs the requisito a mark asks for: the ordinary signature (points once), in one transaction with the mark. */
export async function signMark(db: Db, access: ClubAccess, id: string, input: { signed_on?: string; note?: string | null }): Promise<TSignResult> {
  return db.transaction(async (tx) => {
    const mark = await pendingMark(tx, access, id);
    const result = await signInTx(tx, access, { requirement_id: mark.requirement_id, member_ids: [mark.member_id], signed_on: input.signed_on, note: input.note ?? mark.note });
    // signInTx closed the pending marks of what it signed; a requisito signed meanwhile closes it too.
    await markRepo.setMarkSigned(tx, id, access.profileId);
    return result;
  });
}

/** Returns a mark to the member with what is missing; they may mark it again. */
export async function returnMark(db: Db, access: ClubAccess, id: string, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    const mark = await pendingMark(tx, access, id);
    await markRepo.setMarkReturned(tx, id, reason, access.profileId);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'programme.mark_return', entity: 'programme_requirement', entityId: mark.requirement_id, after: { member: mark.full_name, reason } });
  });
}

/** The evidence of a mark: for the member who sent it and whoever may read their cartão; 404 otherwise. */
export async function readMarkEvidence(db: Queryable, storage: Storage, access: ClubAccess, id: string) {
  const row = await markRepo.markWithEvidence(db, access.clubId, id);
  if (!row?.evidence_key) throw notFound(MARK_MSG.markNotFound);
  if (!mayReadCard(await signerOf(db, access), row)) throw notFound(MARK_MSG.markNotFound);
  return loadEvidence(storage, { key: row.evidence_key, mime: row.evidence_mime, name: row.evidence_name }, MARK_MSG.markNotFound);
}

