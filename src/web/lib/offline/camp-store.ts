import type { TCampLog, TCampPack } from '@shared/camps';
import { idbStores } from './idb';

/**
 * Camp mode's storage on the phone (ADR 078). The pack (roster with health summaries) is kept only
 * sealed: AES-GCM with the key the server gave the named leader; the key lives in sessionStorage, never
 * beside the pack, so a closed browser leaves ciphertext only. The queue holds the log entries written
 * offline (each with its uuid), sent once and in order when the connection returns.
 */
const DB_NAME = 'trilha-camp';
const PACKS = 'packs';
const QUEUE = 'queue';
const run = idbStores(DB_NAME, PACKS, QUEUE);

export type CampWriteKind = 'movements' | 'head-marks' | 'doses' | 'incidents' | 'photos';

export interface QueuedCampWrite {
  id: string;
  clubId: string;
  eventId: string;
  kind: CampWriteKind;
  body: Record<string, unknown> & { id: string };
  /** What the leader sees in the queue ('Saída: Ana', 'Dose: Ritalina — Bruno'). */
  label: string;
  queuedAt: string;
}

interface SealedPack { iv: number[]; data: ArrayBuffer; keyId: string; healthUntil: string }

const packKey = (clubId: string, eventId: string) => `${clubId}:${eventId}`;
const sessionKeyName = (clubId: string, eventId: string) => `trilha-camp-key:${clubId}:${eventId}`;

function bytesOf(base64: string): Uint8Array<ArrayBuffer> {
  const bin = atob(base64);
  const out = new Uint8Array(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

const importKey = (base64: string) => crypto.subtle.importKey('raw', bytesOf(base64), 'AES-GCM', false, ['encrypt', 'decrypt']);

/** Seals the pack with its key and keeps it; the key goes to this tab's session only. */
export async function keepPack(clubId: string, eventId: string, pack: TCampPack): Promise<void> {
  const { key, ...rest } = pack;
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await importKey(key), new TextEncoder().encode(JSON.stringify(rest)));
  const sealed: SealedPack = { iv: [...iv], data, keyId: pack.key_id, healthUntil: pack.roster.health_until };
  await run(PACKS, 'readwrite', (s) => s.put(sealed, packKey(clubId, eventId)));
  sessionStorage.setItem(sessionKeyName(clubId, eventId), key);
}

export type OpenedPack = Omit<TCampPack, 'key'>;

/** The pack kept on this phone, opened with the session's key; null when none, or the key is gone. */
export async function openPack(clubId: string, eventId: string): Promise<OpenedPack | null> {
  const sealed = (await run(PACKS, 'readonly', (s) => s.get(packKey(clubId, eventId)))) as SealedPack | undefined;
  const key = sessionStorage.getItem(sessionKeyName(clubId, eventId));
  if (!sealed || !key) return null;
  try {
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: new Uint8Array(sealed.iv) }, await importKey(key), sealed.data);
    return JSON.parse(new TextDecoder().decode(plain)) as OpenedPack;
  } catch {
    return null;
  }
}

/**
 * Lays the server's newer log into the kept pack (the other leaders' entries), sealed again with the
 * session's key; answers the pack as now kept, or null when there is no pack or key.
 */
export async function keepLog(clubId: string, eventId: string, log: TCampLog): Promise<OpenedPack | null> {
  const opened = await openPack(clubId, eventId);
  const key = sessionStorage.getItem(sessionKeyName(clubId, eventId));
  if (!opened || !key) return null;
  await keepPack(clubId, eventId, { ...opened, log, key });
  return { ...opened, log };
}

/** The kept pack's key id and last day (readable without the key: the wipe needs no key). */
export async function packInfo(clubId: string, eventId: string): Promise<{ keyId: string; healthUntil: string } | null> {
  const sealed = (await run(PACKS, 'readonly', (s) => s.get(packKey(clubId, eventId)))) as SealedPack | undefined;
  return sealed ? { keyId: sealed.keyId, healthUntil: sealed.healthUntil } : null;
}

/** Wipes the pack and its key (the saída ended, the leader was removed, the key was revoked). The queue stays: it holds no health summary, and its photos are sealed. */
export async function wipePack(clubId: string, eventId: string): Promise<void> {
  sessionStorage.removeItem(sessionKeyName(clubId, eventId));
  await run(PACKS, 'readwrite', (s) => s.delete(packKey(clubId, eventId)));
}

let lastQueued = '';

/** Queues an entry; entries queued one after another keep their order even within the same millisecond. */
export function enqueueCampWrite(entry: QueuedCampWrite): Promise<IDBValidKey> {
  let at = entry.queuedAt;
  if (at <= lastQueued) at = new Date(Date.parse(lastQueued) + 1).toISOString();
  lastQueued = at;
  return run(QUEUE, 'readwrite', (s) => s.put({ ...entry, queuedAt: at }));
}

/** A photo of an ocorrência as the queue keeps it: sealed with the pack's key (AES-GCM), like the pack. */
export interface SealedPhoto { id: string; incident_id: string; name: string; iv: number[]; data: ArrayBuffer }

/** Seals a photo's bytes with this saída's session key; null when the key is gone (the pack must be opened again). */
export async function sealPhoto(clubId: string, eventId: string, photo: { id: string; incident_id: string; name: string; bytes: ArrayBuffer }): Promise<SealedPhoto | null> {
  const key = sessionStorage.getItem(sessionKeyName(clubId, eventId));
  if (!key) return null;
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await importKey(key), photo.bytes);
  return { id: photo.id, incident_id: photo.incident_id, name: photo.name, iv: [...iv], data };
}

/** Opens a queued photo (null: the session's key is gone or changed; it waits until the leader opens the pack again). */
export async function openPhoto(clubId: string, eventId: string, sealed: SealedPhoto): Promise<Blob | null> {
  const key = sessionStorage.getItem(sessionKeyName(clubId, eventId));
  if (!key) return null;
  try {
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: new Uint8Array(sealed.iv) }, await importKey(key), sealed.data);
    return new Blob([plain], { type: /\.png$/i.test(sealed.name) ? 'image/png' : 'image/jpeg' });
  } catch {
    return null;
  }
}

export async function listCampQueue(clubId: string, eventId: string): Promise<QueuedCampWrite[]> {
  const all = (await run(QUEUE, 'readonly', (s) => s.getAll())) as QueuedCampWrite[];
  return all.filter((e) => e.clubId === clubId && e.eventId === eventId).sort((a, b) => a.queuedAt.localeCompare(b.queuedAt) || a.id.localeCompare(b.id));
}

export function removeCampWrite(id: string): Promise<undefined> {
  return run(QUEUE, 'readwrite', (s) => s.delete(id));
}

/** Forgets everything camp mode kept on the device (on sign-out). */
export async function clearCampData(): Promise<void> {
  for (let i = sessionStorage.length - 1; i >= 0; i--) {
    const k = sessionStorage.key(i);
    if (k?.startsWith('trilha-camp-key:')) sessionStorage.removeItem(k);
  }
  await Promise.allSettled([run(PACKS, 'readwrite', (s) => s.clear()), run(QUEUE, 'readwrite', (s) => s.clear())]);
}
