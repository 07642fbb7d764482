import { useCallback } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';
import type { TAttendanceSaved, TMarkInput } from '@shared/meetings';
import { ApiError, errorMessage } from '@web/lib/api';
import { saveAttendance } from '../api/save-attendance';
import { enqueueRollCall, listQueued, removeQueued, type QueuedRollCall } from '@web/lib/offline/roll-call-store';
import { announceQueueChange, useQueuedEntries } from '@web/lib/offline/queue-changes';

export function conflictText(saved: TAttendanceSaved): string | null {
  if (!saved.conflicts.length) return null;
  const names = saved.conflicts.map((c) => `${c.full_name}${c.marked_by_name ? ` (marcado por ${c.marked_by_name})` : ''}`).join(', ');
  return `Marcações mais recentes substituídas: ${names}. A última chamada enviada vale.`;
}

/** Fired on window whenever the queue changes, so every screen showing it re-reads it. */
const QUEUE_CHANGED = 'trilha:roll-call-queue';
const queueChanged = () => announceQueueChange(QUEUE_CHANGED);

/** One send at a time for the whole page (the shell and the roll call both ask), so nothing goes twice. */
let inFlight: Promise<TAttendanceSaved | null> | null = null;

/**
 * Sends every queued roll call, oldest first; stops at the first network failure (they stay queued).
 * A save the server refuses (4xx) leaves the queue with its message. Answers the last save sent.
 */
export function sendQueuedRollCalls(qc: QueryClient): Promise<TAttendanceSaved | null> {
  inFlight ??= (async () => {
    let last: TAttendanceSaved | null = null;
    try {
      for (const entry of await listQueued()) {
        try {
          last = await saveAttendance(entry.clubId, entry.meetingId, entry.marks);
          await removeQueued(entry.id);
          const conflicts = conflictText(last);
          if (conflicts) toast(conflicts, { duration: 8000 });
          await qc.invalidateQueries({ queryKey: ['clubs', entry.clubId] });
        } catch (err) {
          if (err instanceof ApiError && err.code === 'network') break;
          await removeQueued(entry.id);
          toast.error(errorMessage(err, 'Erro ao salvar a chamada.'));
        }
      }
    } catch {
      // IndexedDB unavailable: there is no queue to send.
    } finally {
      inFlight = null;
      queueChanged();
    }
    return last;
  })();
  return inFlight;
}

/**
 * The roll calls waiting to be sent, and `submit`, which queues the marks in IndexedDB first and
 * then sends them; with no connection they stay queued ('pendente de envio'). The shell sends the
 * queue when the connection returns, whatever screen is open (RollCallQueueSender).
 */
export function useRollCallQueue(clubId: string) {
  const pending: QueuedRollCall[] = useQueuedEntries(QUEUE_CHANGED, listQueued);

  /** Queues the marks and sends them at once; with no connection they stay queued. A refusal (4xx) throws. */
  const submit = useCallback(
    async (meetingId: string, marks: TMarkInput[]): Promise<{ state: 'sent'; saved: TAttendanceSaved } | { state: 'queued' }> => {
      const entry = { id: crypto.randomUUID(), clubId, meetingId, marks, queuedAt: new Date().toISOString() };
      await enqueueRollCall(entry);
      try {
        const saved = await saveAttendance(clubId, meetingId, marks);
        await removeQueued(entry.id);
        return { state: 'sent', saved };
      } catch (err) {
        if (err instanceof ApiError && err.code === 'network') return { state: 'queued' };
        await removeQueued(entry.id);
        throw err;
      } finally {
        queueChanged();
      }
    },
    [clubId],
  );

  return { pending, submit };
}
