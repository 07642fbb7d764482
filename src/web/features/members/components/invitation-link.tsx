import { useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { toast } from 'react-hot-toast';
import type { TInvitationLink } from '@shared/members';
import { Button } from '../../../components/ui/button';
import { formatDateTime } from '../../../lib/format';

/** The invitation URL to copy and send, with its expiry. The token is shown only this once. */
export function InvitationLink({ invitation }: { invitation: TInvitationLink }) {
  const url = `${window.location.origin}${invitation.path}`;
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast.success('Link copiado!');
    } catch {
      toast.error('Não foi possível copiar. Selecione o link e copie manualmente.');
    }
  };
  return (
    <div className="space-y-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3">
      <label htmlFor="invitation-url" className="block text-sm font-medium text-emerald-900">Link do convite</label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input id="invitation-url" readOnly value={url} onFocus={(e) => e.target.select()} className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-xs text-slate-900" />
        <Button variant="secondary" onClick={() => void copy()} icon={copied ? <Check aria-hidden="true" className="h-4 w-4" /> : <Copy aria-hidden="true" className="h-4 w-4" />}>
          {copied ? 'Copiado' : 'Copiar link'}
        </Button>
      </div>
      <p className="text-xs text-emerald-900">
        Vale uma única vez, até {formatDateTime(invitation.expires_at)}{invitation.email ? ` — para ${invitation.email}` : ''}.
      </p>
    </div>
  );
}
