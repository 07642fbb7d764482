import type { Queryable } from '../db/index.js';
import { maybeOne, one } from '../db/index.js';

export interface BadgeDbRow {
  id: string;
  name: string;
  description: string;
  icon_svg: string;
  rarity: 'common' | 'rare' | 'epic' | 'legendary';
  points: number;
  active: boolean;
  badge_type: 'auto' | 'manual';
  category: 'progress' | 'achievement' | 'social' | 'special' | 'classes' | 'specialties';
  auto_criteria: unknown;
  created_at: string;
  awarded_count: number;
}

const COLUMNS = `b.id, b.name, b.description, b.icon_svg, b.rarity, b.points, b.active, b.badge_type, b.category, b.auto_criteria, b.created_at,
  (SELECT count(*)::int FROM member_badges mb WHERE mb.badge_id = b.id) AS awarded_count`;

/** Every badge, newest first (spec 7). */
export function listBadges(q: Queryable) {
  return q.query<BadgeDbRow>(`SELECT ${COLUMNS} FROM badges b ORDER BY b.created_at DESC, b.id`);
}

/** Active badges ordered by rarity (spec 7). */
export function listActiveBadges(q: Queryable) {
  return q.query<BadgeDbRow>(
    `SELECT ${COLUMNS} FROM badges b WHERE b.active
      ORDER BY array_position(ARRAY['common','rare','epic','legendary'], b.rarity), b.name`,
  );
}

export function getBadge(q: Queryable, id: string) {
  return maybeOne<BadgeDbRow>(q, `SELECT ${COLUMNS} FROM badges b WHERE b.id::text = $1`, [id]);
}

export interface BadgeWrite {
  name: string;
  description: string;
  icon_svg: string;
  rarity: string;
  points: number;
  active: boolean;
  badge_type: string;
  category: string;
  auto_criteria: Record<string, string | number> | null;
}

const params = (b: BadgeWrite) => [b.name, b.description, b.icon_svg, b.rarity, b.points, b.active, b.badge_type, b.category, b.auto_criteria === null ? null : JSON.stringify(b.auto_criteria)];

export async function insertBadge(q: Queryable, b: BadgeWrite): Promise<string> {
  const row = await one<{ id: string }>(
    q,
    `INSERT INTO badges (name, description, icon_svg, rarity, points, active, badge_type, category, auto_criteria)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb) RETURNING id`,
    params(b),
  );
  return row.id;
}

export async function updateBadge(q: Queryable, id: string, b: BadgeWrite): Promise<boolean> {
  const rows = await q.query(
    `UPDATE badges SET name = $1, description = $2, icon_svg = $3, rarity = $4, points = $5, active = $6, badge_type = $7,
            category = $8, auto_criteria = $9::jsonb, updated_at = now()
      WHERE id::text = $10 RETURNING id`,
    [...params(b), id],
  );
  return rows.length > 0;
}

export async function deleteBadge(q: Queryable, id: string): Promise<boolean> {
  const rows = await q.query(`DELETE FROM badges WHERE id::text = $1 RETURNING id`, [id]);
  return rows.length > 0;
}
