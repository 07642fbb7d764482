import type { z } from 'zod';
import type { Db, Queryable } from '../db/index.js';
import { SEC_MSG, votoCountProblem, type TAta, type ZAtaInput } from '../../shared/secretaria.js';
import { isUuid } from '../../shared/ids.js';
import { writeAudit } from '../audit/repo.js';
import { badRequest, conflict, notFound } from '../core/errors.js';
import type { ClubAccess } from '../core/access.js';
import { nextNumber, yearOf } from './numbering.js';
import * as repo from './atas-repo.js';

type AtaInput = z.output<typeof ZAtaInput>;

export async function mustGetAta(q: Queryable, clubId: string, id: string): Promise<TAta> {
  const ata = isUuid(id) ? await repo.getAta(q, clubId, id) : null;
  if (!ata) throw notFound(SEC_MSG.ataNotFound);
  return ata;
}

const rowOf = (a: AtaInput): repo.AtaRow => ({
  kind: a.kind, held_on: a.held_on, place: a.place, presided_by: a.presided_by, written_by: a.written_by,
  visitors: a.visitors, agenda: a.agenda, body: a.body, corrects_id: a.corrects_id?.toLowerCase() ?? null,
  roll_call_meeting_id: a.roll_call_meeting_id?.toLowerCase() ?? null,
});

/**
 * The present are the club's people, and with a roll call attached (a meeting of the club on the ata's
 * date) also whoever it has as there; the votos' counts fit them. A correction references a closed ata
 * of the same club.
 */
async function checkReferences(tx: Queryable, clubId: string, input: AtaInput, selfId: string | null): Promise<string[]> {
  const picked = input.present_member_ids.map((id) => id.toLowerCase());
  if ((await repo.countClubMembers(tx, clubId, picked)) !== picked.length) throw badRequest(SEC_MSG.memberNotFound);
  let ids = picked;
  if (input.roll_call_meeting_id) {
    const meetingId = input.roll_call_meeting_id.toLowerCase();
    const rollCalls = await repo.rollCallsOn(tx, clubId, input.held_on);
    if (!rollCalls.some((r) => r.meeting_id === meetingId)) {
      throw badRequest((await repo.meetingOn(tx, clubId, meetingId, input.held_on)) ? SEC_MSG.rollCallEmpty : SEC_MSG.rollCallNotFound);
    }
    ids = [...new Set([...picked, ...(await repo.rollCallPresentIds(tx, clubId, meetingId))])];
    for (const v of input.votos) {
      const problem = votoCountProblem(v, ids.length + input.visitors.length);
      if (problem) throw badRequest(problem);
    }
  }
  if (input.corrects_id) {
    const corrected = await repo.lockAta(tx, clubId, input.corrects_id);
    if (!corrected || corrected.id === selfId) throw badRequest(SEC_MSG.correctsNotFound);
    if (corrected.status !== 'encerrada') throw badRequest(SEC_MSG.correctsNotClosed);
  }
  return ids;
}

/** Writes a new ata as a draft, with the next number of its year (Ata nº 12/2026). */
export async function createAta(db: Db, actor: ClubAccess, input: AtaInput): Promise<TAta> {
  return db.transaction(async (tx) => {
    const present = await checkReferences(tx, actor.clubId, input, null);
    const year = yearOf(input.held_on);
    const number = await nextNumber(tx, actor.clubId, 'ata', year);
    const id = await repo.insertAta(tx, actor.clubId, year, number, rowOf(input), actor.profileId);
    await repo.replacePresentAndVotos(tx, actor.clubId, id, present, input.votos);
    const created = await mustGetAta(tx, actor.clubId, id);
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'ata.create', entity: 'ata', entityId: id, after: { label: created.label } });
    return created;
  });
}

/**
 * Edits a draft. Its number belongs to the year it was written in, so the date stays in that year;
 * an approved or closed ata is refused (a correction is a new ata that references it).
 */
export async function updateAta(db: Db, actor: ClubAccess, id: string, input: AtaInput): Promise<TAta> {
  if (!isUuid(id)) throw notFound(SEC_MSG.ataNotFound);
  return db.transaction(async (tx) => {
    const locked = await repo.lockAta(tx, actor.clubId, id);
    if (!locked) throw notFound(SEC_MSG.ataNotFound);
    if (locked.status === 'encerrada') throw conflict(SEC_MSG.closedImmutable);
    if (locked.status !== 'rascunho') throw conflict(SEC_MSG.notDraft);
    if (yearOf(input.held_on) !== locked.year) throw badRequest(SEC_MSG.yearFixed(locked.year));
    const present = await checkReferences(tx, actor.clubId, input, id);
    await repo.updateAta(tx, actor.clubId, id, rowOf(input));
    await repo.replacePresentAndVotos(tx, actor.clubId, id, present, input.votos);
    const after = await mustGetAta(tx, actor.clubId, id);
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'ata.update', entity: 'ata', entityId: id, after: { label: after.label } });
    return after;
  });
}

/** Approves a draft (by reference to the ata of the meeting that approved it): its votos get their numbers. */
export async function approveAta(db: Db, actor: ClubAccess, id: string, approvedInId: string | null): Promise<TAta> {
  if (!isUuid(id)) throw notFound(SEC_MSG.ataNotFound);
  return db.transaction(async (tx) => {
    const locked = await repo.lockAta(tx, actor.clubId, id);
    if (!locked) throw notFound(SEC_MSG.ataNotFound);
    if (locked.status !== 'rascunho') throw conflict(SEC_MSG.alreadyApproved);
    if (approvedInId) {
      if (approvedInId.toLowerCase() === id.toLowerCase()) throw badRequest(SEC_MSG.approvedInSelf);
      if (!(await repo.getAta(tx, actor.clubId, approvedInId))) throw badRequest(SEC_MSG.approvedInNotFound);
    }
    for (const votoId of await repo.unnumberedVotoIds(tx, actor.clubId, id)) {
      await repo.numberVoto(tx, actor.clubId, votoId, locked.year, await nextNumber(tx, actor.clubId, 'voto', locked.year));
    }
    await repo.setApproved(tx, actor.clubId, id, approvedInId?.toLowerCase() ?? null);
    const after = await mustGetAta(tx, actor.clubId, id);
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'ata.approve', entity: 'ata', entityId: id, after: { label: after.label, votos: after.votos.map((v) => v.label) } });
    return after;
  });
}

/** Closes an approved ata: from then on it is never edited. */
export async function closeAta(db: Db, actor: ClubAccess, id: string): Promise<TAta> {
  if (!isUuid(id)) throw notFound(SEC_MSG.ataNotFound);
  return db.transaction(async (tx) => {
    const locked = await repo.lockAta(tx, actor.clubId, id);
    if (!locked) throw notFound(SEC_MSG.ataNotFound);
    if (locked.status === 'encerrada') throw conflict(SEC_MSG.alreadyClosed);
    if (locked.status !== 'aprovada') throw conflict(SEC_MSG.notApproved);
    await repo.setClosed(tx, actor.clubId, id);
    const after = await mustGetAta(tx, actor.clubId, id);
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'ata.close', entity: 'ata', entityId: id, after: { label: after.label } });
    return after;
  });
}
