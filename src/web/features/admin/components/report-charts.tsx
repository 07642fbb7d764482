import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { monthLabel, type TPlatformReport } from '@shared/admin';

function ChartFigure({ id, title, empty, children }: { id: string; title: string; empty?: string; children: ReactNode }) {
  return (
    <figure aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <figcaption id={id} className="mb-3 font-semibold text-slate-900">{title}</figcaption>
      {empty ? <p className="text-slate-600">{empty}</p> : <div className="h-72 w-full">{children}</div>}
    </figure>
  );
}

const AXIS = { fontSize: 12, fill: '#334155' };

/** The platform report as three charts; the same figures are in the table and the CSV. */
export function ReportCharts({ report }: { report: TPlatformReport }) {
  const months = report.months.map((m) => ({ ...m, label: monthLabel(m.month) }));
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <ChartFigure id="chart-growth" title="Novos clubes e novos usuários por mês">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={months} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="label" tick={AXIS} />
            <YAxis allowDecimals={false} tick={AXIS} />
            <Tooltip />
            <Legend />
            <Bar dataKey="new_clubs" name="Novos clubes" fill="#047857" radius={[4, 4, 0, 0]} maxBarSize={36} />
            <Bar dataKey="new_users" name="Novos usuários" fill="#0369a1" radius={[4, 4, 0, 0]} maxBarSize={36} />
          </BarChart>
        </ResponsiveContainer>
      </ChartFigure>
      <ChartFigure id="chart-tasks" title="Tarefas concluídas por mês">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={months} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="label" tick={AXIS} />
            <YAxis allowDecimals={false} tick={AXIS} />
            <Tooltip />
            <Line type="monotone" dataKey="tasks_completed" name="Tarefas concluídas" stroke="#7c3aed" strokeWidth={2} dot={{ r: 3 }} />
          </LineChart>
        </ResponsiveContainer>
      </ChartFigure>
      <div className="xl:col-span-2">
        <ChartFigure
          id="chart-active"
          title="Membros ativos por clube nos últimos 30 dias (10 mais ativos)"
          empty={report.active_members_by_club.length === 0 ? 'Nenhum membro ativo nos últimos 30 dias.' : undefined}
        >
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={report.active_members_by_club} layout="vertical" margin={{ top: 8, right: 16, left: 8, bottom: 0 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
              <XAxis type="number" allowDecimals={false} tick={AXIS} />
              <YAxis type="category" dataKey="club_name" width={140} tick={AXIS} />
              <Tooltip />
              <Bar dataKey="active_members" name="Membros ativos" fill="#b45309" radius={[0, 4, 4, 0]} maxBarSize={36} />
            </BarChart>
          </ResponsiveContainer>
        </ChartFigure>
      </div>
    </div>
  );
}
