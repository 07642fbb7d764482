import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';
import { sendQueuedRollCalls } from '../offline/use-roll-call-queue';

/**
 * Mounted by the signed-in shell: a roll call saved offline is sent when the app opens and when the
 * connection returns, whatever screen is open then. Renders nothing.
 */
export function RollCallQueueSender() {
  const qc = useQueryClient();
  useEffect(() => {
    const send = () => {
      void sendQueuedRollCalls(qc).then((saved) => {
        if (saved) toast.success('Conexão de volta: chamada enviada!');
      });
    };
    send();
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, [qc]);
  return null;
}
