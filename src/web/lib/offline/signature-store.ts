import type { TGrid } from '@shared/programme';
import { idbStores } from './idb';

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
  /** 'unsign': undo a signature the grid showed (signatureId); a signature otherwise (older entries have none). */
  kind?: 'sign' | 'unsign';
  signatureId?: string;
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

const run = idbStores(DB_NAME, GRIDS, QUEUE);

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
