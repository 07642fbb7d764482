import type { z } from 'zod';
import type { Db, Queryable } from '../db/index.js';
import { maybeOne, one } from '../db/index.js';
import {
  EVENT_MSG, type TAuthorisationText, type TEvent, type TFamilyEvent, type TFamilyEvents, type ZSignAuthorisation,
} from '../../shared/events.js';
import { writeAudit } from '../audit/repo.js';
import { PG, badRequest, conflict, isPgError, notFound } from '../core/errors.js';
import type { GuardianLink } from '../families/access.js';
import type { Actor } from '../core/access.js';
import { EVENT_SELECT, INVITED_SQL } from './repo.js';
import { clubTodayOf } from '../db/club-clock.js';
import * as repo from './repo.js';
import { checkId } from './service.js';
import { recordCompanions } from '../camps/service.js';

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

type FamilyRow = TEvent & { registered: boolean; signed_name: string | null; signed_at: string | null; version: number | null };

/**
 * What /familia offers for one child: the events they are invited to (or registered for) that have
 * not ended nor been cancelled, with the registration and the authorisation, and the text to sign.
 */
export async function familyEvents(q: Queryable, link: GuardianLink): Promise<TFamilyEvents> {
  const rows = await q.query<FamilyRow>(
    `SELECT ev.*, r.id IS NOT NULL AS registered, a.signed_name, a.signed_at, a.version
       FROM (${EVENT_SELECT}
               JOIN club_members cm ON cm.club_id = e.club_id AND cm.id = $2
              WHERE e.club_id = $1 AND e.cancelled_at IS NULL AND e.ends_on >= ${clubTodayOf('$1')}
                AND (${INVITED_SQL('e', 'cm')}
                     OR EXISTS (SELECT 1 FROM event_registrations x WHERE x.event_id = e.id AND x.member_id = cm.id AND x.cancelled_at IS NULL))) ev
       LEFT JOIN event_registrations r ON r.club_id = $1 AND r.event_id = ev.id AND r.member_id = $2 AND r.cancelled_at IS NULL
       LEFT JOIN event_authorisations a ON a.club_id = $1 AND a.registration_id = r.id AND a.revoked_at IS NULL
      ORDER BY ev.starts_on, ev.id`,
    [link.clubId, link.memberId],
  );
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
      const signed = await one<{ id: string; signed_at: string }>(
        tx,
        `INSERT INTO event_authorisations (club_id, registration_id, member_id, guardian_id, guardian_profile_id, signed_name, text_id, version, ip)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id, signed_at`,
        [link.clubId, registration.id, link.memberId, link.guardianId, guardianProfileId, input.signed_name, text.id, text.version, ip],
      );
      const adults = await recordCompanions(tx, { clubId: link.clubId, eventId, memberId: link.memberId, authorisationId: signed.id, names: input.accompanying_adults });
      await writeAudit(tx, {
        clubId: link.clubId, actorId: guardianProfileId, action: 'event_authorisation.sign', entity: 'event_authorisation', entityId: signed.id,
        after: { event_id: eventId, registration_id: registration.id, member_id: link.memberId, signed_name: input.signed_name, version: text.version, ip, ...(adults.length ? { accompanying_adults: adults } : {}) },
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
    const active = await maybeOne<{ id: string }>(
      tx,
      `SELECT a.id FROM event_authorisations a JOIN event_registrations r ON r.club_id = a.club_id AND r.id = a.registration_id
        WHERE a.club_id = $1 AND r.event_id = $2 AND a.member_id = $3 AND a.revoked_at IS NULL AND r.cancelled_at IS NULL`,
      [link.clubId, eventId, link.memberId],
    );
    if (!active) throw notFound(EVENT_MSG.notAuthorised);
    if (event.today >= event.starts_on) throw badRequest(EVENT_MSG.revokeAfterStart);
    await tx.query(`UPDATE event_authorisations SET revoked_at = now(), revoked_by = $2 WHERE id = $1`, [active.id, guardianProfileId]);
    await writeAudit(tx, {
      clubId: link.clubId, actorId: guardianProfileId, action: 'event_authorisation.revoke', entity: 'event_authorisation', entityId: active.id,
      after: { event_id: eventId, member_id: link.memberId },
    });
  });
}

/** The guardian's child is invited to this event (the family routes answer 404 for any other). */
export async function requireFamilyEvent(q: Queryable, link: GuardianLink, eventId: string): Promise<void> {
  checkId(eventId, EVENT_MSG.eventNotFound);
  const row = await maybeOne(
    q,
    `SELECT 1 FROM events e JOIN club_members cm ON cm.club_id = e.club_id AND cm.id = $3
      WHERE e.club_id = $1 AND e.id = $2
        AND (${INVITED_SQL('e', 'cm')} OR EXISTS (SELECT 1 FROM event_registrations x WHERE x.event_id = e.id AND x.member_id = cm.id))`,
    [link.clubId, eventId, link.memberId],
  );
  if (!row) throw notFound(EVENT_MSG.eventNotFound);
}
