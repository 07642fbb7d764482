import { AlertTriangle } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { Tag } from '../../../components/ui/tag';
import { formatDateTime } from '../../../lib/format';
import { errorMessage } from '../../../lib/api';
import { useJobFailures } from '../api/list-job-failures';

/**
 * 'Tarefas automáticas com falha' on the platform panel (issue 43): a club whose dues, tasks or reminders
 * failed is named here with the error, and the server tries again on every run until it works.
 */
export function JobFailures() {
  const failures = useJobFailures();
  return (
    <section aria-labelledby="job-failures" className="mt-8 space-y-3">
      <div>
        <h2 id="job-failures" className="text-lg font-semibold">Tarefas automáticas com falha</h2>
        <p className="text-sm text-slate-600">Mensalidades, tarefas recorrentes, reuniões, lembretes e badges: cada clube roda à parte, e o que falha é tentado de novo a cada execução.</p>
      </div>
      {failures.isLoading ? <p className="text-sm text-slate-600">Carregando…</p> : null}
      {failures.isError ? <p role="alert" className="text-red-700">{errorMessage(failures.error, 'Não foi possível carregar as falhas.')}</p> : null}
      {failures.data?.length === 0 ? <p className="text-sm text-emerald-800">Nenhuma falha: todas as tarefas automáticas rodaram.</p> : null}
      {failures.data && failures.data.length > 0 ? (
        <Card className="p-0">
          <ul aria-label="Falhas das tarefas automáticas" className="divide-y divide-slate-200">
            {failures.data.map((f) => (
              <li key={`${f.job}:${f.club_id ?? ''}`} className="flex flex-col gap-1 p-3 text-sm sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0 space-y-1">
                  <p className="flex items-center gap-2 font-medium text-slate-900">
                    <AlertTriangle aria-hidden="true" className="h-4 w-4 shrink-0 text-amber-700" />
                    {f.job_label} · {f.club_name ?? 'toda a plataforma'}
                  </p>
                  <p className="break-all text-xs text-red-800">{f.error}</p>
                  <p className="text-slate-600">
                    Desde {formatDateTime(f.first_failed_at)} · última em {formatDateTime(f.last_failed_at)}
                  </p>
                </div>
                <span className="self-start"><Tag tone="red">{f.attempts === 1 ? '1 tentativa' : `${f.attempts} tentativas`}</Tag></span>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </section>
  );
}
