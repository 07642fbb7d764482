import { ClipboardList } from 'lucide-react';
import { plural } from '@shared/plural';
import { toast } from 'react-hot-toast';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageSpinner } from '@web/components/ui/spinner';
import { Tag } from '@web/components/ui/tag';
import { errorMessage } from '@web/lib/api';
import { useCountAction, useOpenCount } from '../api/counts';
import { QrScanButton } from './qr-scan';

/** The inventory count on a phone: walk the storeroom, tick each item found (or how many), see what is missing. */
export function CountPanel({ clubId }: { clubId: string }) {
  const count = useOpenCount(clubId);
  const act = useCountAction(clubId);
  const run = (a: Parameters<typeof act.mutate>[0], done?: string) =>
    act.mutate(a, { onSuccess: () => { if (done) toast.success(done); }, onError: (e) => toast.error(errorMessage(e, 'Não foi possível salvar a contagem.')) });
  if (count.isPending) return <PageSpinner label="Carregando contagem…" />;
  if (count.isError) return <p role="alert" className="text-red-700">{errorMessage(count.error, 'Erro ao carregar a contagem.')}</p>;
  const c = count.data;
  /** A label read with the camera: the item is found (its expected units), as 'Encontrei' does. */
  const scanned = (itemId: string | null) => {
    const line = c?.lines.find((l) => l.item_id === itemId);
    if (!c || !line) { toast.error(itemId ? 'Este item não está nesta contagem.' : 'Este QR não é a etiqueta de um item do patrimônio.'); return; }
    run({ type: 'mark', countId: c.id, itemId: line.item_id, found: line.expected }, `Encontrei: ${line.name}.`);
  };
  if (!c) {
    return <EmptyState icon={<ClipboardList className="h-10 w-10" />} message="Nenhuma contagem em andamento."
      hint="Percorra o almoxarifado com o celular e marque cada item encontrado: o que faltar aparece no fim."
      action={<Button loading={act.isPending} onClick={() => run({ type: 'start' })}>Começar contagem</Button>} />;
  }
  return (
    <div className="space-y-3">
      <Card className="flex flex-wrap items-center gap-3">
        <p className="flex-1 text-sm text-slate-800"><strong>{c.ticked}</strong> de {c.lines.length} itens conferidos · <strong>{c.missing}</strong> com falta</p>
        <QrScanButton title="Ler a etiqueta do item" onItem={scanned} disabled={act.isPending} />
        <Button variant="secondary" loading={act.isPending} onClick={() => run({ type: 'close', countId: c.id }, `Contagem encerrada: ${plural(c.missing, 'item', 'itens')} com falta.`)}>Encerrar contagem</Button>
      </Card>
      <ul aria-label="Itens a conferir" className="space-y-2">
        {c.lines.map((l) => {
          const missing = l.expected > 0 && (l.found ?? 0) < l.expected;
          return (
            <li key={l.item_id} className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 bg-white p-3">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900">{l.name}</p>
                <p className="text-xs text-slate-600">{l.location ?? 'Sem local'} · esperado {l.expected}{l.out > 0 ? ` (+${l.out} emprestado)` : ''}</p>
              </div>
              {l.found === null ? <Tag tone="gray">Não conferido</Tag> : missing ? <Tag tone="red">Falta {l.expected - (l.found ?? 0)}</Tag> : <Tag tone="green">OK</Tag>}
              <label className="flex items-center gap-1 text-sm text-slate-800">
                <span className="sr-only">Encontrados de {l.name}</span>
                <select className="rounded-lg border border-slate-300 px-2 py-1.5" value={l.found ?? ''} disabled={act.isPending}
                  onChange={(e) => e.target.value !== '' && run({ type: 'mark', countId: c.id, itemId: l.item_id, found: Number(e.target.value) })}>
                  <option value="">—</option>
                  {Array.from({ length: Math.max(l.expected, 0) + 1 }, (_, n) => <option key={n} value={n}>{n}</option>)}
                </select>
              </label>
              <Button size="sm" variant={l.found === l.expected ? 'secondary' : 'primary'} disabled={act.isPending || l.expected === 0}
                aria-label={`Encontrei ${l.name}`} onClick={() => run({ type: 'mark', countId: c.id, itemId: l.item_id, found: l.expected })}>Encontrei</Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
