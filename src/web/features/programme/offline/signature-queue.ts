import { useCallback } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';
import type { TSignResult } from '@shared/programme';
import { ApiError, api, errorMessage } from '@web/lib/api';
import { enqueueSignature, listQueuedSignatures, removeQueuedSignature, type QueuedSignature } from '@web/lib/offline/signature-store';
import { announceQueueChange, useQueuedEntries } from '@web/lib/offline/queue-changes';
import { drain, queueOf, refusedText, withoutQueuedCell, type DrainReport, type SendOutcome } from '@web/lib/offline/signature-queue';
import { programmeUrl, refreshProgramme } from '../api/keys';

/** Fired on window whenever the queue changes, so every screen showing it re-reads it. */
const QUEUE_CHANGED = 'trilha:signature-queue';
const queueChanged = () => announceQueueChange(QUEUE_CHANGED);

/**
 * One queued signature sent with its client id. No connection, an expired session, a busy or failing
 * server: it stays queued for the next try. Any other refusal is the server's pt-BR answer.
 */
const NOTHING_SIGNED: TSignResult = { signed: 0, already: 0, points: 0, completed: [] };

async function sendOne(entry: QueuedSignature): Promise<SendOutcome> {
  if (entry.kind === 'unsign') {
    try {
      await api('DELETE', `${programmeUrl(entry.clubId)}/signatures/${entry.signatureId ?? ''}?client_id=${encodeURIComponent(entry.id)}`);
      return { kind: 'sent', result: NOTHING_SIGNED };
    } catch (err) {
      if (!(err instanceof ApiError) || err.code === 'network' || err.status === 0 || err.status === 401 || err.status === 429 || err.status >= 500) return { kind: 'network' };
      // Someone undid it meanwhile: what the undo wanted is done.
      if (err.status === 404) return { kind: 'sent', result: NOTHING_SIGNED };
      return { kind: 'refused', message: errorMessage(err, 'Erro ao desfazer a assinatura.') };
    }
  }
  try {
    const result = await api<TSignResult>('POST', `${programmeUrl(entry.clubId)}/signatures`, { requirement_id: entry.requirementId, member_ids: entry.memberIds, client_id: entry.id });
    return { kind: 'sent', result };
  } catch (err) {
    if (!(err instanceof ApiError) || err.code === 'network' || err.status === 0 || err.status === 401 || err.status === 429 || err.status >= 500) return { kind: 'network' };
    return { kind: 'refused', message: errorMessage(err, 'Erro ao assinar.') };
  }
}

/** One drain at a time for the whole page (the shell and the grid both ask), so nothing goes twice at once. */
let inFlight: Promise<DrainReport> | null = null;

/**
 * Sends this person's queued signatures (every club), oldest first, each once; stops at the first
 * network failure. A refused one leaves the queue with a pt-BR message each.
 */
export function sendQueuedSignatures(qc: QueryClient, profileId: string): Promise<DrainReport> {
  inFlight ??= (async () => {
    try {
      const mine = queueOf(await listQueuedSignatures(), '', profileId);
      const report = await drain(mine, sendOne, removeQueuedSignature);
      for (const r of report.refused) toast.error(refusedText(r.entry, r.message), { duration: 10_000 });
      const clubs = new Set([...report.sent, ...report.refused].map((r) => r.entry.clubId));
      await Promise.all([...clubs].map((clubId) => refreshProgramme(qc, clubId)));
      return report;
    } catch {
      // IndexedDB unavailable: there is no queue to send.
      return { sent: [], refused: [], left: 0 };
    } finally {
      inFlight = null;
      queueChanged();
    }
  })();
  return inFlight;
}

export type SubmitOutcome = { state: 'sent'; result: TSignResult } | { state: 'queued' } | { state: 'refused' };

/**
 * The signatures waiting to be sent in this club, and `submit`, which queues a signature in
 * IndexedDB first and then sends the queue in order; with no connection it stays queued ('pendente
 * de envio'). The shell sends the queue when the connection returns (SignatureQueueSender).
 */
export function useSignatureQueue(clubId: string, profileId: string) {
  const readMine = useCallback(async () => queueOf(await listQueuedSignatures(), clubId, profileId), [clubId, profileId]);
  const pending = useQueuedEntries(QUEUE_CHANGED, readMine);

  const submit = useCallback(
    async (qc: QueryClient, input: Omit<QueuedSignature, 'id' | 'clubId' | 'profileId' | 'queuedAt'>): Promise<SubmitOutcome> => {
      const entry: QueuedSignature = { ...input, id: crypto.randomUUID(), clubId, profileId, queuedAt: new Date().toISOString() };
      try {
        await enqueueSignature(entry);
      } catch {
        // No IndexedDB (private mode): send it directly, with its id all the same.
        const outcome = await sendOne(entry);
        if (outcome.kind === 'sent') return { state: 'sent', result: outcome.result };
        toast.error(outcome.kind === 'refused' ? outcome.message : 'Sem conexão e sem espaço no aparelho: a assinatura não foi guardada.');
        return { state: 'refused' };
      }
      queueChanged();
      // A drain already running may have listed the queue before this entry: then a second one sends it.
      for (let i = 0; i < 2; i++) {
        const report = await sendQueuedSignatures(qc, profileId);
        const sent = report.sent.find((s) => s.entry.id === entry.id);
        if (sent) return { state: 'sent', result: sent.result };
        if (report.refused.some((r) => r.entry.id === entry.id)) return { state: 'refused' };
        if (report.left) return { state: 'queued' };
      }
      return { state: 'queued' };
    },
    [clubId, profileId],
  );

  /** Takes a member's cell out of a signature still on the device (undone before it was sent). */
  const cancelCell = useCallback(async (requirementId: string, memberId: string) => {
    const { remove, add } = withoutQueuedCell(queueOf(await listQueuedSignatures(), clubId, profileId), requirementId, memberId, () => crypto.randomUUID());
    for (const e of add) await enqueueSignature(e);
    for (const e of remove) await removeQueuedSignature(e.id);
    queueChanged();
  }, [clubId, profileId]);

  /** Takes a queued undo back (the cell stays signed). */
  const cancelEntry = useCallback(async (id: string) => {
    await removeQueuedSignature(id);
    queueChanged();
  }, []);

  return { pending, submit, cancelCell, cancelEntry };
}
