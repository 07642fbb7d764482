import { useState } from 'react';
import { Link } from 'react-router';
import { AlertTriangle, ArrowLeft, Download } from 'lucide-react';
import { ABSENCE_STREAK_ALERT, type TAttendanceReport } from '@shared/meetings';
import { Card } from '../../../components/ui/card';
import { DateInput } from '../../../components/ui/date-input';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { attendanceCsvUrl, useAttendanceReport } from '../api/get-attendance-report';

export function Component() {
  const current = useSelectedClub();
  return <ReportScreen clubId={current.clubId} />;
}

const isoDay = (d: Date) => d.toLocaleDateString('en-CA');
const brDay = (iso: string) => formatDate(`${iso}T12:00:00`);

function WeekChart({ weeks }: { weeks: TAttendanceReport['weeks'] }) {
  if (!weeks.length) return null;
  return (
    <Card>
      <h2 className="mb-3 font-semibold text-slate-900">Presença por semana</h2>
      <ul className="space-y-2" aria-label="Presença por semana">
        {weeks.map((w) => (
          <li key={w.week_start} className="grid grid-cols-[5.5rem_1fr_3rem] items-center gap-2 text-sm">
            <span className="text-slate-700">{brDay(w.week_start)}</span>
            <span className="flex h-4 overflow-hidden rounded bg-slate-100" aria-hidden="true">
              <span className="bg-emerald-600" style={{ width: `${(100 * w.present) / Math.max(w.total, 1)}%` }} />
              <span className="bg-amber-400" style={{ width: `${(100 * w.late) / Math.max(w.total, 1)}%` }} />
              <span className="bg-sky-500" style={{ width: `${(100 * w.excused) / Math.max(w.total, 1)}%` }} />
              <span className="bg-red-500" style={{ width: `${(100 * w.absent) / Math.max(w.total, 1)}%` }} />
            </span>
            <span className="text-right tabular-nums font-medium text-slate-900">{w.attendance_pct}%</span>
          </li>
        ))}
      </ul>
      <p className="mt-3 flex flex-wrap gap-3 text-xs text-slate-600">
        <span><span className="mr-1 inline-block h-2 w-2 bg-emerald-600" />Presente</span>
        <span><span className="mr-1 inline-block h-2 w-2 bg-amber-400" />Atrasado</span>
        <span><span className="mr-1 inline-block h-2 w-2 bg-sky-500" />Justificada</span>
        <span><span className="mr-1 inline-block h-2 w-2 bg-red-500" />Falta</span>
      </p>
    </Card>
  );
}

function ReportScreen({ clubId }: { clubId: string }) {
  const [from, setFrom] = useState(() => isoDay(new Date(Date.now() - 90 * 86_400_000)));
  const [to, setTo] = useState(() => isoDay(new Date()));
  const report = useAttendanceReport(clubId, from, to);
  const th = 'px-2 py-2 text-left font-semibold text-slate-700';
  const td = 'px-2 py-2 tabular-nums';
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <Link to="/dashboard/reunioes" className="inline-flex items-center gap-1 text-sm font-medium text-emerald-800 hover:underline">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Reuniões
      </Link>
      <PageHeader
        title="Presença nas Reuniões"
        description={`Membros com ${ABSENCE_STREAK_ALERT} faltas seguidas aparecem em destaque.`}
        actions={
          <a href={attendanceCsvUrl(clubId, from, to)} className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50">
            <Download aria-hidden="true" className="h-4 w-4" /> Exportar CSV
          </a>
        }
      />
      <div className="grid grid-cols-2 gap-3 sm:max-w-md">
        <DateInput label="De" value={from} onChange={(e) => setFrom(e.target.value)} />
        <DateInput label="Até" value={to} onChange={(e) => setTo(e.target.value)} />
      </div>
      {report.isLoading ? <PageSpinner /> : null}
      {report.isError ? <p role="alert" className="text-red-700">{errorMessage(report.error, 'Não foi possível carregar o relatório.')}</p> : null}
      {report.data ? (
        <>
          <p className="text-sm text-slate-700">{report.data.meetings} reuniões com chamada no período.</p>
          <WeekChart weeks={report.data.weeks} />
          <Card className="overflow-x-auto p-0" tabIndex={0} role="region" aria-label="Presença por unidade">
            <h2 className="px-4 pt-4 font-semibold text-slate-900">Por unidade</h2>
            <table className="w-full text-sm">
              <thead><tr><th className={th}>Unidade</th><th className={th}>% presença</th><th className={th}>Presenças</th><th className={th}>Atrasos</th><th className={th}>Faltas</th><th className={th}>Justificadas</th></tr></thead>
              <tbody>
                {report.data.units.map((u) => (
                  <tr key={u.unit_id ?? 'none'} className="border-t border-slate-100">
                    <td className="px-2 py-2">{u.unit_name ?? 'Sem unidade'}</td><td className={td}>{u.attendance_pct}%</td><td className={td}>{u.present}</td><td className={td}>{u.late}</td><td className={td}>{u.absent}</td><td className={td}>{u.excused}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
          <Card className="overflow-x-auto p-0" tabIndex={0} role="region" aria-label="Presença por membro">
            <h2 className="px-4 pt-4 font-semibold text-slate-900">Por membro</h2>
            <table className="w-full text-sm">
              <thead><tr><th className={th}>Membro</th><th className={th}>Unidade</th><th className={th}>% presença</th><th className={th}>Presenças</th><th className={th}>Atrasos</th><th className={th}>Faltas</th><th className={th}>Justificadas</th></tr></thead>
              <tbody>
                {report.data.members.map((m) => {
                  const alert = m.max_absence_streak >= ABSENCE_STREAK_ALERT;
                  return (
                    <tr key={m.member_id} className={`border-t border-slate-100 ${alert ? 'bg-red-50' : ''}`} data-alert={alert || undefined}>
                      <td className="px-2 py-2 font-medium">
                        {alert ? <AlertTriangle aria-label={`${m.max_absence_streak} faltas seguidas`} className="mr-1 inline h-4 w-4 text-red-700" /> : null}
                        {m.full_name}
                      </td>
                      <td className="px-2 py-2">{m.unit_name ?? '-'}</td><td className={td}>{m.attendance_pct}%</td><td className={td}>{m.present}</td><td className={td}>{m.late}</td><td className={td}>{m.absent}</td><td className={td}>{m.excused}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </Card>
        </>
      ) : null}
    </div>
  );
}
