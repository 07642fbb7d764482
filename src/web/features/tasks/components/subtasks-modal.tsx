import { SUBTASK_MSG, type TSubtask, type TTask } from '@shared/tasks';
import { Tag } from '../../../components/ui/tag';
import { useSubtasks } from '../api/list-subtasks';
import { useDeleteSubtask } from '../api/delete-subtask';
import { useReorderSubtasks } from '../api/reorder-subtasks';
import { OrderedListModal } from './ordered-list-modal';
import { SubtaskForm } from './subtask-form';
import { plural } from '@shared/plural';

function SubtaskItem({ s, index }: { s: TSubtask; index: number }) {
  return (
    <>
      <p className="font-medium"><span className="text-slate-500">{index + 1}.</span> {s.title}</p>
      {s.description ? <p className="text-sm text-slate-600">{s.description}</p> : null}
      <div className="mt-1 flex gap-1.5">
        <Tag tone="green">{plural(s.points, 'pt', 'pts')}</Tag>
        {s.required ? <Tag tone="red">Obrigatória</Tag> : <Tag>Opcional</Tag>}
      </div>
    </>
  );
}

/** A milestone's subtasks: numbered, with points and a 'required' tag; create/edit/delete/reorder. */
export function SubtasksModal({ clubId, task, onClose }: { clubId: string; task: TTask; onClose: () => void }) {
  return (
    <OrderedListModal<TSubtask>
      title={`Subtarefas — ${task.title}`}
      listLabel="Subtarefas"
      noun="subtarefa"
      emptyText="Nenhuma subtarefa cadastrada ainda."
      newLabel="Nova Subtarefa"
      messages={SUBTASK_MSG}
      query={useSubtasks(clubId, task.id)}
      remove={useDeleteSubtask(clubId, task.id)}
      reorder={useReorderSubtasks(clubId, task.id)}
      renderItem={(s, i) => <SubtaskItem s={s} index={i} />}
      renderForm={(s, done) => <SubtaskForm clubId={clubId} taskId={task.id} subtask={s} onDone={done} />}
      onClose={onClose}
    />
  );
}
