import type { Queryable } from '../db/index.js';
import type { TInventoryCount } from '../../shared/patrimonio.js';

// Inventory reports and counts (inventory.ts) --------------------------------------------------------

/** The club's time zone and its current year there. */
export async function clubTimezone(q: Queryable, clubId: string): Promise<{ timezone: string; year: number }> {
  const [r] = await q.query<{ timezone: string; year: number }>(
    `SELECT timezone, extract(year FROM now() AT TIME ZONE timezone)::int AS year FROM clubs WHERE id = $1`, [clubId],
  );
  return r;
}

export async function countHead(q: Queryable, clubId: string, id: string) {
  const [head] = await q.query<{ id: string; started_at: string; closed_at: string | null }>(
    `SELECT id, started_at, closed_at FROM patrimonio_counts WHERE club_id = $1 AND id = $2`, [clubId, id],
  );
  return head ?? null;
}

/** Each item a count walks, by place then name, with the units expected in the storeroom (not written off, not out on loan) and those found. */
export function countLines(q: Queryable, clubId: string, id: string) {
  return q.query<TInventoryCount['lines'][number]>(
    `SELECT i.id AS item_id, i.name, i.location,
            (i.quantity - i.written_off - COALESCE(o.out, 0))::int AS expected, COALESCE(o.out, 0)::int AS out, m.found
       FROM patrimonio_items i
       LEFT JOIN LATERAL (SELECT sum(l.quantity)::int AS out FROM patrimonio_loans l WHERE l.club_id = i.club_id AND l.item_id = i.id AND l.returned_at IS NULL) o ON true
       LEFT JOIN patrimonio_count_marks m ON m.count_id = $2 AND m.item_id = i.id
      WHERE i.club_id = $1 AND i.quantity > i.written_off
      ORDER BY pt_sort_key(COALESCE(i.location, '')) COLLATE "C", pt_sort_key(i.name) COLLATE "C", i.id`,
    [clubId, id],
  );
}

/** The id of the club's open count, or null. */
export async function openCountId(q: Queryable, clubId: string): Promise<string | null> {
  const [r] = await q.query<{ id: string }>(`SELECT id FROM patrimonio_counts WHERE club_id = $1 AND closed_at IS NULL`, [clubId]);
  return r ? r.id : null;
}

/** A new count (the unique index refuses a second open one). */
export async function insertCount(tx: Queryable, clubId: string, startedBy: string): Promise<string> {
  const [r] = await tx.query<{ id: string }>(`INSERT INTO patrimonio_counts (club_id, started_by) VALUES ($1, $2) RETURNING id`, [clubId, startedBy]);
  return r.id;
}

/** A count's row, locked, or null. */
export async function lockCount(tx: Queryable, clubId: string, countId: string) {
  const [c] = await tx.query<{ closed_at: string | null }>(`SELECT closed_at FROM patrimonio_counts WHERE club_id = $1 AND id = $2 FOR UPDATE`, [clubId, countId]);
  return c ?? null;
}

/** How many units of an item were found (a second tick replaces the first). */
export function upsertCountMark(tx: Queryable, clubId: string, countId: string, itemId: string, found: number, markedBy: string) {
  return tx.query(
    `INSERT INTO patrimonio_count_marks (club_id, count_id, item_id, found, marked_by) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (count_id, item_id) DO UPDATE SET found = EXCLUDED.found, marked_by = EXCLUDED.marked_by, marked_at = now()`,
    [clubId, countId, itemId, found, markedBy],
  );
}

export function closeCountRow(tx: Queryable, clubId: string, countId: string) {
  return tx.query(`UPDATE patrimonio_counts SET closed_at = now() WHERE club_id = $1 AND id = $2`, [clubId, countId]);
}
