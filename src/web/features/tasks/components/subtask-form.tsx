import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { SUBTASK_DEFAULTS, SUBTASK_MSG, ZSubtaskInput, type TSubtask } from '@shared/tasks';
import { Form, useZodForm } from '../../../components/form';
import { Button } from '../../../components/ui/button';
import { CheckboxField, TextAreaField, TextField } from '../../../components/ui/field';
import { IntegerInput } from '../../../components/ui/integer-input';
import { useSaveSubtask } from '../api/save-subtask';

/** Create or edit one subtask: title required, points ≥ 0 (default 5), required by default. */
export function SubtaskForm({ clubId, taskId, subtask, onDone }: { clubId: string; taskId: string; subtask: TSubtask | null; onDone: () => void }) {
  const save = useSaveSubtask(clubId, taskId);
  const form = useZodForm(ZSubtaskInput, {
    defaultValues: {
      title: subtask?.title ?? '',
      description: subtask?.description ?? '',
      points: String(subtask?.points ?? SUBTASK_DEFAULTS.points),
      required: subtask?.required ?? SUBTASK_DEFAULTS.required,
    },
  });
  const { register, formState: { errors } } = form;

  async function onSubmit(input: z.output<typeof ZSubtaskInput>) {
    await save.mutateAsync({ input, id: subtask?.id });
    toast.success(SUBTASK_MSG.saved);
    onDone();
  }

  return (
    <Form form={form} onSubmit={onSubmit} fallback={SUBTASK_MSG.saveError} className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4" aria-label={subtask ? 'Editar subtarefa' : 'Nova subtarefa'}>
      <h3 className="font-semibold">{subtask ? 'Editar subtarefa' : 'Nova subtarefa'}</h3>
      <TextField label="Título da subtarefa" required error={errors.title?.message} {...register('title')} />
      <TextAreaField label="Descrição da subtarefa" rows={2} {...register('description')} />
      <IntegerInput label="Pontos da subtarefa" required error={errors.points?.message} {...register('points')} />
      <CheckboxField label="Obrigatória" {...register('required')} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>Cancelar</Button>
        <Button type="submit" loading={save.isPending}>Salvar subtarefa</Button>
      </div>
    </Form>
  );
}
