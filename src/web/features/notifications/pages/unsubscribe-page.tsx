import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MailX } from 'lucide-react';
import { CATEGORY_LABELS, NOTIFICATION_CATEGORIES, NOTIFICATION_MSG, type TNotificationCategory } from '@shared/notifications';
import { api, errorMessage } from '@web/lib/api';
import { Button } from '@web/components/ui/button';

/** The category a token names (its middle part), to say what the button turns off; the server checks the signature. */
function categoryOf(token: string): TNotificationCategory | null {
  const category = token.split('.')[1] ?? '';
  return (NOTIFICATION_CATEGORIES as readonly string[]).includes(category) ? (category as TNotificationCategory) : null;
}

/**
 * /descadastrar?t=…: the e-mail's unsubscribe link, without login (the token is signed per person and
 * category). Opening it changes nothing: a mail scanner that follows every link would otherwise turn
 * people's e-mails off. The person confirms with the button, which POSTs; mail clients use the
 * List-Unsubscribe-Post one-click POST (RFC 8058) on the API directly.
 */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const category = categoryOf(token);
  const [state, setState] = useState<{ kind: 'ask' | 'busy' } | { kind: 'done' | 'error'; message: string }>(
    category ? { kind: 'ask' } : { kind: 'error', message: NOTIFICATION_MSG.unsubscribeInvalid });

  async function confirm() {
    setState({ kind: 'busy' });
    try {
      const r = await api<{ message: string }>('POST', '/api/notifications/unsubscribe', { token });
      setState({ kind: 'done', message: r.message });
    } catch (err) {
      setState({ kind: 'error', message: errorMessage(err, NOTIFICATION_MSG.unsubscribeInvalid) });
    }
  }

  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <MailX aria-hidden="true" className="h-10 w-10 text-emerald-700" />
      <h1 className="text-2xl font-bold text-slate-900">Descadastrar e-mails</h1>
      {!('message' in state) ? (
        <>
          <p className="text-slate-700">Parar de receber por e-mail os avisos de <strong>{category ? CATEGORY_LABELS[category] : ''}</strong>? No app você continua vendo todos.</p>
          <Button loading={state.kind === 'busy'} onClick={() => void confirm()}>Descadastrar</Button>
        </>
      ) : (
        <p role={state.kind === 'error' ? 'alert' : 'status'} className={state.kind === 'error' ? 'text-red-700' : 'text-slate-700'}>{state.message}</p>
      )}
      <Link to="/login" className="font-medium text-emerald-800 underline">Entrar no Trilha</Link>
    </main>
  );
}
