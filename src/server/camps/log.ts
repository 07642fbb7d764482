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
    const id = await repo.insertOnce(tx,
      `INSERT INTO camp_movements (id, club_id, event_id, label, recorded_by, recorded_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [input.id, access.clubId, eventId, input.label, access.profileId, input.recorded_at]);
    return { id: id ?? input.id, duplicate: id === null };
  });
}

export function recordHeadMark(db: Db, access: ClubAccess, eventId: string, input: z.output<typeof ZHeadMarkInput>): Promise<WriteResult> {
  return write(db, access, eventId, 'camp_head_marks', input.id, async (tx) => {
    await refuseFuture(tx, input.marked_at);
    if (!(await repo.rowOfEvent(tx, 'camp_movements', access.clubId, eventId, input.movement_id))) throw badRequest(CAMP_MSG.movementNotFound);
    if (!(await repo.registeredMember(tx, access.clubId, eventId, input.member_id))) throw badRequest(CAMP_MSG.notRegistered);
    const id = await repo.insertOnce(tx,
      `INSERT INTO camp_head_marks (id, club_id, event_id, movement_id, member_id, direction, marked_at, recorded_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [input.id, access.clubId, eventId, input.movement_id, input.member_id, input.direction, input.marked_at, access.profileId]);
    if (id) return { id, duplicate: false };
    // Another phone counted this person in this movement first: theirs stands.
    const [first] = await tx.query<{ id: string }>(
      `SELECT id FROM camp_head_marks WHERE club_id = $1 AND movement_id = $2 AND member_id = $3 AND direction = $4`,
      [access.clubId, input.movement_id, input.member_id, input.direction]);
    return { id: first?.id ?? input.id, duplicate: true };
  });
}

export function recordDose(db: Db, access: ClubAccess, eventId: string, input: z.output<typeof ZDoseInput>): Promise<WriteResult> {
  return write(db, access, eventId, 'camp_doses', input.id, async (tx) => {
    await refuseFuture(tx, input.given_at);
    if (!(await repo.registeredMember(tx, access.clubId, eventId, input.member_id))) throw badRequest(CAMP_MSG.notRegistered);
    if (input.medication_id && !(await repo.medicationOf(tx, access.clubId, eventId, input.member_id, input.medication_id))) throw badRequest(CAMP_MSG.medicationNotFound);
    if (input.corrects_id) {
      const [corrected] = await tx.query(`SELECT 1 FROM camp_doses WHERE club_id = $1 AND event_id = $2 AND member_id = $3 AND id = $4`, [access.clubId, eventId, input.member_id, input.corrects_id]);
      if (!corrected) throw badRequest(CAMP_MSG.correctsNotFound);
    }
    const id = await repo.insertOnce(tx,
      `INSERT INTO camp_doses (id, club_id, event_id, member_id, medication_id, slot, medication, dose, status, reason, given_at, corrects_id, recorded_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [input.id, access.clubId, eventId, input.member_id, input.medication_id, input.medication_id ? input.slot : null, input.medication, input.dose,
        input.status, input.reason, input.given_at, input.corrects_id, access.profileId]);
    if (id) return { id, duplicate: false };
    // The same scheduled dose recorded by another phone first: one entry; a difference is a correction, a new entry.
    const [first] = await tx.query<{ id: string }>(
      `SELECT id FROM camp_doses WHERE club_id = $1 AND medication_id = $2 AND slot = $3 AND corrects_id IS NULL`, [access.clubId, input.medication_id, input.slot]);
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
    const id = await repo.insertOnce(tx,
      `INSERT INTO camp_incidents (id, club_id, event_id, member_id, kind, occurred_at, place, description, first_aid, guardian_called, doctor_needed, notice_text, recorded_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [input.id, access.clubId, eventId, input.member_id, input.kind, input.occurred_at, input.place, input.description, input.first_aid,
        input.guardian_called, input.doctor_needed, input.notice_text, access.profileId]);
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
