import { useState } from 'react';
import { plural } from '@shared/plural';
import { toast } from 'react-hot-toast';
import { CheckCircle2, Circle, Plus } from 'lucide-react';
import { EVAL_MSG, type TEvalItem, type TEvalResultItem } from '@shared/associacao-evaluation';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { PageSpinner } from '../../../components/ui/spinner';
import { Tag } from '../../../components/ui/tag';
import { CsvLink, ReportError } from '../../../components/report';
import { errorMessage } from '../../../lib/api';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { evaluationCsvHref, useEvaluation, useImportItems, useMarkItem, useResetItems, useSaveItems } from '../api/evaluation';
import { AssociacaoNav } from '../components/associacao-nav';
import { EvaluationItemModal } from '../../../components/evaluation/evaluation-item-modal';
import { EvaluationImportModal } from '../../../components/evaluation/evaluation-import-modal';
import { formatNumber } from '@shared/pt-number';

export function Component() {
  const current = useSelectedClub();
  if (!current.can('associacao.read')) return <EmptyState message="A avaliação do clube é acompanhada pela liderança do clube." />;
  return <EvaluationScreen clubId={current.clubId} canManage={current.can('associacao.manage')} />;
}

/** The item as the list stores it (what the PUT sends back). */
const asItem = ({ code, title, points: p, deadline, evidence, proof, target }: TEvalResultItem): TEvalItem => ({ code, title, points: p, deadline, evidence, proof, target });

const points = (n: number) => plural(n, 'ponto', 'pontos');

function EvaluationScreen({ clubId, canManage }: { clubId: string; canManage: boolean }) {
  // No year chosen: the server answers the club's current year (its time zone).
  const [year, setYear] = useState<number | null>(null);
  const evaluation = useEvaluation(clubId, year);
  const mark = useMarkItem(clubId);
  const save = useSaveItems(clubId);
  const reset = useResetItems(clubId);
  const importItems = useImportItems(clubId);
  const [editing, setEditing] = useState<TEvalResultItem | 'new' | null>(null);
  const [removing, setRemoving] = useState<TEvalResultItem | null>(null);
  const [importing, setImporting] = useState(false);
  const [resetting, setResetting] = useState(false);
  if (evaluation.isLoading) return <PageSpinner />;
  if (evaluation.isError || !evaluation.data) return <ReportError error={evaluation.error} />;
  const e = evaluation.data;
  const pct = e.max === 0 ? 0 : Math.floor((e.score * 100) / e.max);

  async function toggle(item: TEvalResultItem) {
    try {
      await mark.mutateAsync({ year: e.year, code: item.code, done: !item.done });
      toast.success(item.done ? EVAL_MSG.unmarked : EVAL_MSG.marked);
    } catch (err) {
      toast.error(errorMessage(err, 'Erro ao marcar o item.'));
    }
  }

  async function confirmRemove() {
    if (!removing) return;
    try {
      await save.mutateAsync(e.items.filter((i) => i.code !== removing.code).map(asItem));
      toast.success(EVAL_MSG.saved);
      setRemoving(null);
    } catch (err) {
      toast.error(errorMessage(err, 'Erro ao remover o item.'));
    }
  }

  async function confirmReset() {
    try {
      await reset.mutateAsync();
      toast.success(EVAL_MSG.reset);
      setResetting(false);
    } catch (err) {
      toast.error(errorMessage(err, 'Erro ao voltar à lista da plataforma.'));
    }
  }

  return (
    <div className="mx-auto max-w-5xl">
      <AssociacaoNav />
      <PageHeader
        title="Avaliação do clube"
        description="Os itens da avaliação da Associação: o que o Trilha já comprova, o que falta e a pontuação até agora."
        actions={canManage ? <Button icon={<Plus aria-hidden="true" className="h-4 w-4" />} onClick={() => setEditing('new')}>Novo item</Button> : undefined}
      />
      <Card className="mb-4" aria-label="Pontuação">
        <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
          <p className="text-2xl font-semibold text-slate-900" data-testid="evaluation-score">{formatNumber(e.score)} de {points(e.max)}</p>
          <label className="flex items-center gap-2 text-sm text-slate-700">
            Ano
            <select className="rounded-lg border border-slate-300 px-2 py-1" value={e.year} onChange={(ev) => setYear(Number(ev.currentTarget.value))}>
              {[e.year + 1, e.year, e.year - 1, e.year - 2].map((y) => <option key={y} value={y}>{y}</option>)}
            </select>
          </label>
        </div>
        <ProgressBar value={pct} label={`Pontuação: ${pct}%`} />
        <p className="mt-2 text-sm text-slate-700">{e.done} de {e.total} itens feitos · {e.source === 'club' ? 'lista do clube' : 'lista da plataforma'}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <CsvLink href={evaluationCsvHref(clubId)}>Exportar CSV</CsvLink>
          {canManage ? <Button variant="secondary" onClick={() => setImporting(true)}>Importar CSV</Button> : null}
          {canManage && e.source === 'club' ? <Button variant="secondary" onClick={() => setResetting(true)}>Usar a lista da plataforma</Button> : null}
        </div>
      </Card>
      {e.items.length === 0 ? <EmptyState message="Nenhum item na avaliação." /> : (
        <ul className="space-y-2" aria-label="Itens da avaliação">
          {e.items.map((item) => (
            <li key={item.code}>
              <Card aria-label={item.title}>
                <div className="flex items-start gap-3">
                  {item.done
                    ? <CheckCircle2 aria-label="Feito" className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" />
                    : <Circle aria-label="Não feito" className="mt-0.5 h-5 w-5 shrink-0 text-slate-400" />}
                  <div className="min-w-0 flex-1">
                    <p className="font-medium break-words text-slate-900">{item.title}</p>
                    <p className="text-sm text-slate-700">
                      {points(item.points)}{item.deadline ? ` · prazo ${item.deadline}` : ''} {item.done ? <Tag tone="green">✓ Feito</Tag> : <Tag tone="amber">✗ Falta</Tag>}
                    </p>
                    {item.proof_line ? <p className="text-sm text-slate-800">{item.proof_line}</p> : null}
                    {item.mark ? <p className="text-sm text-slate-700">Marcado à mão{item.mark.marked_by_name ? ` por ${item.mark.marked_by_name}` : ''}{item.mark.note ? `: ${item.mark.note}` : ''}</p> : null}
                    {item.missing.length > 0 ? <ul className="list-disc pl-5 text-sm break-words text-amber-900">{item.missing.map((m) => <li key={m}>{m}</li>)}</ul> : null}
                    {item.evidence && item.proof_line ? <p className="text-xs break-words text-slate-600">Evidência: {item.evidence}</p> : null}
                  </div>
                </div>
                {canManage ? (
                  <div className="mt-3 flex flex-wrap gap-2">
                    {item.proof === null ? (
                      <Button variant={item.done ? 'secondary' : 'primary'} onClick={() => void toggle(item)} loading={mark.isPending && mark.variables?.code === item.code} aria-label={`${item.done ? 'Desmarcar' : 'Marcar como feito'}: ${item.title}`}>
                        {item.done ? 'Desmarcar' : 'Marcar como feito'}
                      </Button>
                    ) : null}
                    <Button variant="secondary" onClick={() => setEditing(item)} aria-label={`Editar ${item.title}`}>Editar</Button>
                    <Button variant="secondary" onClick={() => setRemoving(item)} aria-label={`Remover ${item.title}`} disabled={e.items.length === 1}>Remover</Button>
                  </div>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <EvaluationItemModal
          items={e.items.map(asItem)}
          item={editing === 'new' ? null : asItem(editing)}
          saving={save.isPending}
          onSave={async (next) => {
            await save.mutateAsync(next);
            toast.success(EVAL_MSG.saved);
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {importing ? <EvaluationImportModal run={importItems} replaces="a do clube" onClose={() => setImporting(false)} /> : null}
      <ConfirmDialog
        open={removing !== null}
        title="Remover item"
        message={removing ? `Remover "${removing.title}" da avaliação do clube?` : ''}
        confirmLabel="Remover"
        loading={save.isPending}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
      <ConfirmDialog
        open={resetting}
        title="Usar a lista da plataforma"
        message="A lista do clube será apagada e o clube passa a usar a lista da plataforma. As marcações feitas à mão ficam."
        confirmLabel="Usar a lista da plataforma"
        loading={reset.isPending}
        onConfirm={() => void confirmReset()}
        onCancel={() => setResetting(false)}
      />
    </div>
  );
}
