import type { Queryable } from '../db/index.js';
import type { TRequirement } from '../../shared/programme.js';
import type { MemberRef, RequirementFields } from './repo.js';

// Requisitos edited by hand (service.ts) or from a file (requirements-io.ts) ------------------------

/** A new requisito makes the club's completed, not invested enrolments in the item incomplete again. */
export function reopenCompleted(tx: Queryable, clubId: string, itemCode: string) {
  return tx.query('UPDATE programme_enrolments SET completed_on = NULL WHERE club_id = $1 AND item_code = $2 AND invested_on IS NULL AND completed_on IS NOT NULL', [clubId, itemCode]);
}

/** The enrolments that have a requisito signed, with their members, enrolments locked in id order (before a removal). */
export function signedEnrolmentsOf(tx: Queryable, clubId: string, requirementId: string) {
  return tx.query<MemberRef & { enrolment_id: string; invested_on: string | null }>(
    `SELECT s.enrolment_id, cm.profile_id, cm.unit_id, p.full_name, cm.id AS member_id, cm.birth_date, e.invested_on
       FROM programme_signatures s JOIN programme_enrolments e ON e.id = s.enrolment_id JOIN club_members cm ON cm.id = e.member_id JOIN profiles p ON p.id = cm.profile_id
      WHERE s.club_id = $1 AND s.requirement_id = $2 ORDER BY e.id FOR UPDATE OF e`,
    [clubId, requirementId],
  );
}

/** How many signatures the club has on these requisitos. */
export async function countSignatures(q: Queryable, clubId: string, requirementIds: string[]): Promise<number> {
  const [row] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM programme_signatures WHERE club_id = $1 AND requirement_id = ANY($2::uuid[])', [clubId, requirementIds]);
  return row.n;
}

/** The platform's list for an item, in order. */
export function platformRequirements(q: Queryable, code: string) {
  return q.query<TRequirement>(
    `SELECT r.id, r.item_code, r.section_code, r.position, r.text, r.in_field, r.needs_evidence, r.link_specialty, r.link_area, true AS platform
       FROM programme_requirements r WHERE r.club_id IS NULL AND r.item_code = $1 ORDER BY r.position, r.id`,
    [code],
  );
}

/** The clubs with a signature or a ledger line on any of these platform requisitos, by id. */
export async function clubsThatSigned(q: Queryable, platformIds: string[]): Promise<string[]> {
  const rows = await q.query<{ club_id: string }>(
    `SELECT club_id FROM programme_signatures WHERE requirement_id = ANY($1::uuid[])
     UNION SELECT club_id FROM point_events WHERE programme_requirement_id = ANY($1::uuid[])
     ORDER BY club_id`,
    [platformIds],
  );
  return rows.map((r) => r.club_id);
}

/** A requisito's fields as a file gives them, with its place in the list. */
export interface RequirementRow extends RequirementFields {
  position: number;
}

/** Rewrites one of the club's requisitos (kept by an import) with the file's fields and place. */
export function rewriteClubRequirement(tx: Queryable, clubId: string, id: string, r: RequirementRow) {
  return tx.query('UPDATE programme_requirements SET section_code = $3, text = $4, in_field = $5, needs_evidence = $6, link_specialty = $7, link_area = $8, position = $9, updated_at = now() WHERE club_id = $1 AND id = $2',
    [clubId, id, r.section_code, r.text, r.in_field, r.needs_evidence, r.link_specialty, r.link_area, r.position]);
}

/** Serialises edits of the platform's list for one item (advisory lock held to the end of the transaction). */
export function lockPlatformItem(tx: Queryable, code: string) {
  return tx.query(`SELECT pg_advisory_xact_lock(hashtext('programme:platform:' || $1::text))`, [code]);
}

export function deletePlatformRequirements(tx: Queryable, ids: string[]) {
  return tx.query('DELETE FROM programme_requirements WHERE club_id IS NULL AND id = ANY($1::uuid[])', [ids]);
}

/** Rewrites one of the platform's requisitos (kept by an import) with the file's fields and place. */
export function rewritePlatformRequirement(tx: Queryable, id: string, r: RequirementRow) {
  return tx.query('UPDATE programme_requirements SET section_code = $2, text = $3, in_field = $4, needs_evidence = $5, link_specialty = $6, link_area = $7, position = $8, updated_at = now() WHERE club_id IS NULL AND id = $1',
    [id, r.section_code, r.text, r.in_field, r.needs_evidence, r.link_specialty, r.link_area, r.position]);
}

export function insertPlatformRequirement(tx: Queryable, code: string, r: RequirementRow) {
  return tx.query('INSERT INTO programme_requirements (club_id, item_code, position, section_code, text, in_field, needs_evidence, link_specialty, link_area) VALUES (NULL, $1, $2, $3, $4, $5, $6, $7, $8)',
    [code, r.position, r.section_code, r.text, r.in_field, r.needs_evidence, r.link_specialty, r.link_area]);
}

/** Clubs using the platform list for this item: a completed, not invested enrolment is incomplete again. */
export function reopenCompletedOnPlatformList(tx: Queryable, code: string) {
  return tx.query(`UPDATE programme_enrolments e SET completed_on = NULL WHERE e.item_code = $1 AND e.invested_on IS NULL AND e.completed_on IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM programme_requirements o WHERE o.club_id = e.club_id AND o.item_code = e.item_code)`, [code]);
}

/** One import at a time per club: the club's row, locked. */
export function lockClubForImport(tx: Queryable, clubId: string) {
  return tx.query('SELECT id FROM clubs WHERE id = $1 FOR UPDATE', [clubId]);
}

/** One import of the platform's lists at a time. */
export function lockPlatformImport(tx: Queryable) {
  return tx.query(`SELECT pg_advisory_xact_lock(hashtext('programme:platform-import'))`);
}

/** The requisitos a club uses (its own, else the platform's), or the platform's (clubId null), of one item or all. */
export function exportableRequirements(q: Queryable, clubId: string | null, itemCode: string | null) {
  return q.query<TRequirement & { club_id: string | null }>(
    `SELECT r.item_code, r.section_code, r.position, r.text, r.in_field, r.needs_evidence, r.link_specialty, r.link_area
       FROM programme_requirements r
      WHERE ($2::text IS NULL OR r.item_code = $2)
        AND (${clubId ? `r.club_id = $1 OR (r.club_id IS NULL AND NOT EXISTS (SELECT 1 FROM programme_requirements o WHERE o.club_id = $1 AND o.item_code = r.item_code))` : 'r.club_id IS NULL AND $1::uuid IS NULL'})
      ORDER BY r.item_code, r.position, r.id`,
    [clubId, itemCode],
  );
}
