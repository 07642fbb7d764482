import { useState } from 'react';
import { Link } from 'react-router';
import { FileText, Plus } from 'lucide-react';
import { PERIOD_KIND_LABELS } from '@shared/associacao-reports';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { Tag } from '../../../components/ui/tag';
import { ReportError } from '../../../components/report';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { useReports } from '../api/get-reports';
import { AssociacaoNav } from '../components/associacao-nav';
import { NewReportModal } from '../components/new-report-modal';

export function Component() {
  const current = useSelectedClub();
  if (!current.can('associacao.manage')) return <EmptyState message="Os relatórios para a Associação são feitos pela direção e pela secretaria." />;
  return <ReportsScreen clubId={current.clubId} />;
}

function ReportsScreen({ clubId }: { clubId: string }) {
  const reports = useReports(clubId);
  const [creating, setCreating] = useState(false);
  if (reports.isLoading) return <PageSpinner />;
  if (reports.isError || !reports.data) return <ReportError error={reports.error} />;

  return (
    <div className="mx-auto max-w-5xl">
      <AssociacaoNav />
      <PageHeader
        title="Relatórios para a Associação"
        description="Mensais ou bimestrais, gerados com os dados do Trilha. Edite o rascunho e feche: depois de fechado, ele não muda mais."
        actions={<Button icon={<Plus aria-hidden="true" className="h-4 w-4" />} onClick={() => setCreating(true)}>Gerar relatório</Button>}
      />
      {reports.data.length === 0 ? (
        <EmptyState icon={<FileText aria-hidden="true" className="h-8 w-8" />} message="Nenhum relatório ainda." action={<Button onClick={() => setCreating(true)}>Gerar o primeiro</Button>} />
      ) : (
        <ul className="space-y-2" aria-label="Relatórios">
          {reports.data.map((r) => (
            <li key={r.id}>
              <Card className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                <div>
                  <p className="text-sm text-slate-600">{PERIOD_KIND_LABELS[r.period_kind]}</p>
                  <Link to={`/dashboard/associacao/relatorios/${r.id}`} className="font-medium text-emerald-800 hover:underline">{r.label}</Link>
                </div>
                {r.status === 'closed' ? <Tag tone="green">Fechado</Tag> : <Tag tone="amber">Rascunho</Tag>}
              </Card>
            </li>
          ))}
        </ul>
      )}
      {creating ? <NewReportModal clubId={clubId} onClose={() => setCreating(false)} /> : null}
    </div>
  );
}
