import { useState } from 'react';
import { CalendarRange, Pencil, Plus, Trash2 } from 'lucide-react';
import { toast } from 'react-hot-toast';
import { PERIOD_MSG, type TPeriod } from '@shared/periods';
import { Button, IconButton } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { ActiveTag } from '../../../components/ui/tag';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { usePeriods } from '../api/list-periods';
import { useDeletePeriod } from '../api/delete-period';
import { PeriodFormModal } from '../components/period-form-modal';

export function Component() {
  const current = useSelectedClub();
  return <PeriodsScreen clubId={current.clubId} isAdmin={current.can('periods.manage')} />;
}

function PeriodsScreen({ clubId, isAdmin }: { clubId: string; isAdmin: boolean }) {
  const periods = usePeriods(clubId);
  const remove = useDeletePeriod(clubId);
  const [editing, setEditing] = useState<{ period: TPeriod | null } | null>(null);
  const [deleting, setDeleting] = useState<TPeriod | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(PERIOD_MSG.deleted);
      setDeleting(null);
    } catch (err) {
      toast.error(errorMessage(err, PERIOD_MSG.deleteError));
    }
  };

  return (
    <div>
      <PageHeader
        title="Períodos"
        description="Trimestres, temporadas e eventos que organizam o ranking."
        actions={isAdmin ? <Button icon={<Plus aria-hidden="true" className="h-4 w-4" />} onClick={() => setEditing({ period: null })}>Novo Período</Button> : null}
      />
      {periods.isLoading ? <PageSpinner /> : null}
      {periods.isError ? <p role="alert" className="text-red-700">Não foi possível carregar os períodos.</p> : null}
      {periods.data && periods.data.length === 0 ? (
        <EmptyState
          icon={<CalendarRange className="h-10 w-10" />}
          message="Nenhum período cadastrado ainda."
          action={isAdmin ? <Button onClick={() => setEditing({ period: null })}>Criar Primeiro Período</Button> : null}
        />
      ) : null}
      <ul className="grid gap-4 md:grid-cols-2">
        {periods.data?.map((p) => (
          <li key={p.id}>
            <Card className="flex h-full flex-col gap-3">
              <div className="flex items-start gap-3">
                <div className="min-w-0 flex-1">
                  <h2 className="text-lg font-semibold text-slate-900">{p.name}</h2>
                  <div className="mt-1"><ActiveTag active={p.active} /></div>
                </div>
                {isAdmin ? (
                  <div className="flex">
                    <IconButton label={`Editar ${p.name}`} icon={<Pencil aria-hidden="true" className="h-4 w-4" />} onClick={() => setEditing({ period: p })} />
                    <IconButton label={`Excluir ${p.name}`} icon={<Trash2 aria-hidden="true" className="h-4 w-4" />} className="hover:text-red-700" onClick={() => setDeleting(p)} />
                  </div>
                ) : null}
              </div>
              {p.description ? <p className="text-sm text-slate-700">{p.description}</p> : null}
              <dl className="grid grid-cols-2 gap-2 text-sm">
                <div>
                  <dt className="text-slate-600">Início</dt>
                  <dd className="font-medium text-slate-900">{formatDateTime(p.start_date)}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">Fim</dt>
                  <dd className="font-medium text-slate-900">{formatDateTime(p.end_date)}</dd>
                </div>
              </dl>
            </Card>
          </li>
        ))}
      </ul>
      <PeriodFormModal clubId={clubId} open={editing !== null} period={editing?.period ?? null} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Confirmar Exclusão"
        message={<>Tem certeza que deseja excluir o período <strong>{deleting?.name}</strong>?</>}
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
