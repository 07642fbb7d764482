import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { PiggyBank, Pencil, Plus, Trash2 } from 'lucide-react';
import { FIN_MSG, type TFinanceMember, type TSavingsGoal } from '@shared/finance';
import { Button, IconButton } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { EmptyState } from '@web/components/ui/empty-state';
import { SelectField } from '@web/components/ui/field';
import { Spinner } from '@web/components/ui/spinner';
import { useSavingsGoals } from '../api/list-savings-goals';
import { useDeleteSavingsGoal } from '../api/delete-savings-goal';
import { SavingsGoalCard } from './savings-goal-card';
import { SavingsGoalModal } from './savings-goal-modal';
import { toastFinanceError } from './toast-error';

/** 'Cofres e Metas' with the member filter: default 'Cofres do Clube'; a member adds their goals to the club's. */
export function SavingsGoalsSection({ clubId, members }: { clubId: string; members: TFinanceMember[] }) {
  const [memberFilter, setMemberFilter] = useState('');
  const goals = useSavingsGoals(clubId, memberFilter || null);
  const remove = useDeleteSavingsGoal(clubId);
  const [editing, setEditing] = useState<TSavingsGoal | null | 'new'>(null);
  const [deleting, setDeleting] = useState<TSavingsGoal | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(FIN_MSG.goalDeleted);
      setDeleting(null);
    } catch (err) {
      toastFinanceError(FIN_MSG.deleteGoalError, err);
    }
  };

  return (
    <section aria-labelledby="cofres-title">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-2">
        <h2 id="cofres-title" className="text-lg font-semibold">Cofres e Metas</h2>
        <Button size="sm" variant="secondary" icon={<Plus aria-hidden="true" className="h-4 w-4" />} onClick={() => setEditing('new')}>Novo Cofre</Button>
      </div>
      <div className="mb-3 max-w-xs">
        <SelectField label="Filtrar cofres por membro" value={memberFilter} onChange={(e) => setMemberFilter(e.target.value)}>
          <option value="">Cofres do Clube</option>
          {members.map((m) => <option key={m.profile_id} value={m.profile_id}>{m.full_name}</option>)}
        </SelectField>
      </div>
      {goals.isLoading ? <Spinner /> : null}
      {goals.data && goals.data.length === 0 ? <EmptyState icon={<PiggyBank className="h-8 w-8" />} message="Nenhum cofre cadastrado ainda." /> : null}
      <ul className="grid gap-3 sm:grid-cols-2">
        {goals.data?.map((g) => (
          <li key={g.id}>
            <SavingsGoalCard
              goal={g}
              actions={
                <>
                  <IconButton label={`Editar ${g.name}`} icon={<Pencil aria-hidden="true" className="h-4 w-4" />} onClick={() => setEditing(g)} />
                  <IconButton label={`Excluir ${g.name}`} icon={<Trash2 aria-hidden="true" className="h-4 w-4 text-red-700" />} onClick={() => setDeleting(g)} />
                </>
              }
            />
          </li>
        ))}
      </ul>
      {editing ? <SavingsGoalModal clubId={clubId} goal={editing === 'new' ? null : editing} members={members} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Excluir cofre"
        message={<p>Excluir o cofre <strong>{deleting?.name}</strong>? {FIN_MSG.confirmIrreversible}</p>}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
