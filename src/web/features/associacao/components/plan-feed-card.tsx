import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { CalendarPlus, Copy } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { errorMessage } from '@web/lib/api';
import { isoToBrDate } from '@web/lib/br-date';
import { useFeed, useRegenerateFeed, useRevokeFeed, type FeedOwner } from '../api/plan';

/**
 * 'Assinar no celular': the person's secret calendar link (.ics). Only its hash is kept, so the link
 * is shown once, when made; making a new one or revoking stops the old one.
 */
export function FeedCard({ owner }: { owner: FeedOwner }) {
  const feed = useFeed(owner);
  const regenerate = useRegenerateFeed(owner);
  const revoke = useRevokeFeed(owner);
  const [url, setUrl] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'regenerate' | 'revoke' | null>(null);
  const active = Boolean(feed.data?.created_at);

  async function make() {
    try {
      const made = await regenerate.mutateAsync();
      setUrl(made.url);
      setConfirm(null);
      toast.success('Link do calendário pronto: copie e assine no celular.');
    } catch (err) {
      toast.error(errorMessage(err, 'Erro ao gerar o link do calendário.'));
    }
  }

  async function cancel() {
    try {
      await revoke.mutateAsync();
      setUrl(null);
      setConfirm(null);
      toast.success('Link revogado: o calendário parou de atualizar nesse link.');
    } catch (err) {
      toast.error(errorMessage(err, 'Erro ao revogar o link.'));
    }
  }

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copiado.');
    } catch {
      toast.error('Não deu para copiar: selecione o link e copie.');
    }
  }

  return (
    <Card aria-label="Assinar o calendário">
      <h2 className="flex items-center gap-2 font-semibold text-slate-900"><CalendarPlus aria-hidden="true" className="h-5 w-5 text-emerald-700" />Assinar no celular</h2>
      <p className="mt-1 text-sm text-slate-700">
        Um link secreto e só seu: no Google Agenda, no calendário do iPhone ou do Outlook, adicione o calendário pelo link e as datas do clube aparecem e se atualizam sozinhas. Nenhum dado das crianças vai nele.
      </p>
      {url ? (
        <div className="mt-3 space-y-2">
          <label className="block text-sm font-medium text-slate-800" htmlFor="feed-url">Seu link (aparece só agora: guarde-o)</label>
          <input id="feed-url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} className="block w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-900" />
          <div className="flex flex-wrap gap-2">
            <Button icon={<Copy aria-hidden="true" className="h-4 w-4" />} onClick={() => void copy()}>Copiar link</Button>
            <a className="inline-flex items-center rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50" href={url.replace(/^https?:/, 'webcal:')}>Abrir no calendário</a>
          </div>
        </div>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {feed.isLoading ? <span className="text-sm text-slate-600">Carregando…</span> : active ? (
          <>
            {!url ? <span className="text-sm text-slate-700">Link em vigor desde {isoToBrDate(feed.data?.created_at?.slice(0, 10))}.</span> : null}
            <Button variant="secondary" onClick={() => setConfirm('regenerate')} disabled={regenerate.isPending}>Gerar novo link</Button>
            <Button variant="secondary" onClick={() => setConfirm('revoke')} disabled={revoke.isPending}>Revogar</Button>
          </>
        ) : (
          <Button onClick={() => void make()} loading={regenerate.isPending}>Gerar meu link</Button>
        )}
      </div>
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === 'revoke' ? 'Revogar o link' : 'Gerar novo link'}
        message={confirm === 'revoke' ? 'O calendário assinado com o link atual deixa de atualizar. Revogar?' : 'O link atual deixa de funcionar: quem assinou com ele precisa assinar de novo com o novo. Gerar?'}
        confirmLabel={confirm === 'revoke' ? 'Revogar' : 'Gerar novo link'}
        loading={regenerate.isPending || revoke.isPending}
        onConfirm={() => void (confirm === 'revoke' ? cancel() : make())}
        onCancel={() => setConfirm(null)}
      />
    </Card>
  );
}
