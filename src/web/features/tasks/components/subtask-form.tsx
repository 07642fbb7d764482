import { useState, type FormEvent } from 'react';
import { SUBTASK_DEFAULTS, SUBTASK_MSG, ZSubtaskInput, type TSubtask } from '@shared/tasks';
import { Button } from '../../../components/ui/button';
import { CheckboxField, TextAreaField, TextField } from '../../../components/ui/field';
import { IntegerInput } from '../../../components/ui/integer-input';
import { useSaveSubtask } from '../api/save-subtask';
import { fieldErrors, type FieldErrors } from './form-errors';
import { withToast } from './with-toast';

/** Create or edit one subtask: title required, points ≥ 0 (default 5), required by default. */
export function SubtaskForm({ clubId, taskId, subtask, onDone }: { clubId: string; taskId: string; subtask: TSubtask | null; onDone: () => void }) {
  const [title, setTitle] = useState(subtask?.title ?? '');
  const [description, setDescription] = useState(subtask?.description ?? '');
  const [points, setPoints] = useState(String(subtask?.points ?? SUBTASK_DEFAULTS.points));
  const [required, setRequired] = useState(subtask?.required ?? SUBTASK_DEFAULTS.required);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveSubtask(clubId, taskId);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = ZSubtaskInput.safeParse({ title, description, points, required });
    setErrors(parsed.success ? {} : fieldErrors(parsed.error));
    if (!parsed.success) return;
    if (await withToast(() => save.mutateAsync({ input: parsed.data, id: subtask?.id }), { success: SUBTASK_MSG.saved, error: SUBTASK_MSG.saveError })) onDone();
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4" aria-label={subtask ? 'Editar subtarefa' : 'Nova subtarefa'}>
      <h3 className="font-semibold">{subtask ? 'Editar subtarefa' : 'Nova subtarefa'}</h3>
      <TextField label="Título da subtarefa" required value={title} onChange={(e) => setTitle(e.target.value)} error={errors.title} />
      <TextAreaField label="Descrição da subtarefa" rows={2} value={description} onChange={(e) => setDescription(e.target.value)} />
      <IntegerInput label="Pontos da subtarefa" required value={points} onChange={(e) => setPoints(e.target.value)} error={errors.points} />
      <CheckboxField label="Obrigatória" checked={required} onChange={(e) => setRequired(e.target.checked)} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>Cancelar</Button>
        <Button type="submit" loading={save.isPending}>Salvar subtarefa</Button>
      </div>
    </form>
  );
}
