import { clubTable } from '../db/club-table.js';
import type { TUnit } from '../../shared/units.js';

export interface UnitFields {
  name: string;
  color: string;
  description: string | null;
  active: boolean;
}

/**
 * A club's units, ordered by name (spec 7). The club_members foreign key (ON DELETE RESTRICT) refuses
 * to delete a unit with members.
 */
export const units = clubTable<TUnit, UnitFields>({
  table: 'units',
  alias: 'u',
  columns: `u.id, u.club_id, u.name, u.color, u.description, u.active, u.created_at, u.updated_at,
  (SELECT count(*)::int FROM club_members cm WHERE cm.club_id = u.club_id AND cm.unit_id = u.id) AS member_count`,
  fields: ['name', 'color', 'description', 'active'],
  orderBy: 'pt_sort_key(u.name) COLLATE "C", u.name, u.id',
});
