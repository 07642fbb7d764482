import type { TAttendanceSheet, TMarkInput } from '@shared/meetings';

/**
 * The roll call's offline storage (IndexedDB): the sheet of each meeting opened, and the saves not
 * yet sent. A queued save has a client-generated id; the server treats a resend as a no-op.
 */
const DB_NAME = 'trilha-roll-call';
const SHEETS = 'sheets';
const QUEUE = 'queue';

export interface QueuedRollCall {
  id: string;
  clubId: string;
  meetingId: string;
  marks: TMarkInput[];
  queuedAt: string;
}

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      req.result.createObjectStore(SHEETS);
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

const sheetKey = (clubId: string, meetingId: string) => `${clubId}:${meetingId}`;

export function storeSheet(clubId: string, sheet: TAttendanceSheet): Promise<IDBValidKey> {
  return run(SHEETS, 'readwrite', (s) => s.put(sheet, sheetKey(clubId, sheet.meeting.id)));
}

export async function loadSheet(clubId: string, meetingId: string): Promise<TAttendanceSheet | null> {
  return ((await run(SHEETS, 'readonly', (s) => s.get(sheetKey(clubId, meetingId)))) as TAttendanceSheet | undefined) ?? null;
}

export function enqueueRollCall(entry: QueuedRollCall): Promise<IDBValidKey> {
  return run(QUEUE, 'readwrite', (s) => s.put(entry));
}

export async function listQueued(): Promise<QueuedRollCall[]> {
  const all = (await run(QUEUE, 'readonly', (s) => s.getAll())) as QueuedRollCall[];
  return all.sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
}

export function removeQueued(id: string): Promise<undefined> {
  return run(QUEUE, 'readwrite', (s) => s.delete(id));
}

/** The service worker's cache of the API answers the roll call needs offline (vite.config.ts). */
export const OFFLINE_API_CACHE = 'trilha-roll-call-api';

/** Forgets everything kept on the device for offline roll calls (on sign-out: the next person must not see it). */
export async function clearOfflineRollCallData(): Promise<void> {
  await Promise.allSettled([
    run(SHEETS, 'readwrite', (s) => s.clear()),
    run(QUEUE, 'readwrite', (s) => s.clear()),
    'caches' in window ? caches.delete(OFFLINE_API_CACHE) : Promise.resolve(false),
  ]);
}
