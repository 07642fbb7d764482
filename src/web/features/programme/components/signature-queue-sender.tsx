import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';
import { listQueuedSignatures } from '@web/lib/offline/signature-store';
import { queueOf, queuedCount } from '@web/lib/offline/signature-queue';
import { sendQueuedSignatures } from '../offline/signature-queue';

/** How often a waiting queue is tried again while the app is open (a phone may regain data without an 'online' event). */
const RETRY_MS = 20_000;

/**
 * Mounted by the signed-in shell: signatures of the grid queued offline are sent when the app opens,
 * when the connection returns, when the app is looked at again, and every 20 s while some wait —
 * whatever screen is open then. Renders nothing.
 */
export function SignatureQueueSender({ profileId }: { profileId: string }) {
  const qc = useQueryClient();
  useEffect(() => {
    const send = async () => {
      const waiting = queueOf(await listQueuedSignatures().catch(() => []), '', profileId);
      if (!waiting.length) return;
      const report = await sendQueuedSignatures(qc, profileId);
      const n = queuedCount(report.sent.map((s) => s.entry));
      if (n) toast.success(`Conexão de volta: ${n} ${n === 1 ? 'assinatura enviada' : 'assinaturas enviadas'}!`);
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void send();
    };
    void send();
    const timer = window.setInterval(() => void send(), RETRY_MS);
    window.addEventListener('online', send);
    window.addEventListener('focus', send);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', send);
      window.removeEventListener('focus', send);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [qc, profileId]);
  return null;
}
