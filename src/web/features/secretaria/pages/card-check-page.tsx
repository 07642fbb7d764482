import { useParams } from 'react-router';
import { BadgeCheck, BadgeX } from 'lucide-react';
import { CARD_MSG } from '@shared/carteirinha';
import { PageSpinner } from '@web/components/ui/spinner';
import { ApiError, errorMessage } from '@web/lib/api';
import { useCardCheck } from '../api/carteirinhas';

/**
 * The public page a card's QR opens, with no session: one sentence ('Membro ativo do Clube X até
 * dd/mm/aaaa', 'Carteirinha revogada', 'Carteirinha vencida em …') and nothing else about the member.
 */
export function Component() {
  const { token = '' } = useParams();
  const check = useCardCheck(token);
  let body;
  if (check.isPending) body = <PageSpinner label="Conferindo a carteirinha…" />;
  else if (check.isError) {
    const unknown = check.error instanceof ApiError && check.error.status === 404;
    body = <Verdict ok={false} text={unknown ? CARD_MSG.unknown : errorMessage(check.error, 'Não foi possível conferir agora. Tente de novo em instantes.')} />;
  } else body = <Verdict ok={check.data.status === 'ativa'} text={check.data.message} />;
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-4">
      <div className="w-full max-w-sm space-y-4 rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
        <p className="text-xs uppercase tracking-wide text-slate-500">Conferência de carteirinha · Trilha</p>
        {body}
      </div>
    </main>
  );
}

function Verdict({ ok, text }: { ok: boolean; text: string }) {
  const Icon = ok ? BadgeCheck : BadgeX;
  return (
    <div role="status" className="space-y-3">
      <Icon aria-hidden="true" className={`mx-auto h-16 w-16 ${ok ? 'text-emerald-700' : 'text-red-700'}`} />
      <p className={`text-xl font-bold ${ok ? 'text-emerald-900' : 'text-red-800'}`}>{text}</p>
    </div>
  );
}
