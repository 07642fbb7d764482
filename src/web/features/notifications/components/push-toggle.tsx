import { useEffect, useState } from 'react';
import { toast } from 'react-hot-toast';
import { Smartphone } from 'lucide-react';
import { errorMessage } from '@web/lib/api';
import { Button } from '@web/components/ui/button';
import { currentPushSubscription, disablePush, enablePush, pushSupported } from '../api/push-subscription';

/** 'Notificações neste aparelho': the per-device opt-in to Web Push. */
export function PushToggle() {
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void currentPushSubscription().then((s) => setOn(s !== null), () => setOn(false));
  }, []);

  if (!pushSupported()) {
    return <p className="mt-3 text-sm text-slate-600">Este navegador não recebe notificações no aparelho. No celular, instale o Trilha na tela inicial.</p>;
  }

  async function toggle() {
    setBusy(true);
    try {
      if (on) {
        await disablePush();
        setOn(false);
        toast.success('Notificações desligadas neste aparelho.');
      } else {
        await enablePush();
        setOn(true);
        toast.success('Notificações ligadas neste aparelho.');
      }
    } catch (err) {
      toast.error(err instanceof Error && !('status' in err) ? err.message : errorMessage(err, 'Não foi possível mudar as notificações. Tente novamente.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-3 flex flex-col gap-2 rounded-lg bg-slate-50 p-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <Smartphone aria-hidden="true" className="h-4 w-4" />
        {on === null ? 'Verificando este aparelho…' : on ? 'Este aparelho recebe notificações.' : 'Este aparelho não recebe notificações.'}
      </p>
      <Button variant="secondary" size="sm" loading={busy} disabled={on === null} onClick={() => void toggle()}>
        {on ? 'Desligar neste aparelho' : 'Ligar neste aparelho'}
      </Button>
    </div>
  );
}
