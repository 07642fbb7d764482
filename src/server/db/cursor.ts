import { z } from 'zod';

/**
 * Keyset pagination: a page ends with an opaque cursor holding the sort key of its last row; the next
 * page starts strictly after it. Unlike OFFSET, page N costs the same as page 1, and rows inserted
 * meanwhile neither shift nor repeat what the client already has. A cursor from a client is read by
 * `decodeCursor` (core/cursor.ts), which answers 400 to a forged one.
 */
export function encodeCursor(key: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** Splits the `limit + 1` rows a page query fetched into the page and the cursor of the next one. */
export function pageOf<R>(rows: R[], limit: number, keyOf: (row: R) => readonly unknown[]): { rows: R[]; next_cursor: string | null } {
  if (rows.length <= limit) return { rows, next_cursor: null };
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { rows: page, next_cursor: last === undefined ? null : encodeCursor(keyOf(last)) };
}

const TIMESTAMP_RE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?[+-](\d{2})(?::\d{2})?$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

function realDate(y: string, m: string, d: string): boolean {
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return Number(y) >= 1 && date.getUTCFullYear() === Number(y) && date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d);
}

/**
 * A timestamptz as PostgreSQL prints it (`created_at::text`), checked strictly: a forged cursor with
 * 30 February or 25 o'clock must be a 400, not a cast error from the database.
 */
export const ZCursorTimestamp = z.string().max(40).refine((s) => {
  const m = TIMESTAMP_RE.exec(s);
  if (!m) return false;
  const [, y = '', mo = '', d = '', h = '', mi = '', se = '', off = ''] = m;
  return realDate(y, mo, d) && Number(h) < 24 && Number(mi) < 60 && Number(se) < 60 && Number(off) <= 15;
});

/** A date (`transaction_date::text`), checked the same way. */
export const ZCursorDate = z.string().max(10).refine((s) => {
  const m = DATE_RE.exec(s);
  return m !== null && realDate(m[1] ?? '', m[2] ?? '', m[3] ?? '');
});
