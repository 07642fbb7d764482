import type { Queryable } from '../db/index.js';

/** The oldest queued orphan files' keys, at most `batch`. */
export async function listOrphanFileKeys(q: Queryable, batch: number): Promise<string[]> {
  const rows = await q.query<{ key: string }>('SELECT key FROM orphan_files ORDER BY queued_at, key LIMIT $1', [batch]);
  return rows.map((r) => r.key);
}

export async function deleteOrphanFileRows(q: Queryable, keys: string[]): Promise<void> {
  await q.query('DELETE FROM orphan_files WHERE key = ANY ($1::text[])', [keys]);
}
