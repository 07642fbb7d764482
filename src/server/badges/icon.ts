import type { Db } from '../db/index.js';
import { sanitizeSvg } from './sanitize.js';
import * as iconRepo from './icon-repo.js';

/**
 * Version of the badge SVG rules (src/shared/svg.ts) a stored icon went through (ADR 023). Raise it
 * when the rules change: every stored icon is then cleaned again on read and rewritten by the sweep.
 */
export const SANITIZER_VERSION = 1;

/** The columns a read needs to decide whether a stored icon can be served as it is. */
export interface StoredIcon {
  icon_svg: string;
  icon_sanitized_v: number;
}

/** The icon to send: as stored when it went through the current rules, otherwise cleaned now (loads jsdom). */
export function servedIcon(row: StoredIcon): string {
  return row.icon_sanitized_v >= SANITIZER_VERSION ? row.icon_svg : sanitizeSvg(row.icon_svg);
}

/** A row as the API returns it: the icon made safe, the version column dropped. */
export function withServedIcon<T extends StoredIcon>(row: T): Omit<T, 'icon_sanitized_v'> {
  const { icon_sanitized_v: _version, ...rest } = row;
  return { ...rest, icon_svg: servedIcon(row) };
}

const SWEEP_BATCH = 100;

/**
 * Rewrites icons stored by an older sanitiser (or by plain SQL) with their clean markup and the current
 * version. jsdom is loaded only when such a row exists. The UPDATE matches the markup it read, so an
 * icon edited meanwhile is left for the next run. Returns how many rows were rewritten.
 */
export async function sweepBadgeIcons(db: Db): Promise<number> {
  let rewritten = 0;
  for (;;) {
    const rows = await iconRepo.listIconsOlderThan(db, SANITIZER_VERSION, SWEEP_BATCH);
    let progressed = 0;
    for (const row of rows) {
      if (await iconRepo.rewriteIcon(db, row.id, row.icon_svg, sanitizeSvg(row.icon_svg), SANITIZER_VERSION)) progressed += 1;
    }
    rewritten += progressed;
    if (rows.length < SWEEP_BATCH || progressed === 0) return rewritten;
  }
}
