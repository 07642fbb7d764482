import type { z } from 'zod';
import type { Db, Queryable } from '../db/index.js';
import { CAMP_MSG, INCIDENT_KIND_LABEL, type ZDoseInput, type ZHeadMarkInput, type ZIncidentInput, type ZMovementInput } from '../../shared/camps.js';
import type { ClubAccess } from '../core/access.js';
import { badRequest, conflict } from '../core/errors.js';
import { writeAudit } from '../audit/repo.js';
import { guardiansOf, notify } from '../notifications/notify.js';
import { requireLeader, type LeaderGrant } from './service.js';
import * as repo from './repo.js';

/**
 * The camp log, written by the named leaders' phones, often days after the moment (ADR 078). Every
 * write carries the phone's uuid: the same id again is a no-op answered as a repeat, and two phones
 * recording the same check-in or the same scheduled dose keep the first (unique keys) — never doubled.
 */

type Table = 'camp_movements' | 'camp_head_marks' | 'camp_doses' | 'camp_incidents';
export interface WriteResult { id: string; duplicate: boolean }

/** A clock a phone may run ahead by: a moment more than this in the future is refused. */
const FUTURE_TOLERANCE_SECONDS = 120;

async function refuseFuture(q: Queryable, instant: string): Promise<void> {
  if ((await repo.nowIsBefore(q, instant, FUTURE_TOLERANCE_SECONDS)).future) throw badRequest(CAMP_MSG.inFuture);
}

/** Answers a repeat of an id this saída holds; an id another saída or club used is refused. */
async function repeatOf(q: Queryable, table: Table, clubId: string, eventId: string, id: string): Promise<WriteResult | null> {
  if (await repo.rowOfEvent(q, table, clubId, eventId, id)) return { id, duplicate: true };
  if (await repo.rowIdTaken(q, table, id)) throw conflict(CAMP_MSG.idRequired);
  return null;
}

async function write(db: Db, access: ClubAccess, eventId: string, table: Table, id: string, run: (tx: Queryable, grant: LeaderGrant) => Promise<WriteResult>): Promise<WriteResult> {
  const grant = await requireLeader(db, access, eventId);
  return db.transaction(async (tx) => (await repeatOf(tx, table, access.clubId, eventId, id)) ?? run(tx, grant));
}

export function recordMovement(db: Db, access: ClubAccess, eventId: string, input: z.output<typeof ZMovementInput>): Promise<WriteResult> {
  return write(db, access, eventId, 'camp_movements', input.id, async (tx) => {
    await refuseFuture(tx, input.recorded_at);
    const id = await repo.insertMovement(tx, { id: input.id, clubId: access.clubId, eventId, label: input.label, by: access.profileId, at: input.recorded_at });
    return { id: id ?? input.id, duplicate: id === null };
  });
}

export function recordHeadMark(db: Db, access: ClubAccess, eventId: string, input: z.output<typeof ZHeadMarkInput>): Promise<WriteResult> {
  return write(db, access, eventId, 'camp_head_marks', input.id, async (tx) => {
    await refuseFuture(tx, input.marked_at);
    if (!(await repo.rowOfEvent(tx, 'camp_movements', access.clubId, eventId, input.movement_id))) throw badRequest(CAMP_MSG.movementNotFound);
    if (!(await repo.registeredMember(tx, access.clubId, eventId, input.member_id))) throw badRequest(CAMP_MSG.notRegistered);
    const mark = { id: input.id, clubId: access.clubId, eventId, movementId: input.movement_id, memberId: input.member_id, direction: input.direction, at: input.marked_at, by: access.profileId };
    const id = await repo.insertHeadMark(tx, mark);
    if (id) return { id, duplicate: false };
    // Another phone counted this person in this movement first: theirs stands.
    const first = await repo.firstHeadMark(tx, mark);
    return { id: first?.id ?? input.id, duplicate: true };
  });
}

export function recordDose(db: Db, access: ClubAccess, eventId: string, input: z.output<typeof ZDoseInput>): Promise<WriteResult> {
  return write(db, access, eventId, 'camp_doses', input.id, async (tx) => {
    await refuseFuture(tx, input.given_at);
    if (!(await repo.registeredMember(tx, access.clubId, eventId, input.member_id))) throw badRequest(CAMP_MSG.notRegistered);
    if (input.medication_id && !(await repo.medicationOf(tx, access.clubId, eventId, input.member_id, input.medication_id))) throw badRequest(CAMP_MSG.medicationNotFound);
    if (input.corrects_id) {
      if (!(await repo.doseOfMember(tx, access.clubId, eventId, input.member_id, input.corrects_id))) throw badRequest(CAMP_MSG.correctsNotFound);
    }
    const id = await repo.insertDose(tx, {
      id: input.id, clubId: access.clubId, eventId, memberId: input.member_id, medicationId: input.medication_id, slot: input.medication_id ? input.slot : null,
      medication: input.medication, dose: input.dose, status: input.status, reason: input.reason, givenAt: input.given_at, correctsId: input.corrects_id, by: access.profileId,
    });
    if (id) return { id, duplicate: false };
    // The same scheduled dose recorded by another phone first: one entry; a difference is a correction, a new entry.
    const first = await repo.firstDose(tx, access.clubId, input.medication_id, input.slot);
    return { id: first?.id ?? input.id, duplicate: true };
  });
}

/**
 * An ocorrência. With a participant and a notice text, that participant's guardians (consent in
 * force) are told in the same transaction, with the leader's words — once, however often it is sent.
 */
export function recordIncident(db: Db, access: ClubAccess, eventId: string, input: z.output<typeof ZIncidentInput>): Promise<WriteResult> {
  return write(db, access, eventId, 'camp_incidents', input.id, async (tx, grant) => {
    await refuseFuture(tx, input.occurred_at);
    const member = input.member_id ? await repo.registeredMember(tx, access.clubId, eventId, input.member_id) : null;
    if (input.member_id && !member) throw badRequest(CAMP_MSG.notRegistered);
    const id = await repo.insertIncident(tx, {
      id: input.id, clubId: access.clubId, eventId, memberId: input.member_id, kind: input.kind, occurredAt: input.occurred_at, place: input.place,
      description: input.description, firstAid: input.first_aid, guardianCalled: input.guardian_called, doctorNeeded: input.doctor_needed,
      noticeText: input.notice_text, by: access.profileId,
    });
    if (!id) return { id: input.id, duplicate: true };
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'camp.incident', entity: 'event', entityId: eventId, after: { incident_id: id, kind: input.kind, member_id: input.member_id } });
    if (member && input.notice_text) {
      await notify(tx, {
        clubId: access.clubId, to: await guardiansOf(tx, access.clubId, member.profile_id), category: 'family', kind: 'camp.incident',
        title: `${INCIDENT_KIND_LABEL[input.kind]} com ${member.full_name.split(' ')[0]} em ${grant.event.title}`.slice(0, 200),
        body: input.notice_text, link: '/familia', dedupeKey: `camp.incident:${id}`,
      });
    }
    return { id, duplicate: false };
  });
}
