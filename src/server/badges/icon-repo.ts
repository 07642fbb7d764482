import type { Queryable } from '../db/index.js';

/** Icons stored by a sanitiser older than `version`, by id. */
export function listIconsOlderThan(q: Queryable, version: number, limit: number) {
  return q.query<{ id: string; icon_svg: string }>(
    'SELECT id, icon_svg FROM badges WHERE icon_sanitized_v < $1 ORDER BY id LIMIT $2',
    [version, limit],
  );
}

/** Rewrites an icon with its clean markup, only if it still holds the markup read; whether it did. */
export async function rewriteIcon(q: Queryable, id: string, readSvg: string, cleanSvg: string, version: number): Promise<boolean> {
  const done = await q.query(
    'UPDATE badges SET icon_svg = $2, icon_sanitized_v = $3 WHERE id = $1 AND icon_svg = $4 AND icon_sanitized_v < $3 RETURNING id',
    [id, cleanSvg, version, readSvg],
  );
  return done.length > 0;
}
