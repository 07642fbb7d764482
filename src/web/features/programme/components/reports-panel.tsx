import { useState } from 'react';
import {
  DEFAULT_STALE_WEEKS, REPORT_KINDS, REPORT_LABEL, REPORT_MSG, STATUS_LABEL, type TReportKind, type TReportRows,
} from '@shared/programme-reports';
import { ReportBar, ReportError, ReportTable, type Column } from '../../../components/report';
import { EmptyState } from '../../../components/ui/empty-state';
import { TextField } from '../../../components/ui/field';
import { PageSpinner } from '../../../components/ui/spinner';
import { reportCsvUrl, useProgrammeReport } from '../api/reports';
import { brDate } from './br-date';

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

function KindReport<K extends TReportKind>({ clubId, kind, weeks }: { clubId: string; kind: K; weeks: number }) {
  const report = useProgrammeReport(clubId, kind, weeks);
  if (report.isLoading) return <PageSpinner />;
  if (report.isError) return <ReportError error={report.error} />;
  const rows = (report.data ?? []) as TReportRows[K][number][];
  if (rows.length === 0) return <EmptyState message={EMPTY[kind]} />;
  return <ReportTable label={REPORT_LABEL[kind]} columns={COLUMNS[kind] as Column<TReportRows[K][number]>[]} rows={rows} textCellClassName="min-w-[8rem]" />;
}

/** 'Relatórios' (secretary and direction): progress per class, unit and member, stale requisitos, especialidades per area; each as CSV. */
export function ReportsPanel({ clubId }: { clubId: string }) {
  const [kind, setKind] = useState<TReportKind>('classes');
  const [weeksText, setWeeksText] = useState(String(DEFAULT_STALE_WEEKS));
  const weeksValid = /^\d{1,3}$/.test(weeksText) && Number(weeksText) >= 1 && Number(weeksText) <= 104;
  const weeks = weeksValid ? Number(weeksText) : DEFAULT_STALE_WEEKS;
  return (
    <div className="space-y-3">
      <ReportBar
        className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end"
        kinds={REPORT_KINDS}
        labels={REPORT_LABEL}
        kind={kind}
        onKind={setKind}
        csvHref={reportCsvUrl(clubId, kind, weeks)}
        period={kind === 'stale' ? (
          <TextField label="Semanas sem assinatura" inputMode="numeric" value={weeksText} onChange={(e) => setWeeksText(e.target.value)} error={weeksValid ? undefined : REPORT_MSG.weeksInvalid} />
        ) : <span className="hidden sm:block" />}
      />
      <KindReport key={kind} clubId={clubId} kind={kind} weeks={weeks} />
    </div>
  );
}
