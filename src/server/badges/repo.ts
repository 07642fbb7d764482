import type { Queryable } from '../db/index.js';
import { maybeOne, one } from '../db/index.js';
import { SANITIZER_VERSION } from './icon.js';
import { sanitizeSvg } from './sanitize.js';

export interface BadgeDbRow {
  id: string;
  name: string;
  description: string;
  icon_svg: string;
  /** Sanitiser version icon_svg went through (ADR 023); serve it through servedIcon. */
  icon_sanitized_v: number;
  rarity: 'common' | 'rare' | 'epic' | 'legendary';
  points: number;
  active: boolean;
  badge_type: 'auto' | 'manual';
  category: 'progress' | 'achievement' | 'social' | 'special' | 'classes' | 'specialties';
  auto_criteria: unknown;
  created_at: string;
  awarded_count: number;
  club_id: string | null;
  icon_key: string | null;
  icon_color: string | null;
}

const BASE_COLUMNS = `b.id, b.name, b.description, b.icon_svg, b.icon_sanitized_v, b.rarity, b.points, b.active, b.badge_type, b.category, b.auto_criteria, b.created_at,
  b.club_id, b.icon_key, b.icon_color`;
const COLUMNS = `${BASE_COLUMNS},
  (SELECT count(*)::int FROM member_badges mb WHERE mb.badge_id = b.id) AS awarded_count`;
/** In a club's lists a badge counts its awards in that club ($1): index member_badges_club_badge_idx. */
const CLUB_COLUMNS = `${BASE_COLUMNS},
  (SELECT count(*)::int FROM member_badges mb WHERE mb.club_id = $1 AND mb.badge_id = b.id) AS awarded_count`;

/** Every platform badge, newest first (spec 7); clubs' own badges are theirs to manage. */
export function listBadges(q: Queryable) {
  return q.query<BadgeDbRow>(`SELECT ${COLUMNS} FROM badges b WHERE b.club_id IS NULL ORDER BY b.created_at DESC, b.id`);
}

/** Active platform badges and the club's own, ordered by rarity (spec 7), with their awards in this club. */
export function listActiveBadges(q: Queryable, clubId: string) {
  return q.query<BadgeDbRow>(
    `SELECT ${CLUB_COLUMNS} FROM badges b WHERE b.active AND (b.club_id IS NULL OR b.club_id = $1)
      ORDER BY array_position(ARRAY['common','rare','epic','legendary'], b.rarity), pt_sort_key(b.name) COLLATE "C", b.name`,
    [clubId],
  );
}

/** The club's own badges, active or not, newest first (issue 19). */
export function listClubBadges(q: Queryable, clubId: string) {
  return q.query<BadgeDbRow>(`SELECT ${CLUB_COLUMNS} FROM badges b WHERE b.club_id = $1 ORDER BY b.created_at DESC, b.id`, [clubId]);
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
  auto_criteria: Record<string, string | number | null> | null;
  /** Club badges only: the gallery icon the SVG was drawn from. */
  icon_key?: string | null;
  icon_color?: string | null;
}

// Whatever the caller built the icon from, what is stored went through the current sanitiser and says
// so: reads then serve it as it is, without loading jsdom (ADR 023).
const params = (b: BadgeWrite) => [
  b.name, b.description, sanitizeSvg(b.icon_svg), b.rarity, b.points, b.active, b.badge_type, b.category,
  b.auto_criteria === null ? null : JSON.stringify(b.auto_criteria), b.icon_key ?? null, b.icon_color ?? null, SANITIZER_VERSION,
];

/** Inserts a platform badge (clubId null) or a club's own badge. */
export async function insertBadge(q: Queryable, b: BadgeWrite, clubId: string | null = null): Promise<string> {
  const row = await one<{ id: string }>(
    q,
    `INSERT INTO badges (name, description, icon_svg, rarity, points, active, badge_type, category, auto_criteria, icon_key, icon_color, icon_sanitized_v, club_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11, $12, $13) RETURNING id`,
    [...params(b), clubId],
  );
  return row.id;
}

export async function updateBadge(q: Queryable, id: string, b: BadgeWrite): Promise<boolean> {
  const rows = await q.query(
    `UPDATE badges SET name = $1, description = $2, icon_svg = $3, rarity = $4, points = $5, active = $6, badge_type = $7,
            category = $8, auto_criteria = $9::jsonb, icon_key = $10, icon_color = $11, icon_sanitized_v = $12, updated_at = now()
      WHERE id::text = $13 RETURNING id`,
    [...params(b), id],
  );
  return rows.length > 0;
}

export async function deleteBadge(q: Queryable, id: string): Promise<boolean> {
  const rows = await q.query(`DELETE FROM badges WHERE id::text = $1 RETURNING id`, [id]);
  return rows.length > 0;
}
