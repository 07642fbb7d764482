import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { OVERDUE_LABEL, RECEIVABLE_LABEL } from '@shared/charge-reports';
import { FIN_MSG, ZRequiredRange, type TChartTotalRow, type TMonthlyReportRow } from '@shared/finance';
import { CsvLink } from '@web/components/report';
import { Card } from '@web/components/ui/card';
import { DateInput } from '@web/components/ui/date-input';
import { Spinner } from '@web/components/ui/spinner';
import { formatMoney } from '@web/lib/format';
import { useMonthlyReport } from '../api/get-monthly-report';
import { transactionsCsvUrl, useChartTotals } from '../api/get-chart-totals';
import { todayIso } from './toast-error';

const MONTHS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];
/** '2026-03' → 'mar/26' */
const monthLabel = (ym: string) => `${MONTHS[Number(ym.slice(5, 7)) - 1]}/${ym.slice(2, 4)}`;

function firstDayMonthsAgo(n: number): string {
  const d = new Date();
  const f = new Date(d.getFullYear(), d.getMonth() - n, 1);
  return `${f.getFullYear()}-${String(f.getMonth() + 1).padStart(2, '0')}-01`;
}

function TotalsTable({ rows, title }: { rows: TChartTotalRow[]; title: string }) {
  return (
    <div>
      <h3 className="mb-1 font-medium">{title}</h3>
      {rows.length === 0 ? <p className="text-sm text-slate-600">Nenhum lançamento no período.</p> : (
        <table className="w-full text-sm">
          <thead className="sr-only"><tr><th>Conta</th><th>Total</th></tr></thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.chart_account_id ?? 'none'}-${r.type}`} className="border-b border-slate-100">
                <td className="py-1.5 pr-2">{r.name}</td>
                <td className="py-1.5 text-right tabular-nums">{formatMoney(r.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** 'A receber': the charges still open today (and the part overdue), then at each month's end. */
function Receivable({ rows }: { rows: TMonthlyReportRow[] }) {
  const now = rows[rows.length - 1];
  return (
    <div className="mt-4 border-t border-slate-100 pt-3">
      <p className="text-sm text-slate-800">
        <strong>{RECEIVABLE_LABEL}</strong> hoje: <strong className="tabular-nums">{formatMoney(now.receivable)}</strong>
        {' '}<span className="text-slate-600">({OVERDUE_LABEL}: <span className="tabular-nums">{formatMoney(now.overdue)}</span>)</span>
      </p>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-emerald-800">A receber no fim de cada mês</summary>
        <table className="mt-2 w-full">
          <thead className="text-xs text-slate-600"><tr><th scope="col" className="py-1 text-left font-medium">Mês</th><th scope="col" className="py-1 text-right font-medium">A receber</th><th scope="col" className="py-1 text-right font-medium">Vencido</th></tr></thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.month} className="border-b border-slate-100">
                <th scope="row" className="py-1 text-left font-normal">{monthLabel(r.month)}</th>
                <td className="py-1 text-right tabular-nums">{formatMoney(r.receivable)}</td>
                <td className="py-1 text-right tabular-nums">{formatMoney(r.overdue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}

/** 'Relatórios': 12-month income vs expense chart, totals by chart account, CSV export of a date range. */
export function ReportsTab({ clubId }: { clubId: string }) {
  const monthly = useMonthlyReport(clubId);
  const [from, setFrom] = useState(firstDayMonthsAgo(11));
  const [to, setTo] = useState(todayIso());
  const range = ZRequiredRange.safeParse({ from, to });
  const rangeError = range.success ? undefined : range.error.issues[0]?.message;
  const totals = useChartTotals(clubId, from, to, range.success);
  const data = (monthly.data ?? []).map((m) => ({ mes: monthLabel(m.month), Receitas: Number(m.income), Despesas: Number(m.expense) }));

  return (
    <div className="space-y-6">
      <Card>
        <h2 className="mb-3 text-lg font-semibold">Receitas x Despesas (últimos 12 meses)</h2>
        {monthly.isLoading ? <Spinner /> : (
          <div className="h-72 w-full" role="img" aria-label="Gráfico de receitas e despesas por mês nos últimos 12 meses">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={data} margin={{ top: 8, right: 8, left: 8, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="mes" fontSize={12} />
                <YAxis fontSize={12} width={72} tickFormatter={(v: number) => formatMoney(v).replace(',00', '')} />
                <Tooltip formatter={(v) => formatMoney(Number(v))} />
                <Legend />
                <Bar dataKey="Receitas" fill="#047857" radius={[4, 4, 0, 0]} />
                <Bar dataKey="Despesas" fill="#b91c1c" radius={[4, 4, 0, 0]} />
              </BarChart>
            </ResponsiveContainer>
          </div>
        )}
        {monthly.data && monthly.data.length > 0 ? <Receivable rows={monthly.data} /> : null}
      </Card>

      <Card>
        <h2 className="mb-3 text-lg font-semibold">Totais por conta e exportação</h2>
        <div className="mb-4 flex flex-wrap items-end gap-3">
          <DateInput label="De" value={from} onChange={(e) => setFrom(e.target.value)} />
          <DateInput label="Até" value={to} onChange={(e) => setTo(e.target.value)} error={rangeError} />
          {range.success ? <CsvLink look="primary" href={transactionsCsvUrl(clubId, from, to)}>Exportar CSV</CsvLink> : null}
        </div>
        <p className="mb-3 text-xs text-slate-600">O CSV abre em planilhas com vírgula decimal e datas dd/MM/aaaa; despesas saem negativas. {range.success ? '' : FIN_MSG.rangeRequired}</p>
        {totals.isLoading ? <Spinner /> : null}
        {totals.data ? (
          <div className="grid gap-6 md:grid-cols-2">
            <TotalsTable title="Receitas" rows={totals.data.filter((r) => r.type === 'income')} />
            <TotalsTable title="Despesas" rows={totals.data.filter((r) => r.type === 'expense')} />
          </div>
        ) : null}
      </Card>
    </div>
  );
}
