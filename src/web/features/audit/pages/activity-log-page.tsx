import { useMemo, useState } from 'react';
import { History } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadMore } from '../../../components/ui/load-more';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { NO_AUDIT_FILTERS, useClubAudit, type AuditFilters } from '../api/list-audit';
import { AuditFiltersBar } from '../components/audit-filters';
import { AuditList } from '../components/audit-list';

/** /dashboard/atividades ('Registro de atividades'): who did what in the club, newest first; the director only. */
export function Component() {
  const current = useSelectedClub();
  if (!current.can('audit.read')) {
    return <EmptyState icon={<History className="h-10 w-10" />} message="Só quem tem a função Diretor(a) vê o registro de atividades do clube." />;
  }
  return <ActivityLog clubId={current.clubId} />;
}

function ActivityLog({ clubId }: { clubId: string }) {
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [whoName, setWhoName] = useState<string | null>(null);
  const audit = useClubAudit(clubId, filters);
  const entries = useMemo(() => audit.data?.pages.flatMap((p) => p.entries) ?? [], [audit.data]);
  const first = audit.data?.pages[0];
  const filtered = filters !== NO_AUDIT_FILTERS;
  return (
    <div>
      <PageHeader title="Registro de atividades" description="Quem fez o quê no clube, dos mais recentes aos mais antigos. Dados de saúde e senhas nunca aparecem aqui." />
      <AuditFiltersBar value={filters} onChange={setFilters} whoLabel={whoName} />
      {audit.isLoading ? <PageSpinner label="Carregando registros…" /> : null}
      {audit.isError ? <p role="alert" className="text-red-700">Não foi possível carregar o registro de atividades.</p> : null}
      {audit.isSuccess && entries.length === 0 ? (
        <EmptyState icon={<History className="h-10 w-10" />} message={filtered ? 'Nenhum registro com esses filtros.' : 'Nenhuma atividade registrada ainda.'} />
      ) : null}
      {entries.length > 0 ? (
        <AuditList
          entries={entries}
          timeZone={first?.timezone}
          onActor={(e) => { setWhoName(e.actor_name); setFilters({ ...filters, who: e.actor_id ?? '' }); }}
        />
      ) : null}
      {entries.length > 0 ? (
        <LoadMore shown={entries.length} total={first?.total ?? 0} noun={['registro', 'registros']} totalAtLeast={audit.data?.pages[0]?.total_capped ?? false} hasMore={audit.hasNextPage} loading={audit.isFetchingNextPage} onMore={() => void audit.fetchNextPage()} />
      ) : null}
    </div>
  );
}
