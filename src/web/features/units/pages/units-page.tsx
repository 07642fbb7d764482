import { useState } from 'react';
import { Pencil, Plus, Trash2, UsersRound } from 'lucide-react';
import { toast } from 'react-hot-toast';
import { UNIT_MSG, type TUnit } from '@shared/units';
import { Button, IconButton } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { ActiveTag } from '../../../components/ui/tag';
import { errorMessage } from '../../../lib/api';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { useUnits } from '@web/lib/units-query';
import { useDeleteUnit } from '../api/delete-unit';
import { UnitBadge } from '../components/unit-badge';
import { UnitFormModal } from '../components/unit-form-modal';
import { plural } from '@shared/plural';

export function Component() {
  const current = useSelectedClub();
  return <UnitsScreen clubId={current.clubId} isAdmin={current.can('units.manage')} />;
}

function UnitsScreen({ clubId, isAdmin }: { clubId: string; isAdmin: boolean }) {
  const units = useUnits(clubId);
  const remove = useDeleteUnit(clubId);
  const [editing, setEditing] = useState<{ unit: TUnit | null } | null>(null);
  const [deleting, setDeleting] = useState<TUnit | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(UNIT_MSG.deleted);
      setDeleting(null);
    } catch (err) {
      toast.error(errorMessage(err, UNIT_MSG.deleteError));
    }
  };

  const newButton = isAdmin ? <Button icon={<Plus aria-hidden="true" className="h-4 w-4" />} onClick={() => setEditing({ unit: null })}>Nova Unidade</Button> : null;
  return (
    <div>
      <PageHeader title="Unidades" description="As equipes do clube e suas cores." actions={newButton} />
      {units.isLoading ? <PageSpinner /> : null}
      {units.isError ? <p role="alert" className="text-red-700">Não foi possível carregar as unidades.</p> : null}
      {units.data && units.data.length === 0 ? (
        <EmptyState
          icon={<UsersRound className="h-10 w-10" />}
          message="Nenhuma unidade cadastrada ainda."
          action={isAdmin ? <Button onClick={() => setEditing({ unit: null })}>Criar Primeira Unidade</Button> : null}
        />
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {units.data?.map((u) => (
          <li key={u.id}>
            <Card className="flex h-full flex-col gap-3">
              <div className="flex items-start gap-3">
                <UnitBadge name={u.name} color={u.color} />
                <div className="min-w-0 flex-1">
                  <h2 className="break-words text-lg font-semibold text-slate-900">{u.name}</h2>
                  <div className="mt-1 flex flex-wrap items-center gap-2">
                    <ActiveTag active={u.active} feminine />
                    <span className="text-xs text-slate-600">{plural(u.member_count, 'membro', 'membros')}</span>
                  </div>
                </div>
                {isAdmin ? (
                  <div className="flex">
                    <IconButton label={`Editar ${u.name}`} icon={<Pencil aria-hidden="true" className="h-4 w-4" />} onClick={() => setEditing({ unit: u })} />
                    <IconButton label={`Excluir ${u.name}`} icon={<Trash2 aria-hidden="true" className="h-4 w-4" />} className="hover:text-red-700" onClick={() => setDeleting(u)} />
                  </div>
                ) : null}
              </div>
              <p className={u.description ? 'text-sm text-slate-700' : 'text-sm italic text-slate-600'}>{u.description ?? 'Sem descrição'}</p>
            </Card>
          </li>
        ))}
      </ul>
      <UnitFormModal clubId={clubId} open={editing !== null} unit={editing?.unit ?? null} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Confirmar Exclusão"
        message={<>Tem certeza que deseja excluir a unidade <strong>{deleting?.name}</strong>? Esta ação não pode ser desfeita.</>}
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
