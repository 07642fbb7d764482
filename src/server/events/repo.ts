import type { Queryable } from '../db/index.js';
import { maybeOne, one } from '../db/index.js';
import type { TAuthorisationText, TEvent } from '../../shared/events.js';
import { clubTodayOf } from '../db/club-clock.js';

/** Whether member record `cm` is invited to event `e`: listed, in a listed unit, or nobody listed (the whole club). */
export const INVITED_SQL = (e: string, cm: string) => `(
  EXISTS (SELECT 1 FROM event_invited_members im WHERE im.event_id = ${e}.id AND im.member_id = ${cm}.id)
  OR EXISTS (SELECT 1 FROM event_invited_units iu WHERE iu.event_id = ${e}.id AND iu.unit_id = ${cm}.unit_id)
  OR (NOT EXISTS (SELECT 1 FROM event_invited_members im WHERE im.event_id = ${e}.id)
      AND NOT EXISTS (SELECT 1 FROM event_invited_units iu WHERE iu.event_id = ${e}.id)))`;

const REGISTERED = (e: string) => `(SELECT count(*)::int FROM event_registrations r WHERE r.event_id = ${e}.id AND r.cancelled_at IS NULL)`;

export const EVENT_SELECT = `
  SELECT e.id, e.title, e.kind, e.starts_on, e.ends_on, e.registration_deadline, e.place, e.description, e.cost, e.instalments, e.places,
         ${REGISTERED('e')} AS registered_count,
         CASE WHEN e.places IS NULL THEN NULL ELSE greatest(e.places - ${REGISTERED('e')}, 0) END AS places_left,
         CASE WHEN e.cancelled_at IS NOT NULL THEN 'cancelado'
              WHEN ${clubTodayOf('e.club_id')} > e.ends_on THEN 'encerrado'
              WHEN ${clubTodayOf('e.club_id')} >= e.starts_on THEN 'em_andamento'
              WHEN ${clubTodayOf('e.club_id')} > e.registration_deadline THEN 'inscricoes_encerradas'
              ELSE 'inscricoes_abertas' END AS status,
         e.cancel_reason,
         array(SELECT iu.unit_id::text FROM event_invited_units iu WHERE iu.event_id = e.id ORDER BY iu.unit_id) AS invited_unit_ids,
         array(SELECT im.member_id::text FROM event_invited_members im WHERE im.event_id = e.id ORDER BY im.member_id) AS invited_member_ids,
         coalesce((SELECT json_agg(json_build_object('id', i.id, 'label', i.label) ORDER BY i.position)
                     FROM event_checklist_items i WHERE i.event_id = e.id), '[]'::json) AS checklist_items,
         e.created_at
    FROM events e`;

/** The club's events, the next and the running ones first, then the past ones, latest first. */
export function listEvents(q: Queryable, clubId: string) {
  return q.query<TEvent>(
    `${EVENT_SELECT}
      WHERE e.club_id = $1
      ORDER BY (e.ends_on < ${clubTodayOf('$1')}), CASE WHEN e.ends_on >= ${clubTodayOf('$1')} THEN e.starts_on END, e.starts_on DESC, e.id
      LIMIT 500`,
    [clubId],
  );
}

export function getEvent(q: Queryable, clubId: string, id: string) {
  return maybeOne<TEvent>(q, `${EVENT_SELECT} WHERE e.club_id = $1 AND e.id = $2`, [clubId, id]);
}

export interface LockedEvent {
  id: string;
  title: string;
  starts_on: string;
  ends_on: string;
  registration_deadline: string;
  cost: string;
  instalments: number;
  places: number | null;
  cancelled: boolean;
  today: string;
}

/** Locks the event: registrations take turns on it, so the places are counted one at a time. */
export function lockEvent(q: Queryable, clubId: string, id: string) {
  return maybeOne<LockedEvent>(
    q,
    `SELECT e.id, e.title, e.starts_on, e.ends_on, e.registration_deadline, e.cost, e.instalments, e.places,
            e.cancelled_at IS NOT NULL AS cancelled, ${clubTodayOf('e.club_id')}::text AS today
       FROM events e WHERE e.club_id = $1 AND e.id = $2 FOR UPDATE`,
    [clubId, id],
  );
}

export interface EventRow {
  title: string;
  kind: string;
  starts_on: string;
  ends_on: string;
  registration_deadline: string;
  place: string;
  description: string | null;
  cost: string;
  instalments: number;
  places: number | null;
}

export function insertEvent(q: Queryable, clubId: string, e: EventRow, createdBy: string) {
  return one<{ id: string }>(
    q,
    `INSERT INTO events (club_id, title, kind, starts_on, ends_on, registration_deadline, place, description, cost, instalments, places, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
    [clubId, e.title, e.kind, e.starts_on, e.ends_on, e.registration_deadline, e.place, e.description, e.cost, e.instalments, e.places, createdBy],
  );
}

export async function updateEvent(q: Queryable, clubId: string, id: string, e: EventRow): Promise<void> {
  await q.query(
    `UPDATE events SET title = $3, kind = $4, starts_on = $5, ends_on = $6, registration_deadline = $7, place = $8, description = $9,
            cost = $10, instalments = $11, places = $12, updated_at = now()
      WHERE club_id = $1 AND id = $2`,
    [clubId, id, e.title, e.kind, e.starts_on, e.ends_on, e.registration_deadline, e.place, e.description, e.cost, e.instalments, e.places],
  );
}

/** Replaces who is invited (units and member records, already checked to be the club's). */
export async function setInvitees(q: Queryable, clubId: string, eventId: string, unitIds: string[], memberIds: string[]): Promise<void> {
  await q.query(`DELETE FROM event_invited_units WHERE club_id = $1 AND event_id = $2`, [clubId, eventId]);
  await q.query(`DELETE FROM event_invited_members WHERE club_id = $1 AND event_id = $2`, [clubId, eventId]);
  await q.query(`INSERT INTO event_invited_units (club_id, event_id, unit_id) SELECT $1, $2, u FROM unnest($3::uuid[]) u ON CONFLICT DO NOTHING`, [clubId, eventId, unitIds]);
  await q.query(`INSERT INTO event_invited_members (club_id, event_id, member_id) SELECT $1, $2, m FROM unnest($3::uuid[]) m ON CONFLICT DO NOTHING`, [clubId, eventId, memberIds]);
}

/**
 * The checklist items the club added, in the order given: an item kept by its label keeps its ticks,
 * a removed one takes its ticks with it.
 */
export async function setChecklistItems(q: Queryable, clubId: string, eventId: string, labels: string[]): Promise<void> {
  await q.query(`DELETE FROM event_checklist_items WHERE club_id = $1 AND event_id = $2 AND NOT (lower(label) = ANY ($3::text[]))`, [clubId, eventId, labels.map((l) => l.toLowerCase())]);
  // Positions first out of the way, so the new order never collides with the old.
  await q.query(`UPDATE event_checklist_items SET position = position + 1000 WHERE club_id = $1 AND event_id = $2`, [clubId, eventId]);
  for (const [i, label] of labels.entries()) {
    const moved = await q.query(`UPDATE event_checklist_items SET position = $4, label = $3 WHERE club_id = $1 AND event_id = $2 AND lower(label) = lower($3) RETURNING id`, [clubId, eventId, label, i]);
    if (moved.length === 0) await q.query(`INSERT INTO event_checklist_items (club_id, event_id, label, position) VALUES ($1, $2, $3, $4)`, [clubId, eventId, label, i]);
  }
}

export async function countIn(q: Queryable, table: 'units' | 'club_members', clubId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await one<{ n: number }>(q, `SELECT count(*)::int AS n FROM ${table} WHERE club_id = $1 AND id = ANY ($2::uuid[])`, [clubId, ids]);
  return row.n;
}

export async function countRegistered(q: Queryable, eventId: string): Promise<number> {
  return (await one<{ n: number }>(q, `SELECT count(*)::int AS n FROM event_registrations WHERE event_id = $1 AND cancelled_at IS NULL`, [eventId])).n;
}

export async function everRegistered(q: Queryable, clubId: string, eventId: string): Promise<boolean> {
  return (await maybeOne(q, `SELECT 1 FROM event_registrations WHERE club_id = $1 AND event_id = $2 LIMIT 1`, [clubId, eventId])) !== null;
}

export async function deleteEvent(q: Queryable, clubId: string, id: string): Promise<void> {
  await q.query(`DELETE FROM events WHERE club_id = $1 AND id = $2`, [clubId, id]);
}

export async function cancelEvent(q: Queryable, clubId: string, id: string, reason: string): Promise<void> {
  await q.query(`UPDATE events SET cancelled_at = now(), cancel_reason = $3, updated_at = now() WHERE club_id = $1 AND id = $2`, [clubId, id, reason]);
}

// ——— Registrations ———

/** An active member record of the club (by its id or the person's profile id), and whether the event invites it. */
export function findInvitableMember(q: Queryable, clubId: string, eventId: string, memberRef: string) {
  return maybeOne<{ id: string; profile_id: string; full_name: string; invited: boolean }>(
    q,
    `SELECT cm.id, cm.profile_id, p.full_name, ${INVITED_SQL('e', 'cm')} AS invited
       FROM club_members cm JOIN profiles p ON p.id = cm.profile_id JOIN events e ON e.club_id = cm.club_id AND e.id = $2
      WHERE cm.club_id = $1 AND cm.active AND (cm.id::text = $3 OR cm.profile_id::text = $3)`,
    [clubId, eventId, memberRef],
  );
}

export function activeRegistration(q: Queryable, clubId: string, eventId: string, memberId: string) {
  return maybeOne<{ id: string; member_id: string }>(
    q,
    `SELECT id, member_id FROM event_registrations WHERE club_id = $1 AND event_id = $2 AND member_id = $3 AND cancelled_at IS NULL`,
    [clubId, eventId, memberId],
  );
}

export function activeRegistrationById(q: Queryable, clubId: string, eventId: string, registrationId: string) {
  return maybeOne<{ id: string; member_id: string }>(
    q,
    `SELECT id, member_id FROM event_registrations WHERE club_id = $1 AND event_id = $2 AND id = $3 AND cancelled_at IS NULL`,
    [clubId, eventId, registrationId],
  );
}

export function insertRegistration(q: Queryable, clubId: string, eventId: string, memberId: string, by: string) {
  return one<{ id: string }>(
    q,
    `INSERT INTO event_registrations (club_id, event_id, member_id, registered_by) VALUES ($1, $2, $3, $4) RETURNING id`,
    [clubId, eventId, memberId, by],
  );
}

export async function cancelRegistration(q: Queryable, clubId: string, id: string, by: string): Promise<void> {
  await q.query(`UPDATE event_registrations SET cancelled_at = now(), cancelled_by = $3 WHERE club_id = $1 AND id = $2`, [clubId, id, by]);
}

export async function activeRegistrationIds(q: Queryable, clubId: string, eventId: string): Promise<string[]> {
  return (await q.query<{ id: string }>(`SELECT id FROM event_registrations WHERE club_id = $1 AND event_id = $2 AND cancelled_at IS NULL`, [clubId, eventId])).map((r) => r.id);
}

export async function chargeIdsOf(q: Queryable, clubId: string, registrationId: string): Promise<string[]> {
  return (await q.query<{ id: string }>(`SELECT id FROM charges WHERE club_id = $1 AND event_registration_id = $2 ORDER BY due_date, id`, [clubId, registrationId])).map((r) => r.id);
}

/**
 * The charges a member's last cancelled registration for this event still has a claim on (issue 43,
 * register/unregister loops): those in force (a payment kept them) and those cancelled together with
 * that registration (same transaction, same now()) without any payment. Locked, in due order.
 */
export async function reusableCharges(q: Queryable, clubId: string, eventId: string, memberId: string) {
  const last = await maybeOne<{ id: string }>(
    q,
    `SELECT id FROM event_registrations WHERE club_id = $1 AND event_id = $2 AND member_id = $3 AND cancelled_at IS NOT NULL
      ORDER BY cancelled_at DESC, registered_at DESC, id LIMIT 1`,
    [clubId, eventId, memberId],
  );
  if (!last) return { registrationId: null, charges: [] };
  const charges = await q.query<{ id: string; amount: string; cancelled: boolean; reopenable: boolean }>(
    `SELECT ch.id, ch.amount::text AS amount, ch.cancelled_at IS NOT NULL AS cancelled,
            (ch.cancelled_at IS NOT NULL AND ch.cancelled_at = r.cancelled_at AND ch.paid_amount = 0) AS reopenable
       FROM charges ch JOIN event_registrations r ON r.club_id = ch.club_id AND r.id = ch.event_registration_id
      WHERE ch.club_id = $1 AND ch.event_registration_id = $2
      ORDER BY ch.due_date, ch.id FOR UPDATE OF ch`,
    [clubId, last.id],
  );
  return { registrationId: last.id, charges };
}

/** Moves a charge to the member's new registration, reopening it when it was cancelled with the old one. */
export async function reattachCharge(q: Queryable, clubId: string, chargeId: string, registrationId: string): Promise<void> {
  await q.query(
    `UPDATE charges SET event_registration_id = $3, cancelled_at = NULL, cancel_reason = NULL, updated_at = now() WHERE club_id = $1 AND id = $2`,
    [clubId, chargeId, registrationId],
  );
}

export async function tickItem(q: Queryable, clubId: string, registrationId: string, itemId: string, done: boolean, by: string): Promise<void> {
  if (done) {
    await q.query(
      `INSERT INTO event_checklist_ticks (club_id, registration_id, item_id, ticked_by) VALUES ($1, $2, $3, $4) ON CONFLICT (registration_id, item_id) DO NOTHING`,
      [clubId, registrationId, itemId, by],
    );
  } else {
    await q.query(`DELETE FROM event_checklist_ticks WHERE club_id = $1 AND registration_id = $2 AND item_id = $3`, [clubId, registrationId, itemId]);
  }
}

export async function itemOfEvent(q: Queryable, clubId: string, eventId: string, itemId: string): Promise<boolean> {
  return (await maybeOne(q, `SELECT 1 FROM event_checklist_items WHERE club_id = $1 AND event_id = $2 AND id = $3`, [clubId, eventId, itemId])) !== null;
}

// ——— Authorisation text ———

export function currentText(q: Queryable, clubId: string) {
  return maybeOne<TAuthorisationText & { id: string }>(
    q, `SELECT id, version, body, created_at FROM event_authorisation_texts WHERE club_id = $1 ORDER BY version DESC LIMIT 1`, [clubId],
  );
}

export function insertText(q: Queryable, clubId: string, body: string, by: string) {
  return one<TAuthorisationText & { id: string }>(
    q,
    `INSERT INTO event_authorisation_texts (club_id, version, body, created_by)
     VALUES ($1, (SELECT coalesce(max(version), 0) + 1 FROM event_authorisation_texts WHERE club_id = $1), $2, $3)
     RETURNING id, version, body, created_at`,
    [clubId, body, by],
  );
}

export type FamilyEventRow = TEvent & { registered: boolean; signed_name: string | null; signed_at: string | null; version: number | null };

/** The events one child is invited to (or registered for) that have not ended nor been cancelled, with the registration and the authorisation. */
export function familyEventRows(q: Queryable, clubId: string, memberId: string) {
  return q.query<FamilyEventRow>(
    `SELECT ev.*, r.id IS NOT NULL AS registered, a.signed_name, a.signed_at, a.version
       FROM (${EVENT_SELECT}
               JOIN club_members cm ON cm.club_id = e.club_id AND cm.id = $2
              WHERE e.club_id = $1 AND e.cancelled_at IS NULL AND e.ends_on >= ${clubTodayOf('$1')}
                AND (${INVITED_SQL('e', 'cm')}
                     OR EXISTS (SELECT 1 FROM event_registrations x WHERE x.event_id = e.id AND x.member_id = cm.id AND x.cancelled_at IS NULL))) ev
       LEFT JOIN event_registrations r ON r.club_id = $1 AND r.event_id = ev.id AND r.member_id = $2 AND r.cancelled_at IS NULL
       LEFT JOIN event_authorisations a ON a.club_id = $1 AND a.registration_id = r.id AND a.revoked_at IS NULL
      ORDER BY ev.starts_on, ev.id`,
    [clubId, memberId],
  );
}

/** Whether the child sees this event: invited, or registered once. */
export async function familyEventVisible(q: Queryable, clubId: string, eventId: string, memberId: string): Promise<boolean> {
  const row = await maybeOne(
    q,
    `SELECT 1 FROM events e JOIN club_members cm ON cm.club_id = e.club_id AND cm.id = $3
      WHERE e.club_id = $1 AND e.id = $2
        AND (${INVITED_SQL('e', 'cm')} OR EXISTS (SELECT 1 FROM event_registrations x WHERE x.event_id = e.id AND x.member_id = cm.id))`,
    [clubId, eventId, memberId],
  );
  return row !== null;
}

export function insertAuthorisation(q: Queryable, a: {
  clubId: string; registrationId: string; memberId: string; guardianId: string; guardianProfileId: string;
  signedName: string; textId: string; version: number; ip: string | null;
}) {
  return one<{ id: string; signed_at: string }>(
    q,
    `INSERT INTO event_authorisations (club_id, registration_id, member_id, guardian_id, guardian_profile_id, signed_name, text_id, version, ip)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id, signed_at`,
    [a.clubId, a.registrationId, a.memberId, a.guardianId, a.guardianProfileId, a.signedName, a.textId, a.version, a.ip],
  );
}

/** The authorisation in force of the member's registration in force for the event. */
export function activeAuthorisation(q: Queryable, clubId: string, eventId: string, memberId: string) {
  return maybeOne<{ id: string }>(
    q,
    `SELECT a.id FROM event_authorisations a JOIN event_registrations r ON r.club_id = a.club_id AND r.id = a.registration_id
      WHERE a.club_id = $1 AND r.event_id = $2 AND a.member_id = $3 AND a.revoked_at IS NULL AND r.cancelled_at IS NULL`,
    [clubId, eventId, memberId],
  );
}

export async function revokeAuthorisation(q: Queryable, id: string, by: string): Promise<void> {
  await q.query(`UPDATE event_authorisations SET revoked_at = now(), revoked_by = $2 WHERE id = $1`, [id, by]);
}

/** How many of these charges are not cancelled. */
export async function countOpenCharges(q: Queryable, clubId: string, chargeIds: string[]): Promise<number> {
  return (await q.query<{ id: string }>(
    `SELECT id FROM charges WHERE club_id = $1 AND id = ANY ($2::uuid[]) AND cancelled_at IS NULL`, [clubId, chargeIds],
  )).length;
}

/** The club's time zone (the roster's CSV writes times in it). */
export async function clubTimezone(q: Queryable, clubId: string): Promise<string | null> {
  return (await maybeOne<{ timezone: string }>(q, `SELECT timezone FROM clubs WHERE id = $1`, [clubId]))?.timezone ?? null;
}
