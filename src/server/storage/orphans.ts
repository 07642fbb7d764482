import type { Queryable } from '../db/index.js';
import type { Storage } from './storage.js';
import { deleteOrphanFileRows, listOrphanFileKeys } from './repo.js';

/**
 * Removes from storage the files queued in `orphan_files` (migration 0540: evidence whose mark or
 * submission was deleted or replaced) and then their queue rows, a batch at a time. Removing a file
 * already gone is not an error, so two instances, or a run stopped between the two steps, are harmless.
 */
export async function removeOrphanFiles(q: Queryable, storage: Storage, batch = 100): Promise<number> {
  let removed = 0;
  for (;;) {
    const keys = await listOrphanFileKeys(q, batch);
    for (const key of keys) await storage.remove(key);
    if (keys.length > 0) await deleteOrphanFileRows(q, keys);
    removed += keys.length;
    if (keys.length < batch) return removed;
  }
}
