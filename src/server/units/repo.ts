import type { Queryable } from '../db/index.js';
import { maybeOne, one } from '../db/index.js';
import type { TUnit } from '../../shared/units.js';

export interface UnitFields {
  name: string;
  color: string;
  description: string | null;
  active: boolean;
}

const COLUMNS = `u.id, u.club_id, u.name, u.color, u.description, u.active, u.created_at, u.updated_at,
  (SELECT count(*)::int FROM club_members cm WHERE cm.club_id = u.club_id AND cm.unit_id = u.id) AS member_count`;

/** A club's units ordered by name (spec 7). */
export function listUnits(q: Queryable, clubId: string) {
  return q.query<TUnit>(`SELECT ${COLUMNS} FROM units u WHERE u.club_id = $1 ORDER BY pt_sort_key(u.name) COLLATE "C", u.name, u.id`, [clubId]);
}

export function getUnit(q: Queryable, clubId: string, unitId: string) {
  return maybeOne<TUnit>(q, `SELECT ${COLUMNS} FROM units u WHERE u.club_id = $1 AND u.id = $2`, [clubId, unitId]);
}

export function insertUnit(q: Queryable, clubId: string, f: UnitFields) {
  return one<TUnit>(
    q,
    `INSERT INTO units AS u (club_id, name, color, description, active) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
    [clubId, f.name, f.color, f.description, f.active],
  );
}

export function updateUnit(q: Queryable, clubId: string, unitId: string, f: UnitFields) {
  return maybeOne<TUnit>(
    q,
    `UPDATE units AS u SET name = $3, color = $4, description = $5, active = $6, updated_at = now()
      WHERE u.club_id = $1 AND u.id = $2 RETURNING ${COLUMNS}`,
    [clubId, unitId, f.name, f.color, f.description, f.active],
  );
}

/** Deletes a unit; the club_members foreign key (ON DELETE RESTRICT) refuses a unit with members. */
export function deleteUnit(q: Queryable, clubId: string, unitId: string) {
  return maybeOne<TUnit>(q, `DELETE FROM units AS u WHERE u.club_id = $1 AND u.id = $2 RETURNING ${COLUMNS}`, [clubId, unitId]);
}
