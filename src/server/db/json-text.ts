import type { Queryable } from './index.js';
import { encodeCursor } from './cursor.js';

/**
 * Answers written by the database (ADR 020): PostgreSQL turns each row into the JSON text the
 * route's compiled serializer would write for it (row_to_json of the response schema's columns, in
 * the schema's order), and the server joins those texts instead of parsing every column into a
 * JavaScript value and serializing it back. The route tests check, on both engines, that an answer
 * is byte for byte what the serializer writes for the same values.
 */

/** A timestamptz inside JSON written as the driver's parser writes it (Date#toISOString: UTC, milliseconds truncated). */
export const isoUtc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The rows of `sql` (one `j` column: a row's JSON text, in order) joined into a JSON array. */
export async function jsonArray(q: Queryable, sql: string, params: readonly unknown[]): Promise<string> {
  const rows = await q.query<{ j: string }>(sql, params);
  return `[${rows.map((r) => r.j).join(',')}]`;
}

export interface JsonPage {
  /** The page's rows as a JSON array. */
  items: string;
  /** Rows matching the filters, on every page. */
  total: number;
  /** Cursor of the next page, or null on the last one. */
  next_cursor: string | null;
}

/**
 * A keyset page and its counts in one statement (one round trip, not two). `count` selects one row:
 * `total` (rows matching the filters), plus any other count the answer carries (returned as `head`);
 * `page` selects `j` (a row's JSON text) then the sort key as `k0`, `k1`…, in the page's order, with
 * `LIMIT limit + 1` so the answer tells whether more follow. Both read the same parameters.
 */
export async function jsonPage<H extends { total: number } = { total: number }>(
  q: Queryable, sql: { count: string; page: string }, params: readonly unknown[], limit: number, keys: number,
): Promise<JsonPage & { head: H }> {
  const rows = await q.query<H & { j: string | null } & Record<string, unknown>>(
    `SELECT c.*, p.* FROM (${sql.count}) c
       LEFT JOIN LATERAL (SELECT page.*, row_number() OVER () AS n FROM (${sql.page}) page) p ON true
      ORDER BY p.n`,
    params,
  );
  const head = rows[0];
  if (!head) throw new Error('a page count answers one row');
  const found = head.j === null ? [] : rows;
  const shown = found.slice(0, limit);
  const last = shown[shown.length - 1];
  const next_cursor = found.length > limit && last ? encodeCursor(Array.from({ length: keys }, (_, i) => last[`k${i}`])) : null;
  return { items: `[${shown.map((r) => r.j).join(',')}]`, total: head.total, next_cursor, head };
}

/** `{"<name>":[…],"total":N,"next_cursor":…}`: a page answer in the order its schema declares. */
export function pageAnswer(name: string, page: JsonPage): string {
  return `{"${name}":${page.items},"total":${page.total},"next_cursor":${JSON.stringify(page.next_cursor)}}`;
}
