import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'react-hot-toast';
import { ArrowLeft, Lock } from 'lucide-react';
import { PERIOD_KIND_LABELS, type TFigureKey, type TReport, type TReportFigure } from '@shared/associacao-reports';
import { formatMoney } from '@web/lib/format';
import { Button } from '../../../components/ui/button';
import { PrintButton } from '../../../components/ui/print-button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { PageSpinner } from '../../../components/ui/spinner';
import { Tag } from '../../../components/ui/tag';
import { CsvLink, ReportError } from '../../../components/report';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '@web/lib/format';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { reportCsvHref, useReport } from '../api/get-reports';
import { useSaveReport } from '../api/save-report';
import { useCloseReport } from '../api/close-report';
import { PrintSheet } from '@web/components/print-sheet';

const BACK = <Link to="/dashboard/associacao/relatorios" className="inline-flex items-center gap-1 text-sm text-emerald-800 hover:underline print:hidden"><ArrowLeft aria-hidden="true" className="h-4 w-4" /> Relatórios</Link>;

export function Component() {
  const current = useSelectedClub();
  const { id = '' } = useParams();
  if (!current.can('associacao.manage')) return <EmptyState message="Os relatórios para a Associação são feitos pela direção e pela secretaria." />;
  return <ReportScreen clubId={current.clubId} logoUrl={current.club.logo_url} id={id} />;
}

const shown = (f: { kind: string }, v: string) => (f.kind === 'money' ? formatMoney(v) : f.kind === 'pct' ? `${v}%` : v);

function ReportScreen({ clubId, logoUrl, id }: { clubId: string; logoUrl: string | null; id: string }) {
  const report = useReport(clubId, id);
  if (report.isLoading) return <PageSpinner />;
  if (report.isError || !report.data) return <ReportError error={report.error} />;
  // The editor starts from the saved draft; a new key remounts it after each save.
  return <ReportView key={`${report.data.status}-${report.dataUpdatedAt}`} clubId={clubId} logoUrl={logoUrl} r={report.data} />;
}

function ReportView({ clubId, logoUrl, r }: { clubId: string; logoUrl: string | null; r: TReport }) {
  const save = useSaveReport(clubId, r.id);
  const close = useCloseReport(clubId, r.id);
  const [edits, setEdits] = useState<Record<string, { value: string; note: string }>>(() =>
    Object.fromEntries(r.figures.filter((f) => f.override !== null).map((f) => [f.key, { value: f.override ?? '', note: f.note ?? '' }])));
  const [notes, setNotes] = useState(r.notes);
  const [closing, setClosing] = useState(false);
  const draft = r.status === 'draft';
  const groups = [...new Set(r.figures.map((f) => f.group))];

  async function onSave() {
    try {
      const overrides = Object.entries(edits).filter(([, e]) => e.value.trim() !== '').map(([key, e]) => ({ key: key as TFigureKey, value: e.value, note: e.note }));
      await save.mutateAsync({ overrides, notes });
      toast.success('Rascunho salvo.');
    } catch (err) {
      toast.error(errorMessage(err, 'Erro ao salvar o rascunho.'));
    }
  }

  async function onClose() {
    try {
      await close.mutateAsync();
      toast.success('Relatório fechado.');
      setClosing(false);
    } catch (err) {
      toast.error(errorMessage(err, 'Erro ao fechar o relatório.'));
    }
  }

  const setEdit = (f: TReportFigure, patch: Partial<{ value: string; note: string }>) =>
    setEdits((prev) => ({ ...prev, [f.key]: { value: prev[f.key]?.value ?? '', note: prev[f.key]?.note ?? '', ...patch } }));

  return (
    <div className="mx-auto max-w-4xl space-y-4">
      {BACK}
      <div className="flex flex-wrap items-center gap-2 print:hidden">
        {draft ? <Tag tone="amber">Rascunho</Tag> : <Tag tone="green">Fechado</Tag>}
        <PrintButton variant="secondary" />
        <CsvLink href={reportCsvHref(clubId, r.id)}>Exportar CSV</CsvLink>
        {draft ? <Button icon={<Lock aria-hidden="true" className="h-4 w-4" />} onClick={() => setClosing(true)}>Fechar relatório</Button> : null}
      </div>
      {draft ? (
        <Card className="space-y-4 print:hidden" aria-label="Editar rascunho">
          <p className="text-sm text-slate-700">Os números vêm do Trilha. Para corrigir um, escreva o valor e diga por quê na nota; em branco, vale o do Trilha.</p>
          {groups.map((g) => (
            <fieldset key={g} className="space-y-2">
              <legend className="font-semibold text-slate-900">{g}</legend>
              {r.figures.filter((f) => f.group === g).map((f) => (
                <div key={f.key} className="grid gap-2 border-b border-slate-100 pb-2 sm:grid-cols-[1fr_8rem_1fr] sm:items-end">
                  <p className="text-sm text-slate-800"><span className="font-medium">{f.label}</span><br /><span className="text-slate-600">Trilha: {shown(f, f.computed)}</span></p>
                  <TextField label="Valor" inputMode={f.kind === 'money' ? 'decimal' : 'numeric'} placeholder={f.kind === 'money' ? f.computed.replace('.', ',') : f.computed} value={edits[f.key]?.value ?? ''} onChange={(e) => setEdit(f, { value: e.target.value })} aria-label={`Valor de ${f.label}`} />
                  <TextField label="Nota" value={edits[f.key]?.note ?? ''} onChange={(e) => setEdit(f, { note: e.target.value })} aria-label={`Nota de ${f.label}`} maxLength={500} />
                </div>
              ))}
            </fieldset>
          ))}
          <TextAreaField label="Observações" value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={5000} rows={3} />
          <div className="flex justify-end"><Button onClick={() => void onSave()} loading={save.isPending}>Salvar rascunho</Button></div>
        </Card>
      ) : (
        <p className="text-sm text-slate-600 print:hidden">Fechado em {formatDateTime(r.closed_at)}{r.closed_by_name ? ` por ${r.closed_by_name}` : ''}: não muda mais.</p>
      )}
      <PrintSheet clubName={r.club_name} logoUrl={logoUrl} title={`Relatório ${PERIOD_KIND_LABELS[r.period_kind].toLowerCase()}`} subtitle={r.label} signatures={['Direção do clube', 'Secretaria do clube']}>
        {groups.map((g) => (
          <table key={g} className="w-full border-collapse text-sm">
            <caption className="text-left font-semibold">{g}</caption>
            <tbody>
              {r.figures.filter((f) => f.group === g).map((f) => (
                <tr key={f.key} className="border-b border-slate-200">
                  <th scope="row" className="py-1 text-left font-normal">{f.label}{f.note ? <span className="block text-xs text-slate-600">Nota: {f.note}</span> : null}</th>
                  <td className="py-1 text-right tabular-nums">{shown(f, f.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
        {r.notes ? <p className="whitespace-pre-wrap"><strong>Observações:</strong> {r.notes}</p> : null}
      </PrintSheet>
      <ConfirmDialog
        open={closing}
        title="Fechar relatório"
        message="Depois de fechado, o relatório não pode mais ser alterado. Fechar agora?"
        confirmLabel="Fechar relatório"
        loading={close.isPending}
        onConfirm={() => void onClose()}
        onCancel={() => setClosing(false)}
      />
    </div>
  );
}
