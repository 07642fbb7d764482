import { useState } from 'react';
import { Activity, Download } from 'lucide-react';
import { monthLabel } from '@shared/admin';
import { StatCard } from '../../../components/ui/card';
import { SelectField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/format';
import { reportCsvUrl, usePlatformReport } from '../api/get-platform-report';
import { ReportCharts } from '../components/report-charts';

const PERIODS = [6, 12, 24] as const;

/** /superadmin/relatorios: platform growth and activity, as charts, a table and a CSV export. */
export function Component() {
  const [months, setMonths] = useState<number>(12);
  const report = usePlatformReport(months);
  const data = report.data;
  return (
    <div>
      <PageHeader
        title="Relatórios"
        description="Crescimento e atividade da plataforma. Meses no horário de Brasília."
        actions={
          <a
            href={reportCsvUrl(months)}
            download
            className="inline-flex items-center gap-2 rounded-lg bg-emerald-700 px-4 py-2 text-sm font-medium text-white hover:bg-emerald-800"
          >
            <Download aria-hidden="true" className="h-4 w-4" /> Exportar CSV
          </a>
        }
      />
      <div className="mb-4 flex flex-col gap-4 sm:flex-row sm:items-end">
        <div className="sm:w-56">
          <SelectField label="Período" value={months} onChange={(e) => setMonths(Number(e.target.value))}>
            {PERIODS.map((n) => <option key={n} value={n}>Últimos {n} meses</option>)}
          </SelectField>
        </div>
        {data ? <p className="text-sm text-slate-600">Gerado em {formatDateTime(data.generated_at)}</p> : null}
      </div>
      {report.isLoading ? <PageSpinner /> : null}
      {report.isError ? <p role="alert" className="text-red-700">Não foi possível carregar o relatório.</p> : null}
      {data ? (
        <div className="space-y-6">
          <section aria-label="Atividade recente" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            <StatCard label="Membros ativos (últimos 30 dias)" value={data.active_members_30d} icon={<Activity className="h-6 w-6" />} />
          </section>
          <ReportCharts report={data} />
          <section aria-labelledby="tabela-mensal" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <h2 id="tabela-mensal" className="mb-3 font-semibold text-slate-900">Dados por mês</h2>
            <div className="overflow-x-auto">
              <table className="w-full min-w-[28rem] text-left text-sm">
                <thead className="border-b border-slate-200 text-slate-700">
                  <tr>
                    <th scope="col" className="py-2 pr-4">Mês</th>
                    <th scope="col" className="py-2 pr-4 text-right">Novos clubes</th>
                    <th scope="col" className="py-2 pr-4 text-right">Novos usuários</th>
                    <th scope="col" className="py-2 text-right">Tarefas concluídas</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {[...data.months].reverse().map((m) => (
                    <tr key={m.month}>
                      <th scope="row" className="py-2 pr-4 font-medium">{monthLabel(m.month)}</th>
                      <td className="py-2 pr-4 text-right">{m.new_clubs}</td>
                      <td className="py-2 pr-4 text-right">{m.new_users}</td>
                      <td className="py-2 text-right">{m.tasks_completed}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        </div>
      ) : null}
    </div>
  );
}
