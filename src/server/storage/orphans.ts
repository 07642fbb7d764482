import type { Queryable } from '../db/index.js';
import type { Storage } from './storage.js';

/**
 * Removes from storage the files queued in `orphan_files` (migration 0540: evidence whose mark or
 * submission was deleted or replaced) and then their queue rows, a batch at a time. Removing a file
 * already gone is not an error, so two instances, or a run stopped between the two steps, are harmless.
 */
export async function removeOrphanFiles(q: Queryable, storage: Storage, batch = 100): Promise<number> {
  let removed = 0;
  for (;;) {
    const rows = await q.query<{ key: string }>('SELECT key FROM orphan_files ORDER BY queued_at, key LIMIT $1', [batch]);
    for (const { key } of rows) await storage.remove(key);
    if (rows.length > 0) await q.query('DELETE FROM orphan_files WHERE key = ANY ($1::text[])', [rows.map((r) => r.key)]);
    removed += rows.length;
    if (rows.length < batch) return removed;
  }
}
