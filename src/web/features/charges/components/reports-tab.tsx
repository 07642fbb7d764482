import { useState, type ReactNode } from 'react';
import { Download } from 'lucide-react';
import {
  CHARGE_REPORT_KINDS, CHARGE_REPORT_LABEL, type TChargeReportKind, type TDefaultsRow, type TEventReportRow, type TReceivablesMonth,
} from '@shared/charge-reports';
import { formatMoney } from '@shared/format-brl';
import { EmptyState } from '@web/components/ui/empty-state';
import { SelectField } from '@web/components/ui/field';
import { PageSpinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { chargeReportCsvUrl, useChargeReport } from '../api/reports';

interface Column<R> {
  label: string;
  cell: (row: R) => ReactNode;
  numeric?: boolean;
}

const MONTHS = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];
const pct = (n: number) => `${n.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;
const brDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

const RECEIVABLES: Column<TReceivablesMonth>[] = [
  { label: 'Mês', cell: (r) => MONTHS[Number(r.month.slice(5, 7)) - 1] },
  { label: 'Cobrado', cell: (r) => formatMoney(r.charged), numeric: true },
  { label: 'Recebido', cell: (r) => formatMoney(r.received), numeric: true },
  { label: 'Em aberto', cell: (r) => formatMoney(r.open), numeric: true },
  { label: 'Vencido', cell: (r) => formatMoney(r.overdue), numeric: true },
];
const DEFAULTS: Column<TDefaultsRow>[] = [
  { label: 'Unidade', cell: (r) => r.unit_name },
  { label: 'Membros', cell: (r) => r.members, numeric: true },
  { label: 'Vencido', cell: (r) => formatMoney(r.due_amount), numeric: true },
  { label: 'Em atraso', cell: (r) => `${formatMoney(r.overdue_amount)} (${r.overdue_count})`, numeric: true },
  { label: 'Inadimplência', cell: (r) => pct(r.rate), numeric: true },
];
const EVENTS: Column<TEventReportRow>[] = [
  { label: 'Evento', cell: (r) => <>{r.title}<span className="block text-xs font-normal text-slate-600">{brDate(r.starts_on)}{r.cancelled ? ' · cancelado' : ''}</span></> },
  { label: 'Vagas', cell: (r) => r.places ?? 'Sem limite', numeric: true },
  { label: 'Inscritos', cell: (r) => r.registered, numeric: true },
  { label: 'Autorizados', cell: (r) => r.authorised, numeric: true },
  { label: 'Pagos', cell: (r) => r.paid, numeric: true },
  { label: 'Cobrado', cell: (r) => formatMoney(r.charged), numeric: true },
  { label: 'Recebido', cell: (r) => formatMoney(r.received), numeric: true },
];

function Table<R>({ label, columns, rows }: { label: string; columns: Column<R>[]; rows: R[] }) {
  return (
    // On a phone the table scrolls sideways inside its box (focusable, so the keyboard scrolls it too),
    // with the first column kept in view.
    <div role="region" aria-label={`Tabela: ${label}`} tabIndex={0} className="max-w-full overflow-x-auto rounded-lg ring-1 ring-slate-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-700">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{label}</caption>
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
                  : <td key={c.label} className={`px-3 py-2 text-slate-700 ${c.numeric ? 'whitespace-nowrap text-right tabular-nums' : ''}`}>{c.cell(r)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Summary({ items }: { items: [string, string][] }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-lg bg-white p-3 ring-1 ring-slate-200">
          <dt className="text-xs text-slate-600">{label}</dt>
          <dd className="font-semibold tabular-nums text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Failed({ error }: { error: unknown }) {
  return <p role="alert" className="text-red-700">{errorMessage(error, 'Erro ao carregar o relatório.')}</p>;
}

function Receivables({ clubId, year }: { clubId: string; year: number }) {
  const r = useChargeReport(clubId, 'receivables', year);
  if (r.isPending) return <PageSpinner />;
  if (r.isError) return <Failed error={r.error} />;
  if (r.data.total.charges === 0) return <EmptyState message={`Nenhuma cobrança com vencimento em ${year}.`} />;
  const t = r.data.total;
  return (
    <div className="space-y-3">
      <Summary items={[['Cobrado', formatMoney(t.charged)], ['Recebido', formatMoney(t.received)], ['Em aberto', formatMoney(t.open)], ['Vencido', formatMoney(t.overdue)]]} />
      <p className="text-xs text-slate-600">Cada cobrança entra no mês do vencimento; “recebido” é o que já foi pago dela, em qualquer data.</p>
      <Table label={CHARGE_REPORT_LABEL.receivables} columns={RECEIVABLES} rows={r.data.months} />
    </div>
  );
}

function Defaults({ clubId, year }: { clubId: string; year: number }) {
  const r = useChargeReport(clubId, 'defaults', year);
  if (r.isPending) return <PageSpinner />;
  if (r.isError) return <Failed error={r.error} />;
  if (r.data.units.length === 0) return <EmptyState message={`Nenhuma cobrança com vencimento em ${year}.`} />;
  const t = r.data.total;
  return (
    <div className="space-y-3">
      <Summary items={[['Inadimplência', pct(t.rate)], ['Em atraso', formatMoney(t.overdue_amount)], ['Vencido até hoje', formatMoney(t.due_amount)], ['Membros com cobrança', String(t.members)]]} />
      <p className="text-xs text-slate-600">Inadimplência: quanto do valor vencido até {brDate(r.data.as_of)} ainda está em aberto.</p>
      <Table label={CHARGE_REPORT_LABEL.defaults} columns={DEFAULTS} rows={r.data.units} />
    </div>
  );
}

function Events({ clubId, year }: { clubId: string; year: number }) {
  const r = useChargeReport(clubId, 'events', year);
  if (r.isPending) return <PageSpinner />;
  if (r.isError) return <Failed error={r.error} />;
  if (r.data.events.length === 0) return <EmptyState message={`Nenhum evento em ${year}.`} />;
  return <Table label={CHARGE_REPORT_LABEL.events} columns={EVENTS} rows={r.data.events} />;
}

/** 'Relatórios' of the charges: receivables per month, default per unit, events; a year and each as CSV. */
export function ReportsTab({ clubId }: { clubId: string }) {
  const thisYear = new Date().getFullYear();
  const [kind, setKind] = useState<TChargeReportKind>('receivables');
  const [year, setYear] = useState(thisYear);
  const years = Array.from({ length: 7 }, (_, i) => thisYear + 1 - i);
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-[1fr_7rem] gap-3 sm:grid-cols-[1fr_8rem_auto] sm:items-end">
        <SelectField label="Relatório" value={kind} onChange={(e) => setKind(e.target.value as TChargeReportKind)}>
          {CHARGE_REPORT_KINDS.map((k) => <option key={k} value={k}>{CHARGE_REPORT_LABEL[k]}</option>)}
        </SelectField>
        <SelectField label="Ano" value={year} onChange={(e) => setYear(Number(e.target.value))}>
          {years.map((y) => <option key={y} value={y}>{y}</option>)}
        </SelectField>
        <a
          href={chargeReportCsvUrl(clubId, kind, year)}
          download
          className="col-span-2 inline-flex min-h-10 items-center justify-center gap-2 rounded-lg bg-white px-4 py-2 text-sm font-medium text-emerald-800 ring-1 ring-slate-300 hover:bg-slate-50 sm:col-span-1"
        >
          <Download aria-hidden="true" className="h-4 w-4" /> Baixar CSV
        </a>
      </div>
      {kind === 'receivables' ? <Receivables clubId={clubId} year={year} /> : kind === 'defaults' ? <Defaults clubId={clubId} year={year} /> : <Events clubId={clubId} year={year} />}
    </div>
  );
}
