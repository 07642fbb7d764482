import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';
import type { TAttendanceSaved, TMarkInput } from '@shared/meetings';
import { ApiError, errorMessage } from '@web/lib/api';
import { saveAttendance } from '../api/save-attendance';
import { enqueueRollCall, listQueued, removeQueued, type QueuedRollCall } from '@web/lib/offline/roll-call-store';

export function conflictText(saved: TAttendanceSaved): string | null {
  if (!saved.conflicts.length) return null;
  const names = saved.conflicts.map((c) => `${c.full_name}${c.marked_by_name ? ` (marcado por ${c.marked_by_name})` : ''}`).join(', ');
  return `Marcações mais recentes substituídas: ${names}. A última chamada enviada vale.`;
}

/**
 * Saves a roll call through the offline queue: it is written to IndexedDB first, then sent; with no
 * connection it stays there ('pendente de envio') and goes when the connection returns. A save the
 * server refuses (4xx) leaves the queue with its message.
 */
export function useRollCallQueue(clubId: string) {
  const qc = useQueryClient();
  const [pending, setPending] = useState<QueuedRollCall[]>([]);
  const flushing = useRef(false);

  const refresh = useCallback(async () => setPending(await listQueued().catch(() => [])), []);

  const flush = useCallback(async (): Promise<TAttendanceSaved | null> => {
    if (flushing.current) return null;
    flushing.current = true;
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
    } finally {
      flushing.current = false;
      await refresh();
    }
    return last;
  }, [qc, refresh]);

  useEffect(() => {
    void refresh().then(() => flush());
    const online = () => {
      void flush().then((saved) => {
        if (saved) toast.success('Conexão de volta: chamada enviada!');
      });
    };
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [flush, refresh]);

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
        await refresh();
      }
    },
    [clubId, refresh],
  );

  return { pending, submit, flush };
}
