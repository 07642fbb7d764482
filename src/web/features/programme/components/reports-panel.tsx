import { useState, type ReactNode } from 'react';
import { Download } from 'lucide-react';
import {
  DEFAULT_STALE_WEEKS, REPORT_KINDS, REPORT_LABEL, REPORT_MSG, STATUS_LABEL, type TReportKind, type TReportRows,
} from '@shared/programme-reports';
import { EmptyState } from '../../../components/ui/empty-state';
import { SelectField, TextField } from '../../../components/ui/field';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { reportCsvUrl, useProgrammeReport } from '../api';
import { brDate } from './br-date';

interface Column<R> {
  label: string;
  cell: (row: R) => ReactNode;
  /** Numbers align right. */
  numeric?: boolean;
}

const progressColumns = <R extends { enrolled: number; ready: number; invested: number; signed: number; total: number; percent: number }>(): Column<R>[] => [
  { label: 'Inscritos', cell: (r) => r.enrolled, numeric: true },
  { label: 'Prontos', cell: (r) => r.ready, numeric: true },
  { label: 'Investidos', cell: (r) => r.invested, numeric: true },
  { label: 'Assinados', cell: (r) => `${r.signed}/${r.total}`, numeric: true },
  { label: '%', cell: (r) => `${r.percent}%`, numeric: true },
];

const COLUMNS: { [K in TReportKind]: Column<TReportRows[K][number]>[] } = {
  classes: [{ label: 'Classe', cell: (r) => r.item_name }, ...progressColumns()],
  units: [{ label: 'Unidade', cell: (r) => r.unit_name }, ...progressColumns()],
  members: [
    { label: 'Membro', cell: (r) => r.full_name },
    { label: 'Unidade', cell: (r) => r.unit_name ?? '—' },
    { label: 'Classe', cell: (r) => r.item_name },
    { label: 'Assinados', cell: (r) => `${r.signed}/${r.total}`, numeric: true },
    { label: '%', cell: (r) => `${r.percent}%`, numeric: true },
    { label: 'Situação', cell: (r) => STATUS_LABEL[r.status] },
    { label: 'Especialidades', cell: (r) => r.specialties_completed, numeric: true },
  ],
  stale: [
    { label: 'Item', cell: (r) => r.item_name },
    { label: 'Seção', cell: (r) => r.section_code ?? '—' },
    { label: 'Requisito', cell: (r) => r.text },
    { label: 'Última assinatura', cell: (r) => (r.last_signed_on ? brDate(r.last_signed_on) : 'Nunca') },
    { label: 'Esperando', cell: (r) => r.waiting, numeric: true },
  ],
  areas: [
    { label: 'Área', cell: (r) => <span className="inline-flex items-center gap-2"><span aria-hidden="true" className="h-3 w-3 shrink-0 rounded-full" style={{ backgroundColor: r.color }} />{r.area_name}</span> },
    { label: 'No catálogo', cell: (r) => r.catalogue, numeric: true },
    { label: 'Em andamento', cell: (r) => r.in_progress, numeric: true },
    { label: 'Prontas', cell: (r) => r.ready, numeric: true },
    { label: 'Investidas', cell: (r) => r.invested, numeric: true },
    { label: 'Membros', cell: (r) => r.members, numeric: true },
  ],
};

const EMPTY: Record<TReportKind, string> = {
  classes: 'Ninguém inscrito em uma classe ainda.',
  units: 'Ninguém inscrito em uma classe ainda.',
  members: 'Ninguém inscrito em uma classe ainda.',
  stale: 'Todo requisito em andamento teve assinatura nesse período.',
  areas: 'Nenhuma área no catálogo.',
};

function ReportTable<K extends TReportKind>({ clubId, kind, weeks }: { clubId: string; kind: K; weeks: number }) {
  const report = useProgrammeReport(clubId, kind, weeks);
  if (report.isLoading) return <PageSpinner />;
  if (report.isError) return <p role="alert" className="text-red-700">{errorMessage(report.error, 'Erro ao carregar o relatório.')}</p>;
  const rows = (report.data ?? []) as TReportRows[K][number][];
  if (rows.length === 0) return <EmptyState message={EMPTY[kind]} />;
  const columns = COLUMNS[kind] as Column<TReportRows[K][number]>[];
  return (
    // On a phone the table scrolls sideways inside its box (focusable, so the keyboard scrolls it
    // too), with the first column kept in view.
    <div role="region" aria-label={`Tabela: ${REPORT_LABEL[kind]}`} tabIndex={0} className="max-w-full overflow-x-auto rounded-lg ring-1 ring-slate-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-700">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{REPORT_LABEL[kind]}</caption>
        <thead className="bg-slate-50 text-xs uppercase text-slate-600">
          <tr>
            {columns.map((c, i) => (
              <th key={c.label} scope="col" className={`whitespace-nowrap px-3 py-2 ${c.numeric ? 'text-right' : ''} ${i === 0 ? 'sticky left-0 bg-slate-50' : ''}`}>{c.label}</th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {rows.map((r, n) => (
            <tr key={n}>
              {columns.map((c, i) => (
                i === 0
                  ? <th key={c.label} scope="row" className="sticky left-0 max-w-[9rem] bg-white px-3 py-2 font-medium text-slate-900 sm:max-w-none">{c.cell(r)}</th>
                  : <td key={c.label} className={`px-3 py-2 text-slate-700 ${c.numeric ? 'whitespace-nowrap text-right tabular-nums' : 'min-w-[8rem]'}`}>{c.cell(r)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** 'Relatórios' (secretary and direction): progress per class, unit and member, stale requisitos, especialidades per area; each as CSV. */
export function ReportsPanel({ clubId }: { clubId: string }) {
  const [kind, setKind] = useState<TReportKind>('classes');
  const [weeksText, setWeeksText] = useState(String(DEFAULT_STALE_WEEKS));
  const weeksValid = /^\d{1,3}$/.test(weeksText) && Number(weeksText) >= 1 && Number(weeksText) <= 104;
  const weeks = weeksValid ? Number(weeksText) : DEFAULT_STALE_WEEKS;
  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end">
        <SelectField label="Relatório" value={kind} onChange={(e) => setKind(e.target.value as TReportKind)}>
          {REPORT_KINDS.map((k) => <option key={k} value={k}>{REPORT_LABEL[k]}</option>)}
        </SelectField>
        {kind === 'stale' ? (
          <TextField label="Semanas sem assinatura" inputMode="numeric" value={weeksText} onChange={(e) => setWeeksText(e.target.value)} error={weeksValid ? undefined : REPORT_MSG.weeksInvalid} />
        ) : <span className="hidden sm:block" />}
        <a
          href={reportCsvUrl(clubId, kind, weeks)}
          download
          className="inline-flex min-h-10 items-center justify-center gap-2 rounded-lg bg-white px-4 py-2 text-sm font-medium text-emerald-800 ring-1 ring-slate-300 hover:bg-slate-50"
        >
          <Download aria-hidden="true" className="h-4 w-4" /> Baixar CSV
        </a>
      </div>
      <ReportTable key={kind} clubId={clubId} kind={kind} weeks={weeks} />
    </div>
  );
}
