import type { z } from 'zod';
import type { Db, Queryable } from '../db/index.js';
import { EVENT_MSG, instalmentPlan, type TEvent, type ZCancelEvent, type ZEventInput } from '../../shared/events.js';
import { writeAudit } from '../audit/repo.js';
import { PG, badRequest, conflict, isPgError, notFound } from '../core/errors.js';
import { isUuid } from '../../shared/ids.js';
import { addCharge, cancelUnpaidCharges } from '../charges/service.js';
import type { Actor } from '../core/access.js';
import { notifyCreatedCharges } from '../charges/notices.js';
import { sumMoney } from '../../shared/money.js';
import * as repo from './repo.js';

type EventInput = z.output<typeof ZEventInput>;

export function checkId(id: string, message: string): void {
  if (!isUuid(id)) throw notFound(message);
}

export async function mustGetEvent(q: Queryable, clubId: string, id: string): Promise<TEvent> {
  checkId(id, EVENT_MSG.eventNotFound);
  const event = await repo.getEvent(q, clubId, id);
  if (!event) throw notFound(EVENT_MSG.eventNotFound);
  return event;
}

async function checkInvitees(q: Queryable, clubId: string, input: EventInput): Promise<{ units: string[]; members: string[] }> {
  const units = [...new Set(input.invited_unit_ids.map((u) => u.toLowerCase()))];
  const members = [...new Set(input.invited_member_ids.map((m) => m.toLowerCase()))];
  if ((await repo.countIn(q, 'units', clubId, units)) !== units.length) throw badRequest(EVENT_MSG.unitNotFound);
  if ((await repo.countIn(q, 'club_members', clubId, members)) !== members.length) throw badRequest(EVENT_MSG.invitedMemberNotFound);
  return { units, members };
}

const rowOf = (input: EventInput): repo.EventRow => ({
  title: input.title, kind: input.kind, starts_on: input.starts_on, ends_on: input.ends_on, registration_deadline: input.registration_deadline,
  place: input.place, description: input.description, cost: input.cost, instalments: input.instalments, places: input.places,
});

export async function createEvent(db: Db, actor: Actor, input: EventInput): Promise<TEvent> {
  return db.transaction(async (tx) => {
    const invited = await checkInvitees(tx, actor.clubId, input);
    const { id } = await repo.insertEvent(tx, actor.clubId, rowOf(input), actor.profileId);
    await repo.setInvitees(tx, actor.clubId, id, invited.units, invited.members);
    await repo.setChecklistItems(tx, actor.clubId, id, input.checklist_items);
    const created = await mustGetEvent(tx, actor.clubId, id);
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'event.create', entity: 'event', entityId: id, after: created });
    return created;
  });
}

/**
 * Edits an event. Once someone registered, the cost and the instalments stay (their charges were
 * written with them) and the places cannot drop below those registered.
 */
export async function updateEvent(db: Db, actor: Actor, id: string, input: EventInput): Promise<TEvent> {
  checkId(id, EVENT_MSG.eventNotFound);
  return db.transaction(async (tx) => {
    const locked = await repo.lockEvent(tx, actor.clubId, id);
    if (!locked) throw notFound(EVENT_MSG.eventNotFound);
    if (locked.cancelled) throw conflict(EVENT_MSG.eventCancelled);
    const before = await mustGetEvent(tx, actor.clubId, id);
    const invited = await checkInvitees(tx, actor.clubId, input);
    const registered = await repo.countRegistered(tx, id);
    if (await repo.everRegistered(tx, actor.clubId, id)) {
      if (input.cost !== locked.cost || input.instalments !== locked.instalments) throw badRequest(EVENT_MSG.costLocked);
    }
    if (input.places !== null && input.places < registered) throw badRequest(EVENT_MSG.placesBelowRegistered(registered));
    await repo.updateEvent(tx, actor.clubId, id, rowOf(input));
    await repo.setInvitees(tx, actor.clubId, id, invited.units, invited.members);
    await repo.setChecklistItems(tx, actor.clubId, id, input.checklist_items);
    const after = await mustGetEvent(tx, actor.clubId, id);
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'event.update', entity: 'event', entityId: id, before, after });
    return after;
  });
}

/** Deleting is for an event nobody ever registered for; otherwise it is cancelled (its history stays). */
export async function deleteEvent(db: Db, actor: Actor, id: string): Promise<void> {
  checkId(id, EVENT_MSG.eventNotFound);
  await db.transaction(async (tx) => {
    if (!(await repo.lockEvent(tx, actor.clubId, id))) throw notFound(EVENT_MSG.eventNotFound);
    if (await repo.everRegistered(tx, actor.clubId, id)) throw conflict(EVENT_MSG.deleteHasRegistrations);
    const before = await mustGetEvent(tx, actor.clubId, id);
    await repo.deleteEvent(tx, actor.clubId, id);
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'event.delete', entity: 'event', entityId: id, before });
  });
}

/** Cancels the event, every registration in force and their charges without payments. */
export async function cancelEvent(db: Db, actor: Actor, id: string, input: z.output<typeof ZCancelEvent>): Promise<TEvent> {
  checkId(id, EVENT_MSG.eventNotFound);
  return db.transaction(async (tx) => {
    const locked = await repo.lockEvent(tx, actor.clubId, id);
    if (!locked) throw notFound(EVENT_MSG.eventNotFound);
    if (locked.cancelled) throw conflict(EVENT_MSG.alreadyCancelled);
    let cancelledCharges = 0;
    for (const registrationId of await repo.activeRegistrationIds(tx, actor.clubId, id)) {
      await repo.cancelRegistration(tx, actor.clubId, registrationId, actor.profileId);
      cancelledCharges += await cancelUnpaidCharges(tx, actor, await repo.chargeIdsOf(tx, actor.clubId, registrationId), `Evento cancelado: ${input.reason}`.slice(0, 500));
    }
    await repo.cancelEvent(tx, actor.clubId, id, input.reason);
    const after = await mustGetEvent(tx, actor.clubId, id);
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'event.cancel', entity: 'event', entityId: id, after: { reason: input.reason, cancelled_charges: cancelledCharges } });
    return after;
  });
}

/** Who registers: the club (direction or secretary, until the deadline) or a guardian for their child. */
export interface Registrar extends Actor {
  via: 'club' | 'guardian';
}

/**
 * Registers a member: the event is locked, so concurrent registrations take turns and never pass the
 * places; the event's charges (one per instalment, exact to the cent, origin 'evento') are written in
 * the same transaction.
 */
export async function register(db: Db, actor: Registrar, eventId: string, memberRef: string): Promise<{ registration_id: string; charge_ids: string[] }> {
  checkId(eventId, EVENT_MSG.eventNotFound);
  try {
    return await db.transaction(async (tx) => {
      const event = await repo.lockEvent(tx, actor.clubId, eventId);
      if (!event) throw notFound(EVENT_MSG.eventNotFound);
      if (event.cancelled) throw conflict(EVENT_MSG.eventCancelled);
      if (event.today > event.registration_deadline) throw badRequest(EVENT_MSG.deadlinePassed);
      const member = await repo.findInvitableMember(tx, actor.clubId, eventId, memberRef);
      if (!member) throw badRequest(EVENT_MSG.memberNotFound);
      if (!member.invited) throw badRequest(EVENT_MSG.notInvited);
      if (await repo.activeRegistration(tx, actor.clubId, eventId, member.id)) throw conflict(EVENT_MSG.alreadyRegistered);
      if (event.places !== null && (await repo.countRegistered(tx, eventId)) >= event.places) throw conflict(EVENT_MSG.full);
      const { id } = await repo.insertRegistration(tx, actor.clubId, eventId, member.id, actor.profileId);
      const chargeIds: string[] = [];
      let reused: string[] = [];
      if (event.cost !== '0.00') {
        reused = await reuseCharges(tx, actor, eventId, member.id, id, event.cost);
        chargeIds.push(...reused);
        if (reused.length === 0) {
          // A month apart, or spread over the days left to the deadline: never two due the same day (issue 43).
          const instalments = instalmentPlan(event.cost, event.instalments, event.registration_deadline, event.today);
          for (const [i, { amount, due }] of instalments.entries()) {
            const description = instalments.length > 1 ? `${event.title} (parcela ${i + 1}/${instalments.length})` : event.title;
            const charge = await addCharge(tx, actor, {
              profileId: member.profile_id, description, amount, dueDate: due, origin: 'evento', eventId, registrationId: id,
            });
            chargeIds.push(charge.id);
          }
        }
        // A reused charge keeps its dedupe key `charge.created:<id>`: nobody is told of it twice.
        await notifyCreatedCharges(tx, actor.clubId, chargeIds);
      }
      await writeAudit(tx, {
        clubId: actor.clubId, actorId: actor.profileId, action: 'event.register', entity: 'event', entityId: eventId,
        after: { registration_id: id, member_id: member.id, via: actor.via, charge_ids: chargeIds, reused_charges: reused.length },
      });
      return { registration_id: id, charge_ids: chargeIds };
    });
  } catch (err) {
    // The same member registered twice at once: the unique index lets one through.
    if (isPgError(err) && err.code === PG.uniqueViolation && err.constraint === 'event_registrations_active_key') throw conflict(EVENT_MSG.alreadyRegistered);
    throw err;
  }
}

/**
 * Registering again after cancelling (issue 43, register/unregister loops): the charges of the member's
 * last registration for this event move to the new one — those cancelled with it and never paid are
 * reopened, those a payment kept in force are only moved (a paid charge is never reopened nor written
 * twice) — so the treasurer's list keeps one set and the family is not told again. Only when that set is
 * whole (none cancelled otherwise, e.g. by the treasurer) and adds up to the event's cost; otherwise
 * nothing is reused and the caller writes new charges. Each reopened or moved charge is audited.
 */
async function reuseCharges(tx: Queryable, actor: Actor, eventId: string, memberId: string, registrationId: string, cost: string): Promise<string[]> {
  const previous = await repo.reusableCharges(tx, actor.clubId, eventId, memberId);
  const { charges } = previous;
  if (charges.length === 0 || charges.some((c) => c.cancelled && !c.reopenable)) return [];
  if (sumMoney(charges.map((c) => c.amount)) !== cost) return [];
  for (const c of charges) {
    await repo.reattachCharge(tx, actor.clubId, c.id, registrationId);
    await writeAudit(tx, {
      clubId: actor.clubId, actorId: actor.profileId, action: c.cancelled ? 'charge.reopen' : 'charge.move', entity: 'charge', entityId: c.id,
      before: { event_registration_id: previous.registrationId, status: c.cancelled ? 'cancelada' : 'em_vigor' },
      after: { event_registration_id: registrationId, reason: 'Nova inscrição no mesmo evento' },
    });
  }
  return charges.map((c) => c.id);
}

/**
 * Cancels a registration and its charges that have no payment yet (the ones paid stay for the
 * treasurer to reverse). A guardian may do it until the deadline; the club until the event ends.
 */
export async function unregister(db: Db, actor: Registrar, eventId: string, find: (tx: Queryable) => Promise<{ id: string; member_id: string } | null>) {
  checkId(eventId, EVENT_MSG.eventNotFound);
  return db.transaction(async (tx) => {
    const event = await repo.lockEvent(tx, actor.clubId, eventId);
    if (!event) throw notFound(EVENT_MSG.eventNotFound);
    const registration = await find(tx);
    if (!registration) throw notFound(EVENT_MSG.registrationNotFound);
    if (actor.via === 'guardian' && event.today > event.registration_deadline) throw badRequest(EVENT_MSG.deadlinePassed);
    if (event.today > event.ends_on) throw badRequest(EVENT_MSG.eventEnded);
    await repo.cancelRegistration(tx, actor.clubId, registration.id, actor.profileId);
    const charges = await repo.chargeIdsOf(tx, actor.clubId, registration.id);
    const cancelled = await cancelUnpaidCharges(tx, actor, charges, `Inscrição cancelada: ${event.title}`.slice(0, 500));
    const kept = await repo.countOpenCharges(tx, actor.clubId, charges);
    await writeAudit(tx, {
      clubId: actor.clubId, actorId: actor.profileId, action: 'event.unregister', entity: 'event', entityId: eventId,
      after: { registration_id: registration.id, member_id: registration.member_id, via: actor.via, cancelled_charges: cancelled, kept_charges: kept },
    });
    return { cancelled_charges: cancelled, kept_charges: kept };
  });
}

/** A leader ticks (or unticks) one of the club's checklist items for one participant. */
export async function tickChecklist(db: Db, actor: Actor, eventId: string, registrationId: string, itemId: string, done: boolean): Promise<void> {
  checkId(eventId, EVENT_MSG.eventNotFound);
  checkId(registrationId, EVENT_MSG.registrationNotFound);
  checkId(itemId, EVENT_MSG.itemNotFound);
  await db.transaction(async (tx) => {
    if (!(await repo.getEvent(tx, actor.clubId, eventId))) throw notFound(EVENT_MSG.eventNotFound);
    if (!(await repo.activeRegistrationById(tx, actor.clubId, eventId, registrationId))) throw notFound(EVENT_MSG.registrationNotFound);
    if (!(await repo.itemOfEvent(tx, actor.clubId, eventId, itemId))) throw notFound(EVENT_MSG.itemNotFound);
    await repo.tickItem(tx, actor.clubId, registrationId, itemId, done, actor.profileId);
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'event.checklist', entity: 'event', entityId: eventId, after: { registration_id: registrationId, item_id: itemId, done } });
  });
}
