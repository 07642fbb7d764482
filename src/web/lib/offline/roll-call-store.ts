import type { TAttendanceSheet, TMarkInput } from '@shared/meetings';
import { idbStores } from './idb';
import { OFFLINE_API_CACHE } from './roll-call-api';

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

const run = idbStores(DB_NAME, SHEETS, QUEUE);

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

export { OFFLINE_API_CACHE };

/** Forgets everything kept on the device for offline roll calls (on sign-out: the next person must not see it). */
export async function clearOfflineRollCallData(): Promise<void> {
  await Promise.allSettled([
    run(SHEETS, 'readwrite', (s) => s.clear()),
    run(QUEUE, 'readwrite', (s) => s.clear()),
    'caches' in window ? caches.delete(OFFLINE_API_CACHE) : Promise.resolve(false),
  ]);
}
