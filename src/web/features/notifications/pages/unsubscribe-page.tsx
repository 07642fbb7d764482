import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MailX } from 'lucide-react';
import { NOTIFICATION_MSG } from '@shared/notifications';
import { api, errorMessage } from '@web/lib/api';
import { Spinner } from '@web/components/ui/spinner';

/** /descadastrar?t=…: the e-mail's unsubscribe link, without login (the token is signed per person and category). */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const [state, setState] = useState<{ kind: 'busy' } | { kind: 'done' | 'error'; message: string }>({ kind: 'busy' });
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    api<{ message: string }>('POST', '/api/notifications/unsubscribe', { token })
      .then((r) => setState({ kind: 'done', message: r.message }), (err: unknown) => setState({ kind: 'error', message: errorMessage(err, NOTIFICATION_MSG.unsubscribeInvalid) }));
  }, [token]);
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <MailX aria-hidden="true" className="h-10 w-10 text-emerald-700" />
      <h1 className="text-2xl font-bold text-slate-900">Descadastrar e-mails</h1>
      {state.kind === 'busy' ? <Spinner label="Descadastrando…" /> : (
        <p role={state.kind === 'error' ? 'alert' : 'status'} className={state.kind === 'error' ? 'text-red-700' : 'text-slate-700'}>{state.message}</p>
      )}
      <Link to="/login" className="font-medium text-emerald-800 underline">Entrar no Trilha</Link>
    </main>
  );
}
