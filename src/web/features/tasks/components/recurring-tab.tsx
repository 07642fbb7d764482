import { useState } from 'react';
import { Plus, Repeat, Zap } from 'lucide-react';
import { RECURRING_MSG, type TRecurringTask } from '@shared/recurring';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { useDeleteRecurringTask } from '../api/delete-recurring-task';
import { useGenerateRecurringTasks } from '../api/generate-recurring-tasks';
import { useSetRecurringActive } from '../api/set-recurring-active';
import { RecurringCard, type RecurringAction } from './recurring-card';
import { withToast } from './with-toast';
import { toast } from 'react-hot-toast';

/** The recurring tab: 'Gerar Instâncias Agora', cards, activate/deactivate and delete. */
export function RecurringTab({ clubId, items, onCreate, onEdit }: {
  clubId: string;
  items: TRecurringTask[];
  onCreate: () => void;
  onEdit: (rt: TRecurringTask) => void;
}) {
  const [deleting, setDeleting] = useState<TRecurringTask | null>(null);
  const remove = useDeleteRecurringTask(clubId);
  const toggle = useSetRecurringActive(clubId);
  const generate = useGenerateRecurringTasks(clubId);

  const onGenerate = () =>
    withToast(async () => {
      const { created } = await generate.mutateAsync();
      // Success only when something was generated; otherwise say why nothing changed.
      if (created > 0) toast.success(RECURRING_MSG.generated(created));
      else toast(RECURRING_MSG.nothingToGenerate);
    }, { error: RECURRING_MSG.generateError });

  async function onAction(action: RecurringAction, rt: TRecurringTask) {
    if (action === 'edit') return onEdit(rt);
    if (action === 'delete') return setDeleting(rt);
    await withToast(() => toggle.mutateAsync({ id: rt.id, active: !rt.active }), {
      success: rt.active ? RECURRING_MSG.deactivated : RECURRING_MSG.activated,
      error: RECURRING_MSG.saveError,
    });
  }

  async function confirmDelete() {
    const target = deleting;
    if (target && (await withToast(() => remove.mutateAsync(target.id), { success: RECURRING_MSG.deleted, error: RECURRING_MSG.deleteError }))) setDeleting(null);
  }

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600">As instâncias são geradas automaticamente a cada minuto, no horário do clube.</p>
        <Button variant="secondary" icon={<Zap aria-hidden="true" className="h-4 w-4" />} loading={generate.isPending} onClick={() => void onGenerate()}>
          Gerar Instâncias Agora
        </Button>
      </div>
      {items.length === 0 ? (
        <EmptyState
          icon={<Repeat className="h-12 w-12" />}
          message={RECURRING_MSG.empty}
          action={<Button icon={<Plus aria-hidden="true" className="h-4 w-4" />} onClick={onCreate}>Criar Primeira Tarefa Recorrente</Button>}
        />
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {items.map((rt) => <RecurringCard key={rt.id} rt={rt} busy={toggle.isPending} onAction={(a, r) => void onAction(a, r)} />)}
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        message={<>Excluir a tarefa recorrente &quot;{deleting?.title}&quot;? {RECURRING_MSG.confirmDelete}.</>}
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
