import type { Queryable } from '../db/index.js';
import { maybeOne, one } from '../db/index.js';
import type { TArea, TItem, TProgrammeSettings, TReadyEntry, TRequirement, TSection } from '../../shared/programme.js';
import { appendPointEvent } from '../progress/ledger-repo.js';

// Catalogue -----------------------------------------------------------------------------------------

export function listSections(q: Queryable) {
  return q.query<TSection>('SELECT code, name, position FROM programme_sections ORDER BY position');
}
export function listAreas(q: Queryable) {
  return q.query<TArea>('SELECT code, name, color, position FROM programme_areas ORDER BY position');
}
const ITEM_COLUMNS = 'i.code, i.kind, i.programme, i.name, i.class_kind, i.min_age, i.prerequisite, i.area_code, i.reference_url, i.position';
export function listItems(q: Queryable) {
  return q.query<TItem>(`SELECT ${ITEM_COLUMNS} FROM programme_items i ORDER BY i.kind, i.position`);
}
export function getItem(q: Queryable, code: string) {
  return maybeOne<TItem>(q, `SELECT ${ITEM_COLUMNS} FROM programme_items i WHERE i.code = $1`, [code]);
}

// Settings ------------------------------------------------------------------------------------------

export const DEFAULT_SETTINGS: TProgrammeSettings = { programmes: ['desbravadores'], points_per_requirement: 5, points_per_class: 50, points_per_specialty: 20 };

export async function getSettings(q: Queryable, clubId: string): Promise<TProgrammeSettings> {
  const row = await maybeOne<TProgrammeSettings>(
    q,
    `SELECT to_json(programmes) AS programmes, points_per_requirement, points_per_class, points_per_specialty FROM programme_settings WHERE club_id = $1`,
    [clubId],
  );
  return row ?? DEFAULT_SETTINGS;
}

export function putSettings(q: Queryable, clubId: string, s: TProgrammeSettings) {
  return q.query(
    `INSERT INTO programme_settings (club_id, programmes, points_per_requirement, points_per_class, points_per_specialty)
     VALUES ($1, $2::text[], $3, $4, $5)
     ON CONFLICT (club_id) DO UPDATE SET programmes = EXCLUDED.programmes, points_per_requirement = EXCLUDED.points_per_requirement,
       points_per_class = EXCLUDED.points_per_class, points_per_specialty = EXCLUDED.points_per_specialty, updated_at = now()`,
    [clubId, s.programmes, s.points_per_requirement, s.points_per_class, s.points_per_specialty],
  );
}

// Requisitos ----------------------------------------------------------------------------------------

const REQ_COLUMNS = `r.id, r.item_code, r.section_code, r.position, r.text, r.in_field, r.needs_evidence, r.link_specialty, r.link_area, (r.club_id IS NULL) AS platform`;

/**
 * The requisitos a club uses for the items given: its own list for an item when it has one, the
 * platform's otherwise. Ordered by item, position.
 */
export function listRequirements(q: Queryable, clubId: string, itemCodes: string[]) {
  return q.query<TRequirement>(
    `SELECT ${REQ_COLUMNS} FROM programme_requirements r
      WHERE r.item_code = ANY($2::text[])
        AND (r.club_id = $1 OR (r.club_id IS NULL AND NOT EXISTS (
              SELECT 1 FROM programme_requirements o WHERE o.club_id = $1 AND o.item_code = r.item_code)))
      ORDER BY r.item_code, r.position, r.id`,
    [clubId, itemCodes],
  );
}

export function getRequirement(q: Queryable, clubId: string, id: string) {
  return maybeOne<TRequirement>(q, `SELECT ${REQ_COLUMNS} FROM programme_requirements r WHERE r.id = $2 AND (r.club_id = $1 OR r.club_id IS NULL)`, [clubId, id]);
}

export interface RequirementFields {
  section_code: string | null;
  text: string;
  in_field: boolean;
  needs_evidence: boolean;
  link_specialty: string | null;
  link_area: string | null;
}

export function insertRequirement(q: Queryable, clubId: string, itemCode: string, position: number, f: RequirementFields) {
  return one<TRequirement>(
    q,
    `INSERT INTO programme_requirements AS r (club_id, item_code, position, section_code, text, in_field, needs_evidence, link_specialty, link_area)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${REQ_COLUMNS}`,
    [clubId, itemCode, position, f.section_code, f.text, f.in_field, f.needs_evidence, f.link_specialty, f.link_area],
  );
}

export function updateRequirement(q: Queryable, clubId: string, id: string, f: RequirementFields) {
  return maybeOne<TRequirement>(
    q,
    `UPDATE programme_requirements AS r SET section_code = $3, text = $4, in_field = $5, needs_evidence = $6, link_specialty = $7, link_area = $8, updated_at = now()
      WHERE r.club_id = $1 AND r.id = $2 RETURNING ${REQ_COLUMNS}`,
    [clubId, id, f.section_code, f.text, f.in_field, f.needs_evidence, f.link_specialty, f.link_area],
  );
}

export function deleteRequirement(q: Queryable, clubId: string, id: string) {
  return q.query('DELETE FROM programme_requirements WHERE club_id = $1 AND id = $2', [clubId, id]);
}

export function setPosition(q: Queryable, clubId: string, id: string, position: number) {
  return q.query('UPDATE programme_requirements SET position = $3, updated_at = now() WHERE club_id = $1 AND id = $2', [clubId, id, position]);
}

export async function nextPosition(q: Queryable, clubId: string, itemCode: string): Promise<number> {
  const row = await one<{ n: number }>(q, 'SELECT coalesce(max(position), 0)::int + 1 AS n FROM programme_requirements WHERE club_id = $1 AND item_code = $2', [clubId, itemCode]);
  return row.n;
}

/** Serialises edits of one club's list for one item (advisory lock held to the end of the transaction). */
export function lockItemList(q: Queryable, clubId: string, itemCode: string) {
  return q.query(`SELECT pg_advisory_xact_lock(hashtext('programme:' || $1::text || ':' || $2::text))`, [clubId, itemCode]);
}

/**
 * Gives the club its own copy of the platform's list for an item, before its first edit, so the
 * edit stays the club's; signatures on the platform rows move to the copies.
 */
export async function copyPlatformList(q: Queryable, clubId: string, itemCode: string): Promise<Map<string, string>> {
  const mine = await q.query<{ id: string }>('SELECT id FROM programme_requirements WHERE club_id = $1 AND item_code = $2 LIMIT 1', [clubId, itemCode]);
  const moved = new Map<string, string>();
  if (mine.length) return moved;
  const platform = await q.query<{ id: string }>('SELECT id FROM programme_requirements WHERE club_id IS NULL AND item_code = $1 ORDER BY position, id', [itemCode]);
  for (const p of platform) {
    const copy = await one<{ id: string }>(
      q,
      `INSERT INTO programme_requirements (club_id, item_code, section_code, position, text, in_field, needs_evidence, link_specialty, link_area)
       SELECT $1, item_code, section_code, position, text, in_field, needs_evidence, link_specialty, link_area FROM programme_requirements WHERE id = $2 RETURNING id`,
      [clubId, p.id],
    );
    await q.query('UPDATE programme_signatures SET requirement_id = $3 WHERE club_id = $1 AND requirement_id = $2', [clubId, p.id, copy.id]);
    await q.query('UPDATE point_events SET programme_requirement_id = $3 WHERE club_id = $1 AND programme_requirement_id = $2', [clubId, p.id, copy.id]);
    await q.query('UPDATE programme_marks SET requirement_id = $3 WHERE club_id = $1 AND requirement_id = $2', [clubId, p.id, copy.id]);
    moved.set(p.id, copy.id);
  }
  return moved;
}

// Members, enrolments, instructors ------------------------------------------------------------------

export interface MemberRef {
  member_id: string;
  profile_id: string;
  full_name: string;
  unit_id: string | null;
  birth_date: string | null;
}

const MEMBER_COLUMNS = 'cm.id AS member_id, cm.profile_id, p.full_name, cm.unit_id, cm.birth_date';

/** A member of the club by club-member id or profile id. */
export function findMember(q: Queryable, clubId: string, memberOrProfileId: string) {
  return maybeOne<MemberRef>(
    q,
    `SELECT ${MEMBER_COLUMNS} FROM club_members cm JOIN profiles p ON p.id = cm.profile_id WHERE cm.club_id = $1 AND (cm.id = $2::uuid OR cm.profile_id = $2::uuid)`,
    [clubId, memberOrProfileId],
  );
}

export function findMembers(q: Queryable, clubId: string, memberIds: string[]) {
  return q.query<MemberRef>(`SELECT ${MEMBER_COLUMNS} FROM club_members cm JOIN profiles p ON p.id = cm.profile_id WHERE cm.club_id = $1 AND cm.id = ANY($2::uuid[])`, [clubId, memberIds]);
}

export function findOwnMembership(q: Queryable, clubId: string, profileId: string) {
  return maybeOne<{ member_id: string; unit_id: string | null }>(q, 'SELECT id AS member_id, unit_id FROM club_members WHERE club_id = $1 AND profile_id = $2 AND active', [clubId, profileId]);
}

export interface EnrolmentRow {
  id: string;
  member_id: string;
  item_code: string;
  kind: 'class' | 'specialty';
  started_on: string;
  completed_on: string | null;
  invested_on: string | null;
}
const ENROLMENT_COLUMNS = 'e.id, e.member_id, e.item_code, e.kind, e.started_on, e.completed_on, e.invested_on';

export function memberEnrolments(q: Queryable, clubId: string, memberId: string) {
  return q.query<EnrolmentRow>(
    `SELECT ${ENROLMENT_COLUMNS} FROM programme_enrolments e JOIN programme_items i ON i.code = e.item_code
      WHERE e.club_id = $1 AND e.member_id = $2 ORDER BY e.kind, e.invested_on DESC NULLS FIRST, i.position`,
    [clubId, memberId],
  );
}

export function getEnrolment(q: Queryable, clubId: string, id: string) {
  return maybeOne<EnrolmentRow>(q, `SELECT ${ENROLMENT_COLUMNS} FROM programme_enrolments e WHERE e.club_id = $1 AND e.id = $2`, [clubId, id]);
}

/** The enrolments of these members in one item, locked in id order (signers of one item queue here). */
export function lockEnrolments(q: Queryable, clubId: string, itemCode: string, memberIds: string[]) {
  return q.query<EnrolmentRow>(
    `SELECT ${ENROLMENT_COLUMNS} FROM programme_enrolments e WHERE e.club_id = $1 AND e.item_code = $2 AND e.member_id = ANY($3::uuid[]) ORDER BY e.id FOR UPDATE`,
    [clubId, itemCode, memberIds],
  );
}

/** One enrolment, locked (a signature's undo, an unenrolment). */
export function lockEnrolment(q: Queryable, clubId: string, id: string) {
  return maybeOne<EnrolmentRow>(q, 'SELECT id, member_id, item_code, kind, started_on, completed_on, invested_on FROM programme_enrolments WHERE club_id = $1 AND id = $2 FOR UPDATE', [clubId, id]);
}

/** A member's row, locked: two enrolments of one member at once queue here. */
export function lockMember(q: Queryable, clubId: string, memberId: string) {
  return q.query('SELECT id FROM club_members WHERE club_id = $1 AND id = $2 FOR UPDATE', [clubId, memberId]);
}

/** The active members among these, locked in id order (as a signature takes them). */
export function lockActiveMembers(q: Queryable, clubId: string, memberIds: string[]) {
  return q.query<{ id: string }>('SELECT id FROM club_members WHERE club_id = $1 AND active AND id = ANY($2::uuid[]) ORDER BY id FOR UPDATE', [clubId, memberIds]);
}

/** One active member's row, locked, or null. */
export function lockActiveMember(q: Queryable, clubId: string, memberId: string) {
  return maybeOne<{ id: string }>(q, 'SELECT id FROM club_members WHERE club_id = $1 AND active AND id = $2 FOR UPDATE', [clubId, memberId]);
}

/** The active members among these (not locked). */
export function activeMembers(q: Queryable, clubId: string, memberIds: string[]) {
  return q.query<{ id: string }>('SELECT id FROM club_members WHERE club_id = $1 AND active AND id = ANY($2::uuid[])', [clubId, memberIds]);
}

export function insertEnrolment(q: Queryable, clubId: string, memberId: string, item: TItem, startedOn: string, createdBy: string) {
  return one<EnrolmentRow>(
    q,
    `INSERT INTO programme_enrolments AS e (club_id, member_id, item_code, kind, started_on, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${ENROLMENT_COLUMNS}`,
    [clubId, memberId, item.code, item.kind, startedOn, createdBy],
  );
}

export function deleteEnrolment(q: Queryable, clubId: string, id: string) {
  return q.query('DELETE FROM programme_enrolments WHERE club_id = $1 AND id = $2', [clubId, id]);
}

export function setCompleted(q: Queryable, clubId: string, id: string, completedOn: string | null) {
  return q.query('UPDATE programme_enrolments SET completed_on = $3 WHERE club_id = $1 AND id = $2', [clubId, id, completedOn]);
}

export async function isAssigned(q: Queryable, clubId: string, memberId: string, itemCode: string): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM programme_instructors WHERE club_id = $1 AND member_id = $2 AND item_code = $3', [clubId, memberId, itemCode]);
  return rows.length > 0;
}

/** The items an instructor is assigned to, in no order (who signs what). */
export function assignedItemCodes(q: Queryable, clubId: string, memberId: string) {
  return q.query<{ item_code: string }>('SELECT item_code FROM programme_instructors WHERE club_id = $1 AND member_id = $2', [clubId, memberId]);
}

export function listInstructors(q: Queryable, clubId: string, itemCode: string) {
  return q.query<{ member_id: string; full_name: string }>(
    `SELECT pi.member_id, p.full_name FROM programme_instructors pi JOIN club_members cm ON cm.id = pi.member_id JOIN profiles p ON p.id = cm.profile_id
      WHERE pi.club_id = $1 AND pi.item_code = $2 ORDER BY p.full_name, pi.member_id`,
    [clubId, itemCode],
  );
}

/** The items one member is assigned to instruct, by code. */
export async function itemsOfInstructor(q: Queryable, clubId: string, memberId: string): Promise<string[]> {
  const rows = await q.query<{ item_code: string }>(
    `SELECT pi.item_code FROM programme_instructors pi JOIN programme_items i ON i.code = pi.item_code
      WHERE pi.club_id = $1 AND pi.member_id = $2 ORDER BY i.kind, i.position`,
    [clubId, memberId],
  );
  return rows.map((r) => r.item_code);
}

export async function replaceItemsOfInstructor(q: Queryable, clubId: string, memberId: string, itemCodes: string[]) {
  await q.query('DELETE FROM programme_instructors WHERE club_id = $1 AND member_id = $2', [clubId, memberId]);
  if (itemCodes.length) {
    await q.query('INSERT INTO programme_instructors (club_id, member_id, item_code) SELECT $1, $2, c FROM unnest($3::text[]) AS c', [clubId, memberId, itemCodes]);
  }
}

/** Active members (of a unit, or all) by name, with their birth date and their classes em andamento. */
export function rosterMembers(q: Queryable, clubId: string, unitId: string | null) {
  return q.query<{ member_id: string; full_name: string; unit_id: string | null; unit_name: string | null; birth_date: string | null; classes: string[] }>(
    `SELECT cm.id AS member_id, p.full_name, cm.unit_id, u.name AS unit_name, to_char(cm.birth_date, 'YYYY-MM-DD') AS birth_date,
            coalesce((SELECT array_agg(e.item_code ORDER BY e.item_code) FROM programme_enrolments e
                       WHERE e.club_id = cm.club_id AND e.member_id = cm.id AND e.kind = 'class' AND e.invested_on IS NULL), '{}') AS classes
       FROM club_members cm JOIN profiles p ON p.id = cm.profile_id LEFT JOIN units u ON u.id = cm.unit_id
      WHERE cm.club_id = $1 AND cm.active AND ($2::uuid IS NULL OR cm.unit_id = $2::uuid)
      ORDER BY pt_sort_key(p.full_name) COLLATE "C", cm.id
      LIMIT 2000`,
    [clubId, unitId],
  );
}

export async function replaceInstructors(q: Queryable, clubId: string, itemCode: string, memberIds: string[]) {
  await q.query('DELETE FROM programme_instructors WHERE club_id = $1 AND item_code = $2', [clubId, itemCode]);
  if (memberIds.length) {
    await q.query('INSERT INTO programme_instructors (club_id, member_id, item_code) SELECT $1, m, $2 FROM unnest($3::uuid[]) AS m', [clubId, itemCode, memberIds]);
  }
}

// Signatures ----------------------------------------------------------------------------------------

export interface SignatureRow {
  id: string;
  enrolment_id: string;
  requirement_id: string;
  signed_on: string;
  note: string | null;
  signed_by_name: string | null;
}

export function signaturesOf(q: Queryable, clubId: string, enrolmentIds: string[]) {
  return q.query<SignatureRow>(
    `SELECT s.id, s.enrolment_id, s.requirement_id, s.signed_on, s.note, p.full_name AS signed_by_name
       FROM programme_signatures s LEFT JOIN profiles p ON p.id = s.signed_by
      WHERE s.club_id = $1 AND s.enrolment_id = ANY($2::uuid[])`,
    [clubId, enrolmentIds],
  );
}

export function getSignature(q: Queryable, clubId: string, id: string) {
  return maybeOne<SignatureRow>(
    q,
    `SELECT s.id, s.enrolment_id, s.requirement_id, s.signed_on, s.note, p.full_name AS signed_by_name
       FROM programme_signatures s LEFT JOIN profiles p ON p.id = s.signed_by WHERE s.club_id = $1 AND s.id = $2`,
    [clubId, id],
  );
}

export function deleteSignature(q: Queryable, clubId: string, id: string) {
  return q.query('DELETE FROM programme_signatures WHERE club_id = $1 AND id = $2', [clubId, id]);
}

// Ledger --------------------------------------------------------------------------------------------

/** Net points the ledger holds for an enrolment: one requisito's, or (requirementId null) the completion's. */
export async function netPoints(q: Queryable, clubId: string, enrolmentId: string, requirementId: string | null): Promise<number> {
  const row = await one<{ n: number }>(
    q,
    `SELECT coalesce(sum(points), 0)::int AS n FROM point_events
      WHERE club_id = $1 AND source = 'programme' AND programme_enrolment_id = $2 AND programme_requirement_id IS NOT DISTINCT FROM $3::uuid`,
    [clubId, enrolmentId, requirementId],
  );
  return row.n;
}

/** A programme line for a member (a reversal's negative net too), through the ledger's one writer. */
export function appendPoints(q: Queryable, e: { clubId: string; member: MemberRef; enrolmentId: string; requirementId: string | null; points: number; reason: string; createdBy: string }) {
  return appendPointEvent(q, {
    clubId: e.clubId, profileId: e.member.profile_id, source: 'programme', points: e.points, reason: e.reason, createdBy: e.createdBy,
    enrolmentId: e.enrolmentId, requirementId: e.requirementId,
  });
}

/** The requisitos (null: the completion) an enrolment has lines for in the ledger. */
export async function ledgerRequirementsOf(q: Queryable, clubId: string, enrolmentId: string): Promise<(string | null)[]> {
  const rows = await q.query<{ requirement_id: string | null }>(
    `SELECT DISTINCT programme_requirement_id AS requirement_id FROM point_events WHERE club_id = $1 AND source = 'programme' AND programme_enrolment_id = $2`,
    [clubId, enrolmentId],
  );
  return rows.map((r) => r.requirement_id);
}

// Grid and prontos ----------------------------------------------------------------------------------

export function enrolledMembers(q: Queryable, clubId: string, itemCode: string, unitId: string | null) {
  return q.query<MemberRef & { enrolment_id: string }>(
    `SELECT ${MEMBER_COLUMNS}, e.id AS enrolment_id
       FROM programme_enrolments e JOIN club_members cm ON cm.id = e.member_id JOIN profiles p ON p.id = cm.profile_id
      WHERE e.club_id = $1 AND e.item_code = $2 AND e.invested_on IS NULL AND cm.active AND ($3::uuid IS NULL OR cm.unit_id = $3::uuid)
      ORDER BY p.full_name, cm.id`,
    [clubId, itemCode, unitId],
  );
}

export function readyList(q: Queryable, clubId: string, unitId: string | null) {
  return q.query<TReadyEntry>(
    `SELECT e.id AS enrolment_id, e.member_id, p.full_name, e.item_code, i.name AS item_name, e.kind, e.completed_on
       FROM programme_enrolments e JOIN club_members cm ON cm.id = e.member_id JOIN profiles p ON p.id = cm.profile_id
       JOIN programme_items i ON i.code = e.item_code
      WHERE e.club_id = $1 AND e.completed_on IS NOT NULL AND e.invested_on IS NULL AND cm.active AND ($2::uuid IS NULL OR cm.unit_id = $2::uuid)
      ORDER BY e.kind, i.position, p.full_name, e.id`,
    [clubId, unitId],
  );
}

export { clubToday } from '../db/club-clock.js';

// Marks (a member's 'feito', waiting for a signature) -----------------------------------------------

export interface MarkRow {
  id: string;
  enrolment_id: string;
  requirement_id: string;
  status: 'pending' | 'signed' | 'returned';
  note: string | null;
  reason: string | null;
  has_evidence: boolean;
  created_at: string;
}

/** The marks of some enrolments, oldest first (the last one per requisito is the current one). */
export function marksOf(q: Queryable, clubId: string, enrolmentIds: string[]) {
  if (!enrolmentIds.length) return Promise.resolve([] as MarkRow[]);
  return q.query<MarkRow>(
    `SELECT id, enrolment_id, requirement_id, status, note, reason, evidence_key IS NOT NULL AS has_evidence, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at
       FROM programme_marks WHERE club_id = $1 AND enrolment_id = ANY($2::uuid[]) ORDER BY created_at, id`,
    [clubId, enrolmentIds],
  );
}
