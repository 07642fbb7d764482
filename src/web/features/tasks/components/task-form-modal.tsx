import { useState, type FormEvent } from 'react';
import {
  TASK_DEFAULTS, TASK_MSG, TASK_TYPES, TASK_TYPE_DESCRIPTIONS, TASK_TYPE_LABELS, ZTaskInput, type TTask, type TTaskType,
} from '@shared/tasks';
import { Button } from '../../../components/ui/button';
import { DateTimeInput } from '../../../components/ui/date-input';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { IntegerInput } from '../../../components/ui/integer-input';
import { Modal } from '../../../components/ui/modal';
import { fromLocalDateTimeInput, toLocalDateTimeInput } from '../../../lib/format';
import { useSaveTask } from '../api/save-task';
import { fieldErrors, type FieldErrors } from './form-errors';
import { withToast } from './with-toast';

interface Values {
  title: string;
  description: string;
  type: TTaskType;
  points: string;
  available_date: string;
  due_date: string;
  active: boolean;
  daily_limit: string;
}

function initialValues(task: TTask | null): Values {
  return {
    title: task?.title ?? '',
    description: task?.description ?? '',
    type: task?.type ?? TASK_DEFAULTS.type,
    points: String(task?.points ?? TASK_DEFAULTS.points),
    // Shown back as local date-time for editing (spec 5).
    available_date: toLocalDateTimeInput(task?.available_date),
    due_date: toLocalDateTimeInput(task?.due_date),
    active: task?.active ?? TASK_DEFAULTS.active,
    daily_limit: task?.daily_limit ? String(task.daily_limit) : '',
  };
}

/** Create or edit a task; the chosen type is explained under the select. */
export function TaskFormModal({ clubId, task, onClose }: { clubId: string; task: TTask | null; onClose: () => void }) {
  const [values, setValues] = useState<Values>(() => initialValues(task));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveTask(clubId);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const payload = {
      ...values,
      // Dates travel as ISO instants (spec 5).
      available_date: fromLocalDateTimeInput(values.available_date),
      due_date: fromLocalDateTimeInput(values.due_date),
    };
    const parsed = ZTaskInput.safeParse(payload);
    setErrors(parsed.success ? {} : fieldErrors(parsed.error));
    if (!parsed.success) return;
    if (await withToast(() => save.mutateAsync({ input: parsed.data, taskId: task?.id }), { success: task ? TASK_MSG.updated : TASK_MSG.created, error: TASK_MSG.saveError })) onClose();
  }

  return (
    <Modal open title={task ? 'Editar Tarefa' : 'Nova Tarefa'} onClose={onClose} size="lg">
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={task ? 'Editar Tarefa' : 'Nova Tarefa'}>
        <TextField label="Título" required value={values.title} onChange={(e) => set('title', e.target.value)} error={errors.title} />
        <TextAreaField label="Descrição" value={values.description} onChange={(e) => set('description', e.target.value)} error={errors.description} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Tipo" required value={values.type} onChange={(e) => set('type', e.target.value as TTaskType)} error={errors.type}>
            {TASK_TYPES.map((t) => <option key={t} value={t}>{TASK_TYPE_LABELS[t]}</option>)}
          </SelectField>
          <IntegerInput label="Pontos" required value={values.points} onChange={(e) => set('points', e.target.value)} error={errors.points} />
        </div>
        <p className="rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900" data-testid="type-explanation">
          <strong>{TASK_TYPE_LABELS[values.type]}:</strong> {TASK_TYPE_DESCRIPTIONS[values.type]}
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <DateTimeInput label="Disponível a partir de" value={values.available_date} onChange={(e) => set('available_date', e.target.value)} error={errors.available_date} />
          <DateTimeInput label="Data limite" value={values.due_date} onChange={(e) => set('due_date', e.target.value)} error={errors.due_date} />
        </div>
        {values.type === 'accumulative' ? (
          <IntegerInput
            label="Limite por dia"
            value={values.daily_limit}
            onChange={(e) => set('daily_limit', e.target.value)}
            error={errors.daily_limit}
            hint={TASK_MSG.dailyLimitHint}
          />
        ) : null}
        <CheckboxField label="Tarefa ativa" checked={values.active} onChange={(e) => set('active', e.target.checked)} />
        <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>Cancelar</Button>
          <Button type="submit" loading={save.isPending}>{task ? 'Salvar' : 'Criar Tarefa'}</Button>
        </div>
      </form>
    </Modal>
  );
}
