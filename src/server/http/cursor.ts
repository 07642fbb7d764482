import type { z } from 'zod';
import { PAGINATION_MSG } from '../../shared/pagination.js';
import { badRequest } from './errors.js';

/**
 * Keyset pagination: a page ends with an opaque cursor holding the sort key of its last row; the next
 * page starts strictly after it. Unlike OFFSET, page N costs the same as page 1, and rows inserted
 * meanwhile neither shift nor repeat what the client already has.
 */
export function encodeCursor(key: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** The sort key inside a cursor, checked against the shape the list expects; 400 in pt-BR otherwise. */
export function decodeCursor<T extends z.ZodType>(cursor: string | undefined, shape: T): z.output<T> | null {
  if (cursor === undefined || cursor === '') return null;
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(PAGINATION_MSG.invalidCursor);
  }
  const parsed = shape.safeParse(raw);
  if (!parsed.success) throw badRequest(PAGINATION_MSG.invalidCursor);
  return parsed.data;
}

/** Splits the `limit + 1` rows a page query fetched into the page and the cursor of the next one. */
export function pageOf<R>(rows: R[], limit: number, keyOf: (row: R) => readonly unknown[]): { rows: R[]; next_cursor: string | null } {
  if (rows.length <= limit) return { rows, next_cursor: null };
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { rows: page, next_cursor: last === undefined ? null : encodeCursor(keyOf(last)) };
}
