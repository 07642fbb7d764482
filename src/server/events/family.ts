import type { z } from 'zod';
import type { Db, Queryable } from '../db/index.js';
import {
  EVENT_MSG, type TAuthorisationText, type TFamilyEvent, type TFamilyEvents, type ZSignAuthorisation,
} from '../../shared/events.js';
import { writeAudit } from '../audit/repo.js';
import { PG, badRequest, conflict, isPgError, notFound } from '../core/errors.js';
import type { GuardianLink } from '../families/access.js';
import type { Actor } from '../core/access.js';
import * as repo from './repo.js';
import { checkId } from './service.js';

/** The club's authorisation text in force (every club has one from its first day: migration 0620). */
export async function currentText(q: Queryable, clubId: string): Promise<TAuthorisationText & { id: string }> {
  const text = await repo.currentText(q, clubId);
  if (!text) throw new Error(`club ${clubId} has no event authorisation text`);
  return text;
}

/** Editing the text adds a version; authorisations already signed keep naming theirs. */
export async function saveText(db: Db, actor: Actor, body: string): Promise<TAuthorisationText> {
  return db.transaction(async (tx) => {
    const before = await currentText(tx, actor.clubId);
    const { id: _id, ...saved } = await repo.insertText(tx, actor.clubId, body, actor.profileId);
    await writeAudit(tx, {
      clubId: actor.clubId, actorId: actor.profileId, action: 'event_authorisation_text.update', entity: 'event_authorisation_text', entityId: actor.clubId,
      before: { version: before.version }, after: { version: saved.version },
    });
    return saved;
  });
}

/**
 * What /familia offers for one child: the events they are invited to (or registered for) that have
 * not ended nor been cancelled, with the registration and the authorisation, and the text to sign.
 */
export async function familyEvents(q: Queryable, link: GuardianLink): Promise<TFamilyEvents> {
  const rows = await repo.familyEventRows(q, link.clubId, link.memberId);
  const text = await currentText(q, link.clubId);
  const events = rows.map((r): TFamilyEvent => {
    const { invited_unit_ids: _u, invited_member_ids: _m, checklist_items: _c, signed_name, signed_at, version, ...event } = r;
    const authorisation = signed_name && signed_at && version !== null ? { signed_name, signed_at, version } : null;
    const beforeStart = event.status === 'inscricoes_abertas' || event.status === 'inscricoes_encerradas';
    return {
      ...event,
      can_register: !r.registered && event.status === 'inscricoes_abertas' && (event.places_left === null || event.places_left > 0),
      authorisation,
      can_revoke: authorisation !== null && beforeStart,
    };
  });
  return { authorisation_text: { version: text.version, body: text.body, created_at: text.created_at }, events };
}

/**
 * The guardian signs the authorisation of their child's registration: they read the text version they
 * confirm (a newer one must be read again), typed their name; who, when, from where and which version
 * are recorded, as for the consent of the families module.
 */
export async function signAuthorisation(db: Db, link: GuardianLink, guardianProfileId: string, eventId: string, input: z.output<typeof ZSignAuthorisation>, ip: string | null) {
  checkId(eventId, EVENT_MSG.eventNotFound);
  try {
    return await db.transaction(async (tx) => {
      const event = await repo.lockEvent(tx, link.clubId, eventId);
      if (!event) throw notFound(EVENT_MSG.eventNotFound);
      if (event.cancelled) throw conflict(EVENT_MSG.eventCancelled);
      if (event.today > event.ends_on) throw badRequest(EVENT_MSG.eventEnded);
      const registration = await repo.activeRegistration(tx, link.clubId, eventId, link.memberId);
      if (!registration) throw badRequest(EVENT_MSG.notRegistered);
      const text = await currentText(tx, link.clubId);
      if (text.version !== input.text_version) throw conflict(EVENT_MSG.textChanged);
      const signed = await repo.insertAuthorisation(tx, {
        clubId: link.clubId, registrationId: registration.id, memberId: link.memberId, guardianId: link.guardianId,
        guardianProfileId, signedName: input.signed_name, textId: text.id, version: text.version, ip,
      });
      await writeAudit(tx, {
        clubId: link.clubId, actorId: guardianProfileId, action: 'event_authorisation.sign', entity: 'event_authorisation', entityId: signed.id,
        after: { event_id: eventId, registration_id: registration.id, member_id: link.memberId, signed_name: input.signed_name, version: text.version, ip },
      });
      return { signed_name: input.signed_name, signed_at: signed.signed_at, version: text.version };
    });
  } catch (err) {
    if (isPgError(err) && err.code === PG.uniqueViolation && err.constraint === 'event_authorisations_active_key') throw conflict(EVENT_MSG.alreadyAuthorised);
    throw err;
  }
}

/** Revoking is possible until the event starts (in the club's calendar); the record stays, marked revoked. */
export async function revokeAuthorisation(db: Db, link: GuardianLink, guardianProfileId: string, eventId: string): Promise<void> {
  checkId(eventId, EVENT_MSG.eventNotFound);
  await db.transaction(async (tx) => {
    const event = await repo.lockEvent(tx, link.clubId, eventId);
    if (!event) throw notFound(EVENT_MSG.eventNotFound);
    const active = await repo.activeAuthorisation(tx, link.clubId, eventId, link.memberId);
    if (!active) throw notFound(EVENT_MSG.notAuthorised);
    if (event.today >= event.starts_on) throw badRequest(EVENT_MSG.revokeAfterStart);
    await repo.revokeAuthorisation(tx, active.id, guardianProfileId);
    await writeAudit(tx, {
      clubId: link.clubId, actorId: guardianProfileId, action: 'event_authorisation.revoke', entity: 'event_authorisation', entityId: active.id,
      after: { event_id: eventId, member_id: link.memberId },
    });
  });
}

/** The guardian's child is invited to this event (the family routes answer 404 for any other). */
export async function requireFamilyEvent(q: Queryable, link: GuardianLink, eventId: string): Promise<void> {
  checkId(eventId, EVENT_MSG.eventNotFound);
  if (!(await repo.familyEventVisible(q, link.clubId, eventId, link.memberId))) throw notFound(EVENT_MSG.eventNotFound);
}
