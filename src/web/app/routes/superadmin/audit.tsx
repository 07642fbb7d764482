import { useMemo, useState } from 'react';
import { History } from 'lucide-react';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadMore } from '@web/components/ui/load-more';
import { PageHeader } from '@web/components/ui/page-header';
import { PageSpinner } from '@web/components/ui/spinner';
import { NO_AUDIT_FILTERS, usePlatformAudit, type AuditFilters } from '@web/features/audit/api/list-audit';
import { AuditFiltersBar } from '@web/features/audit/components/audit-filters';
import { AuditList } from '@web/features/audit/components/audit-list';

/** /superadmin/auditoria ('Auditoria'): every club's audit log, newest first; times in the browser's zone. */
export function Component() {
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [clubName, setClubName] = useState<string | null>(null);
  const audit = usePlatformAudit(filters);
  const entries = useMemo(() => audit.data?.pages.flatMap((p) => p.entries) ?? [], [audit.data]);
  const filtered = filters !== NO_AUDIT_FILTERS;
  return (
    <div>
      <PageHeader title="Auditoria" description="O que foi feito em todos os clubes e na plataforma, dos mais recentes aos mais antigos. Clique no nome de um clube para ver só ele." />
      <AuditFiltersBar value={filters} onChange={setFilters} whoLabel={clubName} />
      {audit.isLoading ? <PageSpinner label="Carregando registros…" /> : null}
      {audit.isError ? <p role="alert" className="text-red-700">Não foi possível carregar a auditoria.</p> : null}
      {audit.isSuccess && entries.length === 0 ? (
        <EmptyState icon={<History className="h-10 w-10" />} message={filtered ? 'Nenhum registro com esses filtros.' : 'Nenhum registro ainda.'} />
      ) : null}
      {entries.length > 0 ? (
        <AuditList entries={entries} showClub onClub={(e) => { setClubName(e.club_name ?? null); setFilters({ ...filters, who: e.club_id ?? '' }); }} />
      ) : null}
      {entries.length > 0 ? (
        <LoadMore shown={entries.length} total={audit.data?.pages[0]?.total ?? 0} noun={['registro', 'registros']} totalAtLeast={audit.data?.pages[0]?.total_capped ?? false} hasMore={audit.hasNextPage} loading={audit.isFetchingNextPage} onMore={() => void audit.fetchNextPage()} />
      ) : null}
    </div>
  );
}
