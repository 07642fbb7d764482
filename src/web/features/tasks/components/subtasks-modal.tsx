import { useState, type FormEvent } from 'react';
import { toast } from 'react-hot-toast';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { SUBTASK_DEFAULTS, SUBTASK_MSG, ZSubtaskInput, type TSubtask, type TTask } from '@shared/tasks';
import { Button, IconButton } from '../../../components/ui/button';
import { CheckboxField, TextAreaField, TextField } from '../../../components/ui/field';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { Tag } from '../../../components/ui/tag';
import { useSubtasks } from '../api/list-subtasks';
import { useSaveSubtask } from '../api/save-subtask';
import { useDeleteSubtask } from '../api/delete-subtask';
import { useReorderSubtasks } from '../api/reorder-subtasks';
import { fieldErrors, type FieldErrors } from './form-errors';
import { ReorderButtons } from './reorder-buttons';

function SubtaskForm({ clubId, taskId, subtask, onDone }: { clubId: string; taskId: string; subtask: TSubtask | null; onDone: () => void }) {
  const [title, setTitle] = useState(subtask?.title ?? '');
  const [description, setDescription] = useState(subtask?.description ?? '');
  const [points, setPoints] = useState(String(subtask?.points ?? SUBTASK_DEFAULTS.points));
  const [required, setRequired] = useState(subtask?.required ?? SUBTASK_DEFAULTS.required);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveSubtask(clubId, taskId);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = ZSubtaskInput.safeParse({ title, description, points, required });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ input: parsed.data, id: subtask?.id });
      toast.success(SUBTASK_MSG.saved);
      onDone();
    } catch {
      toast.error(SUBTASK_MSG.saveError);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4" aria-label={subtask ? 'Editar subtarefa' : 'Nova subtarefa'}>
      <h3 className="font-semibold">{subtask ? 'Editar subtarefa' : 'Nova subtarefa'}</h3>
      <TextField label="Título da subtarefa" required value={title} onChange={(e) => setTitle(e.target.value)} error={errors.title} />
      <TextAreaField label="Descrição da subtarefa" rows={2} value={description} onChange={(e) => setDescription(e.target.value)} />
      <TextField label="Pontos da subtarefa" required type="number" min={0} step={1} value={points} onChange={(e) => setPoints(e.target.value)} error={errors.points} />
      <CheckboxField label="Obrigatória" checked={required} onChange={(e) => setRequired(e.target.checked)} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>Cancelar</Button>
        <Button type="submit" loading={save.isPending}>Salvar subtarefa</Button>
      </div>
    </form>
  );
}

/** A milestone's subtasks: numbered, with points and a 'required' tag; create/edit/delete/reorder. */
export function SubtasksModal({ clubId, task, onClose }: { clubId: string; task: TTask; onClose: () => void }) {
  const subtasks = useSubtasks(clubId, task.id);
  const remove = useDeleteSubtask(clubId, task.id);
  const reorder = useReorderSubtasks(clubId, task.id);
  const [editing, setEditing] = useState<TSubtask | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TSubtask | null>(null);
  const list = subtasks.data ?? [];
  const ids = list.map((s) => s.id);

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(SUBTASK_MSG.deleted);
      setDeleting(null);
    } catch {
      toast.error(SUBTASK_MSG.deleteError);
    }
  }

  return (
    <Modal open title={`Subtarefas — ${task.title}`} onClose={onClose} size="lg" footer={<Button onClick={onClose}>Concluído</Button>}>
      <div className="space-y-4">
        {subtasks.isLoading ? <Spinner /> : null}
        {subtasks.isSuccess && list.length === 0 ? <p className="text-slate-600">Nenhuma subtarefa cadastrada ainda.</p> : null}
        <ol className="space-y-2" aria-label="Subtarefas">
          {list.map((s, i) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3">
              <div>
                <p className="font-medium"><span className="text-slate-500">{i + 1}.</span> {s.title}</p>
                {s.description ? <p className="text-sm text-slate-600">{s.description}</p> : null}
                <div className="mt-1 flex gap-1.5">
                  <Tag tone="green">{s.points} pts</Tag>
                  {s.required ? <Tag tone="red">Obrigatória</Tag> : <Tag>Opcional</Tag>}
                </div>
              </div>
              <div className="flex items-center">
                <ReorderButtons ids={ids} index={i} label={`subtarefa ${i + 1}`} disabled={reorder.isPending} onReorder={(next) => reorder.mutate(next, { onError: () => toast.error(SUBTASK_MSG.saveError) })} />
                <IconButton label={`Editar subtarefa ${i + 1}`} icon={<Pencil className="h-4 w-4" />} onClick={() => setEditing(s)} />
                <IconButton label={`Excluir subtarefa ${i + 1}`} icon={<Trash2 className="h-4 w-4 text-red-700" />} onClick={() => setDeleting(s)} />
              </div>
            </li>
          ))}
        </ol>
        {editing ? (
          <SubtaskForm key={editing === 'new' ? 'new' : editing.id} clubId={clubId} taskId={task.id} subtask={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        ) : (
          <Button variant="secondary" icon={<Plus aria-hidden="true" className="h-4 w-4" />} onClick={() => setEditing('new')}>Nova Subtarefa</Button>
        )}
      </div>
      <ConfirmDialog open={deleting !== null} message={SUBTASK_MSG.confirmDelete} loading={remove.isPending} onConfirm={confirmDelete} onCancel={() => setDeleting(null)} />
    </Modal>
  );
}
