import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { ClipboardCheck, Plus, Upload } from 'lucide-react';
import { EVAL_MSG, EVAL_PROOF_LABELS, type TEvalItem } from '@shared/associacao-evaluation';
import { plural } from '@shared/plural';
import { EvaluationImportModal } from '@web/components/evaluation/evaluation-import-modal';
import { EvaluationItemModal } from '@web/components/evaluation/evaluation-item-modal';
import { CsvLink, ReportError } from '@web/components/report';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';
import { PageSpinner } from '@web/components/ui/spinner';
import { Tag } from '@web/components/ui/tag';
import { errorMessage } from '@web/lib/api';
import { evaluationItemsCsvHref, useEvaluationItems, useImportEvaluationItems, useSaveEvaluationItems } from '../api/evaluation-items';

const points = (n: number) => plural(n, 'ponto', 'pontos');

/**
 * /superadmin/avaliacao: the platform's example list of the Associação's evaluation, the one every club
 * without a list of its own uses. Edits stay in a draft until 'Salvar lista' is confirmed; a CSV import
 * (preview, then all or nothing) and the CSV download are the same file an Associação shares.
 */
export function Component() {
  const list = useEvaluationItems();
  const save = useSaveEvaluationItems();
  const importItems = useImportEvaluationItems();
  const [draft, setDraft] = useState<TEvalItem[] | null>(null);
  const [editing, setEditing] = useState<TEvalItem | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  if (list.isLoading) return <PageSpinner label="Carregando a avaliação…" />;
  if (list.isError || !list.data) return <ReportError error={list.error} />;
  const items = draft ?? list.data.items;
  const dirty = draft !== null;
  const total = items.reduce((sum, i) => sum + i.points, 0);

  async function confirmSave() {
    try {
      await save.mutateAsync(items);
      toast.success(EVAL_MSG.saved);
      setDraft(null);
      setConfirming(false);
    } catch (err) {
      toast.error(errorMessage(err, 'Erro ao salvar a lista.'));
    }
  }

  const addButton = <Button icon={<Plus aria-hidden="true" className="h-4 w-4" />} onClick={() => setEditing('new')}>Novo item</Button>;
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Avaliação da Associação"
        description="A lista de exemplo da plataforma: todo clube sem lista própria é avaliado por ela."
        actions={addButton}
      />
      <Card className="mb-4" aria-label="Lista da plataforma">
        <p className="text-sm text-slate-700">{plural(items.length, 'item', 'itens')} · {points(total)} no total</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <CsvLink href={evaluationItemsCsvHref}>Baixar CSV</CsvLink>
          <Button variant="secondary" icon={<Upload aria-hidden="true" className="h-4 w-4" />} onClick={() => setImporting(true)} disabled={dirty}>Importar CSV</Button>
        </div>
        {dirty ? (
          <div role="status" className="mt-3 flex flex-col gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between">
            <span>Alterações não salvas: os clubes ainda veem a lista anterior.</span>
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => setDraft(null)} disabled={save.isPending}>Descartar</Button>
              <Button onClick={() => setConfirming(true)} disabled={items.length === 0}>Salvar lista</Button>
            </div>
          </div>
        ) : null}
      </Card>
      {items.length === 0 ? (
        <EmptyState icon={<ClipboardCheck className="h-8 w-8" />} message="Nenhum item na lista da plataforma." hint="Crie os itens um a um ou importe o CSV da Associação." action={addButton} />
      ) : (
        <ul className="space-y-2" aria-label="Itens da avaliação da plataforma">
          {items.map((item) => (
            <li key={item.code}>
              <Card aria-label={item.title}>
                <p className="font-medium break-words text-slate-900">{item.title}</p>
                <p className="text-sm text-slate-700">
                  {points(item.points)}{item.deadline ? ` · prazo ${item.deadline}` : ''} · <span className="font-mono text-xs">{item.code}</span>
                </p>
                <p className="text-sm text-slate-700">
                  {item.proof ? <Tag tone="green">O Trilha comprova: {EVAL_PROOF_LABELS[item.proof]}{item.target === null ? '' : ` (meta ${item.target})`}</Tag> : <Tag>Marcado à mão</Tag>}
                </p>
                {item.evidence ? <p className="text-xs break-words text-slate-600">Evidência: {item.evidence}</p> : null}
                <div className="mt-3 flex flex-wrap gap-2">
                  <Button variant="secondary" onClick={() => setEditing(item)} aria-label={`Editar ${item.title}`}>Editar</Button>
                  <Button variant="secondary" onClick={() => setDraft(items.filter((i) => i.code !== item.code))} aria-label={`Remover ${item.title}`} disabled={items.length === 1}>Remover</Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <EvaluationItemModal
          items={items}
          item={editing === 'new' ? null : editing}
          saving={false}
          onSave={async (next) => setDraft(next)}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {importing ? <EvaluationImportModal run={importItems} replaces="a da plataforma" onClose={() => setImporting(false)} /> : null}
      <ConfirmDialog
        open={confirming}
        title="Salvar a lista da plataforma"
        message={`A lista com ${plural(items.length, 'item', 'itens')} (${points(total)}) passa a valer para todo clube sem lista própria. Salvar?`}
        confirmLabel="Salvar lista"
        loading={save.isPending}
        onConfirm={() => void confirmSave()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
