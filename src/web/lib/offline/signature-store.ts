import type { TGrid } from '@shared/programme';

/**
 * The instructor's grid offline storage (IndexedDB), as the roll call's (roll-call-store.ts): the
 * grid of each class or especialidade opened, and the signatures not yet sent. Both are kept per
 * person and club, so another account on the same phone neither sees nor sends them. A queued
 * signature's id is the `client_id` the server keeps: a resend of it signs nothing (migration 0530).
 */
const DB_NAME = 'trilha-programme-grid';
const GRIDS = 'grids';
const QUEUE = 'queue';

export interface QueuedSignature {
  /** Generated on the device; sent as client_id. */
  id: string;
  clubId: string;
  profileId: string;
  itemCode: string;
  requirementId: string;
  /** 1-based position of the requisito in the grid when tapped, for the messages. */
  requirementNumber: number;
  memberIds: string[];
  memberNames: string[];
  queuedAt: string;
}

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      req.result.createObjectStore(GRIDS);
      req.result.createObjectStore(QUEUE, { keyPath: 'id' });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB indisponível'));
  });
}

async function run<T>(store: string, mode: IDBTransactionMode, op: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(store, mode);
      const req = op(tx.objectStore(store));
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB falhou'));
    });
  } finally {
    db.close();
  }
}

const gridKey = (profileId: string, clubId: string, itemCode: string) => `${profileId}:${clubId}:${itemCode}`;

export function storeGrid(profileId: string, clubId: string, grid: TGrid): Promise<IDBValidKey> {
  return run(GRIDS, 'readwrite', (s) => s.put(grid, gridKey(profileId, clubId, grid.item.code)));
}

export async function loadGrid(profileId: string, clubId: string, itemCode: string): Promise<TGrid | null> {
  return ((await run(GRIDS, 'readonly', (s) => s.get(gridKey(profileId, clubId, itemCode)))) as TGrid | undefined) ?? null;
}

export function enqueueSignature(entry: QueuedSignature): Promise<IDBValidKey> {
  return run(QUEUE, 'readwrite', (s) => s.put(entry));
}

/** Every queued signature on this device, oldest first (filter with `queueOf`). */
export async function listQueuedSignatures(): Promise<QueuedSignature[]> {
  return (await run(QUEUE, 'readonly', (s) => s.getAll())) as QueuedSignature[];
}

export function removeQueuedSignature(id: string): Promise<undefined> {
  return run(QUEUE, 'readwrite', (s) => s.delete(id));
}

/** Forgets the grids and the queue kept on the device (on sign-out: the next person must not see them). */
export async function clearOfflineGridData(): Promise<void> {
  await Promise.allSettled([run(GRIDS, 'readwrite', (s) => s.clear()), run(QUEUE, 'readwrite', (s) => s.clear())]);
}
