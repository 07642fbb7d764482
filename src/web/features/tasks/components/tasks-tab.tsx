import { useState } from 'react';
import { ClipboardList, Plus } from 'lucide-react';
import { TASK_MSG, type TTask } from '@shared/tasks';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { useDeleteTask } from '../api/delete-task';
import { BadgesModal } from './badges-modal';
import { AnswersModal } from './answers-modal';
import { QuestionsModal } from './questions-modal';
import { SubtasksModal } from './subtasks-modal';
import { TaskCard, type TaskAction } from './task-card';
import { withToast } from './with-toast';

type Open = { kind: Exclude<TaskAction, 'edit'>; task: TTask } | null;

/** The normal-tasks tab: cards (newest first), empty state, and the per-task modals. */
export function TasksTab({ clubId, tasks, isAdmin, onCreate, onEdit }: {
  clubId: string;
  tasks: TTask[];
  isAdmin: boolean;
  onCreate: () => void;
  onEdit: (task: TTask) => void;
}) {
  const [open, setOpen] = useState<Open>(null);
  const remove = useDeleteTask(clubId);
  const close = () => setOpen(null);

  async function confirmDelete(task: TTask) {
    if (await withToast(() => remove.mutateAsync(task.id), { success: TASK_MSG.deleted, error: TASK_MSG.deleteError })) close();
  }

  if (tasks.length === 0) {
    return (
      <EmptyState
        icon={<ClipboardList className="h-12 w-12" />}
        message={TASK_MSG.empty}
        action={isAdmin ? <Button icon={<Plus aria-hidden="true" className="h-4 w-4" />} onClick={onCreate}>{TASK_MSG.createFirst}</Button> : null}
      />
    );
  }
  return (
    <>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {tasks.map((t) => (
          <TaskCard key={t.id} task={t} isAdmin={isAdmin} onAction={(kind, task) => (kind === 'edit' ? onEdit(task) : setOpen({ kind, task }))} />
        ))}
      </div>
      {open?.kind === 'questions' ? <QuestionsModal clubId={clubId} task={open.task} onClose={close} /> : null}
      {open?.kind === 'answers' ? <AnswersModal clubId={clubId} task={open.task} onClose={close} /> : null}
      {open?.kind === 'subtasks' ? <SubtasksModal clubId={clubId} task={open.task} onClose={close} /> : null}
      {open?.kind === 'badges' ? <BadgesModal clubId={clubId} task={open.task} onClose={close} /> : null}
      <ConfirmDialog
        open={open?.kind === 'delete'}
        message={open ? `Excluir a tarefa "${open.task.title}"? Suas perguntas, subtarefas e vínculos de badges também serão excluídos.` : ''}
        loading={remove.isPending}
        onConfirm={() => open && void confirmDelete(open.task)}
        onCancel={close}
      />
    </>
  );
}
