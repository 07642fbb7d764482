import { useState } from 'react';
import { Navigate } from 'react-router';
import { CalendarClock, CheckCircle2, ShieldCheck } from 'lucide-react';
import { SGC_FIELD_LABELS, type TSgcMember } from '@shared/associacao';
import { Button } from '../../../components/ui/button';
import { Card, StatCard } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { PageSpinner } from '../../../components/ui/spinner';
import { Tag } from '../../../components/ui/tag';
import { CsvLink, ReportError } from '../../../components/report';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { isoToBrDate } from '@web/lib/br-date';
import { sgcCsvHref, useReadiness } from '../api/get-readiness';
import { SgcFieldsModal } from '../components/sgc-fields-modal';
import { InsuranceModal } from '../components/insurance-modal';
import { DeadlineModal } from '../components/deadline-modal';
import { AssociacaoNav } from '../components/associacao-nav';

export function Component() {
  const current = useSelectedClub();
  // The leaders who only read the Associação's evaluation reach it through this menu entry.
  if (!current.can('associacao.manage') && current.can('associacao.read')) return <Navigate to="/dashboard/associacao/avaliacao" replace />;
  if (!current.can('associacao.manage')) return <EmptyState message="A preparação para a Associação é da diretoria e da secretaria." />;
  return <ReadinessScreen clubId={current.clubId} />;
}

const percent = (n: number, total: number) => (total === 0 ? 100 : Math.floor((n * 100) / total));

function deadlineText(days: number): string {
  if (days === 0) return 'O prazo é hoje';
  return days === 1 ? 'Falta 1 dia' : `Faltam ${days} dias`;
}

type Filter = 'pending' | 'all';

function ReadinessScreen({ clubId }: { clubId: string }) {
  const readiness = useReadiness(clubId);
  const [filter, setFilter] = useState<Filter>('pending');
  const [editing, setEditing] = useState<TSgcMember | null>(null);
  const [insuring, setInsuring] = useState<TSgcMember | null>(null);
  const [deadlineOpen, setDeadlineOpen] = useState(false);
  if (readiness.isLoading) return <PageSpinner />;
  if (readiness.isError || !readiness.data) return <ReportError error={readiness.error} />;
  const r = readiness.data;
  const shown = filter === 'all' ? r.members : r.members.filter((m) => m.missing.length > 0 || !m.insured);

  return (
    <div className="mx-auto max-w-5xl">
      <AssociacaoNav />
      <PageHeader
        title="Associação: SGC e seguro"
        description={`Cadastro ${r.year} no SGC e seguro de cada membro até ${isoToBrDate(r.deadline)}.`}
        actions={<CsvLink href={sgcCsvHref(clubId)}>Exportar para o SGC (CSV)</CsvLink>}
      />
      <section aria-label="Prontidão" className="mb-6 grid gap-3 sm:grid-cols-3">
        <StatCard label="Prontos para o SGC" value={`${r.sgc_ready} de ${r.total} membros prontos para o SGC`} icon={<CheckCircle2 aria-hidden="true" className="h-5 w-5" />} />
        <StatCard label="Seguro" value={`${r.insured} de ${r.total} com seguro`} icon={<ShieldCheck aria-hidden="true" className="h-5 w-5" />} />
        <StatCard label="Prazo" value={`${deadlineText(r.days_left)} (${isoToBrDate(r.deadline)})`} icon={<CalendarClock aria-hidden="true" className="h-5 w-5" />} />
      </section>
      <div className="mb-6 space-y-2">
        <ProgressBar value={percent(r.sgc_ready, r.total)} label={`SGC: ${percent(r.sgc_ready, r.total)} %`} />
        <p className="text-sm text-slate-700">SGC: {percent(r.sgc_ready, r.total)} % · Seguro: {percent(r.insured, r.total)} %</p>
        <Button variant="secondary" onClick={() => setDeadlineOpen(true)}>Mudar o prazo</Button>
      </div>

      <div className="mb-3 flex flex-wrap items-center gap-2" role="group" aria-label="Mostrar">
        <Button variant={filter === 'pending' ? 'primary' : 'secondary'} aria-pressed={filter === 'pending'} onClick={() => setFilter('pending')}>Com pendências</Button>
        <Button variant={filter === 'all' ? 'primary' : 'secondary'} aria-pressed={filter === 'all'} onClick={() => setFilter('all')}>Todos</Button>
      </div>
      {shown.length === 0 ? (
        <EmptyState message={r.total === 0 ? 'O clube ainda não tem membros ativos.' : 'Todos os membros estão prontos para o SGC e com seguro.'} />
      ) : (
        <ul className="space-y-2" aria-label="Membros">
          {shown.map((m) => (
            <li key={m.member_id}>
              <Card className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between" aria-label={m.full_name}>
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{m.full_name}</p>
                  <p className="text-sm text-slate-600">{[m.function_label, m.unit_name, m.class_name].filter(Boolean).join(' · ')}</p>
                  <div className="mt-1 flex flex-wrap gap-1">
                    {m.missing.length === 0 ? <Tag tone="green">Pronto para o SGC</Tag> : m.missing.map((f) => <Tag key={f} tone="amber">Falta {SGC_FIELD_LABELS[f]}</Tag>)}
                    {m.insured ? <Tag tone="green">Com seguro</Tag> : <Tag tone="red">Sem seguro</Tag>}
                  </div>
                </div>
                <div className="flex shrink-0 gap-2">
                  <Button variant="secondary" onClick={() => setEditing(m)} aria-label={`Preencher SGC de ${m.full_name}`}>Preencher</Button>
                  <Button variant="secondary" onClick={() => setInsuring(m)} aria-label={`Seguro de ${m.full_name}`}>Seguro</Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {editing ? <SgcFieldsModal clubId={clubId} member={editing} onClose={() => setEditing(null)} /> : null}
      {insuring ? <InsuranceModal clubId={clubId} year={r.year} member={insuring} onClose={() => setInsuring(null)} /> : null}
      {deadlineOpen ? <DeadlineModal clubId={clubId} deadline={r.deadline} onClose={() => setDeadlineOpen(false)} /> : null}
    </div>
  );
}
