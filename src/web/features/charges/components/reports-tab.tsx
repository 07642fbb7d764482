import { useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  CHARGE_REPORT_KINDS, CHARGE_REPORT_LABEL, type TChargeReportKind, type TDefaultsRow, type TEventReportRow, type TReceivablesMonth,
} from '@shared/charge-reports';
import { formatMoney } from '@shared/format-brl';
import { ReportBar, ReportError, ReportTable, type Column } from '@web/components/report';
import { EmptyState } from '@web/components/ui/empty-state';
import { SelectField } from '@web/components/ui/field';
import { PageSpinner } from '@web/components/ui/spinner';
import { chargeReportCsvUrl, useChargeReport } from '../api/reports';
import { formatNumber } from '@shared/pt-number';

const MONTHS = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];
const pct = (n: number) => `${formatNumber(n, 1, 1)} %`;
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

/** A report's query: a spinner, its error, the empty text, or the report drawn by `children`. */
function Loaded<T>({ query, isEmpty, empty, children }: {
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  empty: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <ReportError error={query.error} />;
  if (isEmpty(query.data)) return <EmptyState message={empty} />;
  return <>{children(query.data)}</>;
}

function Receivables({ clubId, year }: { clubId: string; year: number }) {
  return (
    <Loaded query={useChargeReport(clubId, 'receivables', year)} isEmpty={(d) => d.total.charges === 0} empty={`Nenhuma cobrança com vencimento em ${year}.`}>
      {({ total: t, months }) => (
        <div className="space-y-3">
          <Summary items={[['Cobrado', formatMoney(t.charged)], ['Recebido', formatMoney(t.received)], ['Em aberto', formatMoney(t.open)], ['Vencido', formatMoney(t.overdue)]]} />
          <p className="text-xs text-slate-600">Cada cobrança entra no mês do vencimento; “recebido” é o que já foi pago dela, em qualquer data.</p>
          <ReportTable label={CHARGE_REPORT_LABEL.receivables} columns={RECEIVABLES} rows={months} />
        </div>
      )}
    </Loaded>
  );
}

function Defaults({ clubId, year }: { clubId: string; year: number }) {
  return (
    <Loaded query={useChargeReport(clubId, 'defaults', year)} isEmpty={(d) => d.units.length === 0} empty={`Nenhuma cobrança com vencimento em ${year}.`}>
      {({ total: t, units, as_of }) => (
        <div className="space-y-3">
          <Summary items={[['Inadimplência', pct(t.rate)], ['Em atraso', formatMoney(t.overdue_amount)], ['Vencido até hoje', formatMoney(t.due_amount)], ['Membros com cobrança', String(t.members)]]} />
          <p className="text-xs text-slate-600">Inadimplência: quanto do valor vencido até {brDate(as_of)} ainda está em aberto.</p>
          <ReportTable label={CHARGE_REPORT_LABEL.defaults} columns={DEFAULTS} rows={units} />
        </div>
      )}
    </Loaded>
  );
}

function Events({ clubId, year }: { clubId: string; year: number }) {
  return (
    <Loaded query={useChargeReport(clubId, 'events', year)} isEmpty={(d) => d.events.length === 0} empty={`Nenhum evento em ${year}.`}>
      {({ events }) => <ReportTable label={CHARGE_REPORT_LABEL.events} columns={EVENTS} rows={events} />}
    </Loaded>
  );
}

/** 'Relatórios' of the charges: receivables per month, default per unit, events; a year and each as CSV. */
export function ReportsTab({ clubId }: { clubId: string }) {
  const thisYear = new Date().getFullYear();
  const [kind, setKind] = useState<TChargeReportKind>('receivables');
  const [year, setYear] = useState(thisYear);
  const years = Array.from({ length: 7 }, (_, i) => thisYear + 1 - i);
  return (
    <div className="space-y-4">
      <ReportBar
        className="grid grid-cols-[1fr_7rem] gap-3 sm:grid-cols-[1fr_8rem_auto] sm:items-end"
        kinds={CHARGE_REPORT_KINDS}
        labels={CHARGE_REPORT_LABEL}
        kind={kind}
        onKind={setKind}
        csvHref={chargeReportCsvUrl(clubId, kind, year)}
        csvClassName="col-span-2 sm:col-span-1"
        period={(
          <SelectField label="Ano" value={year} onChange={(e) => setYear(Number(e.target.value))}>
            {years.map((y) => <option key={y} value={y}>{y}</option>)}
          </SelectField>
        )}
      />
      {kind === 'receivables' ? <Receivables clubId={clubId} year={year} /> : kind === 'defaults' ? <Defaults clubId={clubId} year={year} /> : <Events clubId={clubId} year={year} />}
    </div>
  );
}
