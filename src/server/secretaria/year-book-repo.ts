import type { Queryable } from '../db/index.js';

/** The ids of a club's atas of one year, in the book's order (number ascending). */
export async function ataIdsOfYear(q: Queryable, clubId: string, year: number): Promise<string[]> {
  const rows = await q.query<{ id: string }>(`SELECT id FROM atas WHERE club_id = $1 AND year = $2 ORDER BY number LIMIT 500`, [clubId, year]);
  return rows.map((r) => r.id);
}
