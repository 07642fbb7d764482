import type { Queryable } from '../db/index.js';
import { maybeOne, one } from '../db/index.js';
import { clubDate, clubTodayOf } from '../db/club-clock.js';
import { CONSENT_STATUS_SQL } from '../families/repo.js';
import type { TCampLog, TMedication, TRiskInput } from '../../shared/camps.js';

/** SQL only (routes → service → repo). Every query filters by the club the request was authorised for. */

export interface EventBasics {
  id: string; title: string; kind: string; starts_on: string; ends_on: string; place: string; cancelled: boolean;
  today: string; timezone: string;
}

export function getEventBasics(q: Queryable, clubId: string, eventId: string): Promise<EventBasics | null> {
  return maybeOne<EventBasics>(q,
    `SELECT e.id, e.title, e.kind, e.starts_on::text, e.ends_on::text, e.place, e.cancelled_at IS NOT NULL AS cancelled,
            ${clubDate()}::text AS today, c.timezone
       FROM events e JOIN clubs c ON c.id = e.club_id WHERE e.club_id = $1 AND e.id = $2`, [clubId, eventId]);
}

export interface CampRow {
  transport: string; places: string; vote_minutes: string; vote_number: string; health_days_after: number;
}

export function getCamp(q: Queryable, clubId: string, eventId: string): Promise<CampRow | null> {
  return maybeOne<CampRow>(q, `SELECT transport, places, vote_minutes, vote_number, health_days_after FROM camps WHERE club_id = $1 AND event_id = $2`, [clubId, eventId]);
}

/** Locks the saída sheet (or nothing when the event is not a saída yet). */
export function lockCamp(q: Queryable, clubId: string, eventId: string): Promise<CampRow | null> {
  return maybeOne<CampRow>(q, `SELECT transport, places, vote_minutes, vote_number, health_days_after FROM camps WHERE club_id = $1 AND event_id = $2 FOR UPDATE`, [clubId, eventId]);
}

export async function upsertCamp(q: Queryable, clubId: string, eventId: string, row: CampRow, actorId: string): Promise<void> {
  await q.query(
    `INSERT INTO camps (club_id, event_id, transport, places, vote_minutes, vote_number, health_days_after, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (event_id) DO UPDATE SET transport = EXCLUDED.transport, places = EXCLUDED.places, vote_minutes = EXCLUDED.vote_minutes,
       vote_number = EXCLUDED.vote_number, health_days_after = EXCLUDED.health_days_after, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [clubId, eventId, row.transport, row.places, row.vote_minutes, row.vote_number, row.health_days_after, actorId]);
}

export const LEADER_ROLES = ['admin', 'associate', 'secretary', 'treasurer', 'counselor', 'instructor'] as const;

export function leaders(q: Queryable, clubId: string, eventId: string) {
  return q.query<{ member_id: string; profile_id: string; full_name: string; role: string }>(
    `SELECT l.member_id, cm.profile_id, p.full_name, cm.role FROM camp_leaders l
       JOIN club_members cm ON cm.id = l.member_id JOIN profiles p ON p.id = cm.profile_id
      WHERE l.club_id = $1 AND l.event_id = $2 AND cm.active ORDER BY pt_sort_key(p.full_name) COLLATE "C", l.member_id`, [clubId, eventId]);
}

/** How many of these ids are active members of the club in a leadership function. */
export async function countLeaderCandidates(q: Queryable, clubId: string, ids: string[]): Promise<number> {
  const row = await one<{ n: number }>(q,
    `SELECT count(*)::int AS n FROM club_members WHERE club_id = $1 AND id = ANY ($2::uuid[]) AND active AND role = ANY ($3::text[])`, [clubId, ids, LEADER_ROLES]);
  return row.n;
}

/** Replaces the leaders; answers those removed (their phones' keys are revoked by the caller). */
export async function setLeaders(q: Queryable, clubId: string, eventId: string, ids: string[]): Promise<string[]> {
  const removed = await q.query<{ member_id: string }>(
    `DELETE FROM camp_leaders WHERE club_id = $1 AND event_id = $2 AND NOT (member_id = ANY ($3::uuid[])) RETURNING member_id`, [clubId, eventId, ids]);
  await q.query(
    `INSERT INTO camp_leaders (club_id, event_id, member_id) SELECT $1, $2, m FROM unnest($3::uuid[]) AS m ON CONFLICT DO NOTHING`, [clubId, eventId, ids]);
  return removed.map((r) => r.member_id);
}

/** The caller's member id when they are a leader named on the saída (active in the club). */
export async function leaderMemberOf(q: Queryable, clubId: string, eventId: string, profileId: string): Promise<string | null> {
  const row = await maybeOne<{ member_id: string }>(q,
    `SELECT l.member_id FROM camp_leaders l JOIN club_members cm ON cm.id = l.member_id
      WHERE l.club_id = $1 AND l.event_id = $2 AND cm.profile_id = $3 AND cm.active`, [clubId, eventId, profileId]);
  return row?.member_id ?? null;
}

type RiskRow = Required<Pick<TRiskInput, 'hazard' | 'likelihood' | 'severity' | 'controls'>> & { responsible: string };

export function risks(q: Queryable, clubId: string, eventId: string) {
  return q.query<RiskRow>(`SELECT hazard, likelihood, severity, controls, responsible FROM camp_risks WHERE club_id = $1 AND event_id = $2 ORDER BY position`, [clubId, eventId]);
}

export async function setRisks(q: Queryable, clubId: string, eventId: string, items: RiskRow[]): Promise<void> {
  await q.query(`DELETE FROM camp_risks WHERE club_id = $1 AND event_id = $2`, [clubId, eventId]);
  if (items.length === 0) return;
  await q.query(
    `INSERT INTO camp_risks (club_id, event_id, position, hazard, likelihood, severity, controls, responsible)
     SELECT $1, $2, t.ord, t.hazard, t.likelihood, t.severity, t.controls, t.responsible
       FROM unnest($3::text[], $4::int[], $5::int[], $6::text[], $7::text[]) WITH ORDINALITY AS t(hazard, likelihood, severity, controls, responsible, ord)`,
    [clubId, eventId, items.map((i) => i.hazard), items.map((i) => i.likelihood), items.map((i) => i.severity), items.map((i) => i.controls), items.map((i) => i.responsible)]);
}

export function template(q: Queryable, clubId: string) {
  return q.query<RiskRow>(`SELECT hazard, likelihood, severity, controls, responsible FROM camp_risk_templates WHERE club_id = $1 ORDER BY position`, [clubId]);
}

export async function setTemplate(q: Queryable, clubId: string, items: RiskRow[]): Promise<void> {
  await q.query(`DELETE FROM camp_risk_templates WHERE club_id = $1`, [clubId]);
  if (items.length === 0) return;
  await q.query(
    `INSERT INTO camp_risk_templates (club_id, position, hazard, likelihood, severity, controls, responsible)
     SELECT $1, t.ord, t.hazard, t.likelihood, t.severity, t.controls, t.responsible
       FROM unnest($2::text[], $3::int[], $4::int[], $5::text[], $6::text[]) WITH ORDINALITY AS t(hazard, likelihood, severity, controls, responsible, ord)`,
    [clubId, items.map((i) => i.hazard), items.map((i) => i.likelihood), items.map((i) => i.severity), items.map((i) => i.controls), items.map((i) => i.responsible)]);
}

export async function countParticipants(q: Queryable, clubId: string, eventId: string): Promise<number> {
  return (await one<{ n: number }>(q, `SELECT count(*)::int AS n FROM event_registrations WHERE club_id = $1 AND event_id = $2 AND cancelled_at IS NULL`, [clubId, eventId])).n;
}

export interface ParticipantRow {
  member_id: string; profile_id: string; full_name: string; unit_id: string | null; unit_name: string | null;
  authorised: boolean; consent: string; ciphertext: string | null;
  birth_date: string | null; adult_confirmed: boolean; accompanying_adults: string[] | null;
}

/** The registrations in force, names in pt-BR order, with the sealed ficha médica and the consent state. */
export function participants(q: Queryable, clubId: string, eventId: string) {
  return q.query<ParticipantRow>(
    `SELECT cm.id AS member_id, cm.profile_id, p.full_name, cm.unit_id, u.name AS unit_name,
            EXISTS (SELECT 1 FROM event_authorisations a WHERE a.club_id = r.club_id AND a.registration_id = r.id AND a.revoked_at IS NULL) AS authorised,
            ${CONSENT_STATUS_SQL('cm')} AS consent, h.ciphertext, cm.birth_date::text AS birth_date, cm.adult_confirmed,
            (SELECT ad.names FROM event_authorisations a JOIN camp_authorisation_adults ad ON ad.authorisation_id = a.id
              WHERE a.club_id = r.club_id AND a.registration_id = r.id AND a.revoked_at IS NULL) AS accompanying_adults
       FROM event_registrations r
       JOIN club_members cm ON cm.id = r.member_id
       JOIN profiles p ON p.id = cm.profile_id
       LEFT JOIN units u ON u.id = cm.unit_id
       LEFT JOIN health_records h ON h.member_id = cm.id
      WHERE r.club_id = $1 AND r.event_id = $2 AND r.cancelled_at IS NULL
      ORDER BY pt_sort_key(p.full_name) COLLATE "C", cm.id`, [clubId, eventId]);
}

/** The participants' names only (the sheet's insurance line: no health data). */
export function participantNames(q: Queryable, clubId: string, eventId: string) {
  return q.query<{ member_id: string; full_name: string }>(
    `SELECT cm.id AS member_id, p.full_name FROM event_registrations r JOIN club_members cm ON cm.id = r.member_id JOIN profiles p ON p.id = cm.profile_id
      WHERE r.club_id = $1 AND r.event_id = $2 AND r.cancelled_at IS NULL ORDER BY pt_sort_key(p.full_name) COLLATE "C", cm.id`, [clubId, eventId]);
}

/** The member's age facts and whether the event is a saída (the authorisation's ECA art. 83 check). */
export function companionFacts(q: Queryable, clubId: string, eventId: string, memberId: string) {
  return maybeOne<{ is_camp: boolean; starts_on: string; birth_date: string | null; adult_confirmed: boolean }>(q,
    `SELECT EXISTS (SELECT 1 FROM camps c WHERE c.club_id = e.club_id AND c.event_id = e.id) AS is_camp, e.starts_on::text,
            cm.birth_date::text AS birth_date, cm.adult_confirmed
       FROM events e JOIN club_members cm ON cm.club_id = e.club_id AND cm.id = $3 WHERE e.club_id = $1 AND e.id = $2`, [clubId, eventId, memberId]);
}

export async function registrationMember(q: Queryable, clubId: string, eventId: string, registrationId: string): Promise<string | null> {
  const row = await maybeOne<{ member_id: string }>(q, `SELECT member_id FROM event_registrations WHERE club_id = $1 AND event_id = $2 AND id = $3`, [clubId, eventId, registrationId]);
  return row?.member_id ?? null;
}

export async function insertCompanions(q: Queryable, clubId: string, authorisationId: string, names: string[]): Promise<void> {
  await q.query(`INSERT INTO camp_authorisation_adults (authorisation_id, club_id, names) VALUES ($1, $2, $3::text[])`, [authorisationId, clubId, names]);
}

// ——— the programme ———

export function schedule(q: Queryable, clubId: string, eventId: string) {
  return q.query<{ day: string; at_time: string; title: string; place: string }>(
    `SELECT day::text, at_time, title, place FROM camp_schedule_items WHERE club_id = $1 AND event_id = $2 ORDER BY day, at_time, position`, [clubId, eventId]);
}

export async function setSchedule(q: Queryable, clubId: string, eventId: string, items: { day: string; at_time: string; title: string; place: string }[]): Promise<void> {
  await q.query(`DELETE FROM camp_schedule_items WHERE club_id = $1 AND event_id = $2`, [clubId, eventId]);
  if (items.length === 0) return;
  await q.query(
    `INSERT INTO camp_schedule_items (club_id, event_id, position, day, at_time, title, place)
     SELECT $1, $2, t.ord, t.day::date, t.at_time, t.title, t.place
       FROM unnest($3::text[], $4::text[], $5::text[], $6::text[]) WITH ORDINALITY AS t(day, at_time, title, place, ord)`,
    [clubId, eventId, items.map((i) => i.day), items.map((i) => i.at_time), items.map((i) => i.title), items.map((i) => i.place)]);
}

// ——— incident photos ———

export function incidentOfEvent(q: Queryable, clubId: string, eventId: string, incidentId: string) {
  return maybeOne<{ id: string; photos: number }>(q,
    `SELECT i.id, (SELECT count(*)::int FROM camp_incident_photos f WHERE f.club_id = i.club_id AND f.incident_id = i.id) AS photos
       FROM camp_incidents i WHERE i.club_id = $1 AND i.event_id = $2 AND i.id = $3`, [clubId, eventId, incidentId]);
}

export function photoOfIncident(q: Queryable, clubId: string, incidentId: string, photoId: string) {
  return maybeOne<{ id: string; storage_key: string; mime: string; name: string }>(q,
    `SELECT id, storage_key, mime, name FROM camp_incident_photos WHERE club_id = $1 AND incident_id = $2 AND id = $3`, [clubId, incidentId, photoId]);
}

export const photoIdTaken = (q: Queryable, photoId: string) => maybeOne<{ club_id: string; incident_id: string }>(q, `SELECT club_id, incident_id FROM camp_incident_photos WHERE id = $1`, [photoId]);

export function insertPhoto(q: Queryable, row: { id: string; clubId: string; incidentId: string; key: string; mime: string; name: string; size: number; by: string }) {
  return insertOnce(q,
    `INSERT INTO camp_incident_photos (id, club_id, incident_id, storage_key, mime, name, size, uploaded_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [row.id, row.clubId, row.incidentId, row.key, row.mime, row.name, row.size, row.by]);
}

/** Whether the member holds a registration in force for the event (and their profile). */
export function registeredMember(q: Queryable, clubId: string, eventId: string, memberId: string) {
  return maybeOne<{ profile_id: string; full_name: string }>(q,
    `SELECT cm.profile_id, p.full_name FROM event_registrations r JOIN club_members cm ON cm.id = r.member_id JOIN profiles p ON p.id = cm.profile_id
      WHERE r.club_id = $1 AND r.event_id = $2 AND r.member_id = $3 AND r.cancelled_at IS NULL`, [clubId, eventId, memberId]);
}

export function medications(q: Queryable, clubId: string, eventId: string) {
  return q.query<TMedication & { member_id: string }>(
    `SELECT id, member_id, name, dose, times FROM camp_medications WHERE club_id = $1 AND event_id = $2 ORDER BY member_id, name, id`, [clubId, eventId]);
}

export async function setMedications(q: Queryable, clubId: string, eventId: string, memberId: string, items: { name: string; dose: string; times: string[] }[]): Promise<void> {
  // A medication with doses in the log stays (the log names it); the others are replaced.
  await q.query(
    `DELETE FROM camp_medications m WHERE m.club_id = $1 AND m.event_id = $2 AND m.member_id = $3
        AND NOT EXISTS (SELECT 1 FROM camp_doses d WHERE d.club_id = m.club_id AND d.medication_id = m.id)`, [clubId, eventId, memberId]);
  for (const i of items) {
    await q.query(
      `INSERT INTO camp_medications (club_id, event_id, member_id, name, dose, times)
       SELECT $1, $2, $3, $4, $5, $6::text[]
        WHERE NOT EXISTS (SELECT 1 FROM camp_medications WHERE club_id = $1 AND event_id = $2 AND member_id = $3 AND name = $4 AND dose = $5 AND times = $6::text[])`,
      [clubId, eventId, memberId, i.name, i.dose, i.times]);
  }
}

export function medicationOf(q: Queryable, clubId: string, eventId: string, memberId: string, id: string) {
  return maybeOne<{ id: string }>(q, `SELECT id FROM camp_medications WHERE club_id = $1 AND event_id = $2 AND member_id = $3 AND id = $4`, [clubId, eventId, memberId, id]);
}

// ——— the log: each insert keyed by the phone's id; a repeat inserts nothing ———

/** Inserts a row unless its id (or its natural key) is taken; answers the id inserted or null. */
export async function insertOnce(q: Queryable, sql: string, params: unknown[]): Promise<string | null> {
  const row = await maybeOne<{ id: string }>(q, `${sql} ON CONFLICT DO NOTHING RETURNING id`, params);
  return row?.id ?? null;
}

/** A movement (departure or arrival) a phone recorded; null when its id was already written. */
export function insertMovement(q: Queryable, row: { id: string; clubId: string; eventId: string; label: string; by: string; at: string }): Promise<string | null> {
  return insertOnce(q, `INSERT INTO camp_movements (id, club_id, event_id, label, recorded_by, recorded_at) VALUES ($1, $2, $3, $4, $5, $6)`,
    [row.id, row.clubId, row.eventId, row.label, row.by, row.at]);
}

export interface HeadMarkRow { id: string; clubId: string; eventId: string; movementId: string; memberId: string; direction: string; at: string; by: string }

/** One person counted in one movement; null when the id, or this person in this movement and direction, is already there. */
export function insertHeadMark(q: Queryable, row: HeadMarkRow): Promise<string | null> {
  return insertOnce(q,
    `INSERT INTO camp_head_marks (id, club_id, event_id, movement_id, member_id, direction, marked_at, recorded_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [row.id, row.clubId, row.eventId, row.movementId, row.memberId, row.direction, row.at, row.by]);
}

/** The mark that counted this person in this movement and direction first. */
export function firstHeadMark(q: Queryable, row: Pick<HeadMarkRow, 'clubId' | 'movementId' | 'memberId' | 'direction'>) {
  return maybeOne<{ id: string }>(q,
    `SELECT id FROM camp_head_marks WHERE club_id = $1 AND movement_id = $2 AND member_id = $3 AND direction = $4`,
    [row.clubId, row.movementId, row.memberId, row.direction]);
}

/** Whether a dose of this member at this saída has this id (what a correction cites). */
export function doseOfMember(q: Queryable, clubId: string, eventId: string, memberId: string, doseId: string) {
  return maybeOne<{ id: string }>(q, `SELECT id FROM camp_doses WHERE club_id = $1 AND event_id = $2 AND member_id = $3 AND id = $4`, [clubId, eventId, memberId, doseId]);
}

export interface DoseRow {
  id: string; clubId: string; eventId: string; memberId: string; medicationId: string | null; slot: string | null;
  medication: string; dose: string; status: string; reason: string | null; givenAt: string; correctsId: string | null; by: string;
}

/** A dose given or skipped; null when the id, or this scheduled dose (medication and slot, not a correction), is already there. */
export function insertDose(q: Queryable, row: DoseRow): Promise<string | null> {
  return insertOnce(q,
    `INSERT INTO camp_doses (id, club_id, event_id, member_id, medication_id, slot, medication, dose, status, reason, given_at, corrects_id, recorded_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [row.id, row.clubId, row.eventId, row.memberId, row.medicationId, row.slot, row.medication, row.dose, row.status, row.reason, row.givenAt, row.correctsId, row.by]);
}

/** The entry that recorded this scheduled dose first (corrections aside). */
export function firstDose(q: Queryable, clubId: string, medicationId: string | null, slot: string | null) {
  return maybeOne<{ id: string }>(q,
    `SELECT id FROM camp_doses WHERE club_id = $1 AND medication_id = $2 AND slot = $3 AND corrects_id IS NULL`, [clubId, medicationId, slot]);
}

export interface IncidentRow {
  id: string; clubId: string; eventId: string; memberId: string | null; kind: string; occurredAt: string; place: string | null;
  description: string; firstAid: string | null; guardianCalled: boolean; doctorNeeded: boolean; noticeText: string | null; by: string;
}

/** An ocorrência; null when its id was already written. */
export function insertIncident(q: Queryable, row: IncidentRow): Promise<string | null> {
  return insertOnce(q,
    `INSERT INTO camp_incidents (id, club_id, event_id, member_id, kind, occurred_at, place, description, first_aid, guardian_called, doctor_needed, notice_text, recorded_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [row.id, row.clubId, row.eventId, row.memberId, row.kind, row.occurredAt, row.place, row.description, row.firstAid,
      row.guardianCalled, row.doctorNeeded, row.noticeText, row.by]);
}

export function rowOfEvent(q: Queryable, table: 'camp_movements' | 'camp_head_marks' | 'camp_doses' | 'camp_incidents', clubId: string, eventId: string, id: string) {
  return maybeOne<{ id: string }>(q, `SELECT id FROM ${table} WHERE club_id = $1 AND event_id = $2 AND id = $3`, [clubId, eventId, id]);
}

export function rowIdTaken(q: Queryable, table: 'camp_movements' | 'camp_head_marks' | 'camp_doses' | 'camp_incidents', id: string) {
  return maybeOne<{ id: string }>(q, `SELECT id FROM ${table} WHERE id = $1`, [id]);
}

export function nowIsBefore(q: Queryable, instant: string, toleranceSeconds: number) {
  return one<{ future: boolean }>(q, `SELECT $1::timestamptz > now() + make_interval(secs => $2) AS future`, [instant, toleranceSeconds]);
}

export async function readLog(q: Queryable, clubId: string, eventId: string): Promise<TCampLog> {
  const movements = await q.query<{ id: string; label: string; recorded_at: string }>(
    `SELECT id, label, recorded_at FROM camp_movements WHERE club_id = $1 AND event_id = $2 ORDER BY recorded_at, id`, [clubId, eventId]);
  const marks = await q.query<{ id: string; movement_id: string; member_id: string; direction: 'saida' | 'chegada'; marked_at: string; recorded_by_name: string | null }>(
    `SELECT m.id, m.movement_id, m.member_id, m.direction, m.marked_at, p.full_name AS recorded_by_name
       FROM camp_head_marks m LEFT JOIN profiles p ON p.id = m.recorded_by WHERE m.club_id = $1 AND m.event_id = $2 ORDER BY m.marked_at, m.id`, [clubId, eventId]);
  const doses = await q.query<TCampLog['doses'][number]>(
    `SELECT d.id, d.member_id, d.medication_id, d.slot, d.medication, d.dose, d.status, d.reason, d.given_at, d.corrects_id, p.full_name AS recorded_by_name
       FROM camp_doses d LEFT JOIN profiles p ON p.id = d.recorded_by WHERE d.club_id = $1 AND d.event_id = $2 ORDER BY d.given_at, d.id`, [clubId, eventId]);
  const incidents = await q.query<Omit<TCampLog['incidents'][number], 'photos'>>(
    `SELECT i.id, i.member_id, i.kind, i.occurred_at, i.place, i.description, i.first_aid, i.guardian_called, i.doctor_needed, i.notice_text, p.full_name AS recorded_by_name
       FROM camp_incidents i LEFT JOIN profiles p ON p.id = i.recorded_by WHERE i.club_id = $1 AND i.event_id = $2 ORDER BY i.occurred_at, i.id`, [clubId, eventId]);
  const photos = await q.query<{ id: string; incident_id: string; name: string; mime: string; size: number }>(
    `SELECT f.id, f.incident_id, f.name, f.mime, f.size FROM camp_incident_photos f JOIN camp_incidents i ON i.id = f.incident_id
      WHERE f.club_id = $1 AND i.event_id = $2 ORDER BY f.created_at, f.id`, [clubId, eventId]);
  return {
    movements: movements.map((m) => ({ ...m, marks: marks.filter((k) => k.movement_id === m.id).map(({ movement_id: _m, ...k }) => k) })),
    doses,
    incidents: incidents.map((i) => ({ ...i, photos: photos.filter((f) => f.incident_id === i.id).map(({ incident_id: _i, ...f }) => f) })),
  };
}

// ——— the keys sealing the pack on a leader's phone ———

export function activeKey(q: Queryable, clubId: string, eventId: string, memberId: string) {
  return maybeOne<{ id: string; sealed_key: string }>(q,
    `SELECT id, sealed_key FROM camp_pack_keys WHERE club_id = $1 AND event_id = $2 AND member_id = $3 AND revoked_at IS NULL`, [clubId, eventId, memberId]);
}

export function insertKey(q: Queryable, clubId: string, eventId: string, memberId: string, sealed: string) {
  return maybeOne<{ id: string }>(q,
    `INSERT INTO camp_pack_keys (club_id, event_id, member_id, sealed_key) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING id`, [clubId, eventId, memberId, sealed]);
}

export async function revokeKeys(q: Queryable, clubId: string, eventId: string, memberIds: string[], actorId: string): Promise<number> {
  const rows = await q.query(
    `UPDATE camp_pack_keys SET revoked_at = now(), revoked_by = $4 WHERE club_id = $1 AND event_id = $2 AND member_id = ANY ($3::uuid[]) AND revoked_at IS NULL RETURNING id`,
    [clubId, eventId, memberIds, actorId]);
  return rows.length;
}

export function keyState(q: Queryable, clubId: string, eventId: string, keyId: string) {
  return maybeOne<{ member_id: string; revoked: boolean }>(q,
    `SELECT member_id, revoked_at IS NOT NULL AS revoked FROM camp_pack_keys WHERE club_id = $1 AND event_id = $2 AND id = $3`, [clubId, eventId, keyId]);
}

export function eventFinance(q: Queryable, clubId: string, eventId: string) {
  return one<{ charged: string; paid: string; open: string }>(q,
    `SELECT coalesce(sum(amount), 0)::numeric(14,2)::text AS charged, coalesce(sum(paid_amount), 0)::numeric(14,2)::text AS paid,
            coalesce(sum(amount - paid_amount), 0)::numeric(14,2)::text AS open
       FROM charges WHERE club_id = $1 AND event_id = $2 AND cancelled_at IS NULL`, [clubId, eventId]);
}

export const todayOf = (q: Queryable, clubId: string) => one<{ today: string }>(q, `SELECT ${clubTodayOf('$1::uuid')}::text AS today`, [clubId]);

export const clubName = (q: Queryable, clubId: string) => one<{ name: string }>(q, `SELECT name FROM clubs WHERE id = $1`, [clubId]);
