import { useCallback, useEffect, useState } from 'react';
import { toast } from 'react-hot-toast';
import { ApiError, errorMessage } from '@web/lib/api';
import { enqueueCampWrite, listCampQueue, openPhoto, removeCampWrite, type CampWriteKind, type QueuedCampWrite, type SealedPhoto } from '@web/lib/offline/camp-store';
import { sendCampPhoto, sendCampWrite } from '../api/send-camp-write';

/**
 * An entry this phone recorded that another phone had already sent (the same check-in, the same
 * scheduled dose): the server kept the first, `standingId` (ADR 078). The leader is told.
 */
export interface CampConflict { id: string; kind: CampWriteKind; label: string; standingId: string }

interface Drained { sent: number; conflicts: CampConflict[] }

/** One drain at a time per page, so an entry never goes twice at once (the roll call's rule). */
let inFlight: Promise<Drained> | null = null;

/**
 * Sends the saída's queued entries oldest first, each once; stops at the first network failure (the
 * rest stay queued). A refusal (4xx, pt-BR message) leaves the queue with a toast. Answers how many the
 * server took (new or repeats) and which were another phone's first.
 */
export function drainCampQueue(clubId: string, eventId: string): Promise<Drained> {
  inFlight ??= (async () => {
    let sent = 0;
    const conflicts: CampConflict[] = [];
    try {
      for (const entry of await listCampQueue(clubId, eventId)) {
        try {
          if (entry.kind === 'photos') {
            const sealed = entry.body as unknown as SealedPhoto;
            const file = await openPhoto(clubId, eventId, sealed);
            // The session's key is gone (the browser closed): the photo waits, sealed, until the pack is opened again.
            if (!file) continue;
            await sendCampPhoto(clubId, eventId, sealed.incident_id, sealed.id, file, sealed.name);
          } else {
            const answer = await sendCampWrite(clubId, eventId, entry.kind, entry.body);
            if (answer.duplicate && answer.id !== entry.body.id) conflicts.push({ id: entry.id, kind: entry.kind, label: entry.label, standingId: answer.id });
          }
          await removeCampWrite(entry.id);
          sent += 1;
        } catch (err) {
          if (err instanceof ApiError && err.code === 'network') break;
          await removeCampWrite(entry.id);
          toast.error(`${entry.label}: ${errorMessage(err, 'não foi aceito.')} Saiu da fila.`);
        }
      }
    } finally {
      inFlight = null;
    }
    return { sent, conflicts };
  })();
  return inFlight;
}

/**
 * The saída's offline queue: `record` keeps the entry on the phone first, then tries to send it; with
 * no connection it waits ('na fila') and goes when the connection returns (`online` event).
 */
export function useCampQueue(clubId: string, eventId: string, onSynced: () => void) {
  const [queue, setQueue] = useState<QueuedCampWrite[]>([]);
  const [conflicts, setConflicts] = useState<CampConflict[]>([]);
  const refresh = useCallback(async () => setQueue(await listCampQueue(clubId, eventId).catch(() => [])), [clubId, eventId]);

  const sync = useCallback(async () => {
    const { sent, conflicts: found } = await drainCampQueue(clubId, eventId);
    await refresh();
    if (found.length > 0) setConflicts((seen) => [...seen, ...found.filter((c) => !seen.some((s) => s.id === c.id))]);
    if (sent > 0) onSynced();
    return sent;
  }, [clubId, eventId, refresh, onSynced]);

  useEffect(() => {
    void refresh();
    const onOnline = () => void sync();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [refresh, sync]);

  const record = useCallback(async (kind: CampWriteKind, body: Record<string, unknown> & { id: string }, label: string) => {
    await enqueueCampWrite({ id: body.id, clubId, eventId, kind, body, label, queuedAt: new Date().toISOString() });
    await refresh();
    if (navigator.onLine) await sync();
  }, [clubId, eventId, refresh, sync]);

  const dismissConflicts = useCallback(() => setConflicts([]), []);
  return { queue, record, sync, conflicts, dismissConflicts };
}
