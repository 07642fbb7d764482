import { toast } from 'react-hot-toast';
import {
  TASK_DEFAULTS, TASK_MSG, TASK_TYPES, TASK_TYPE_DESCRIPTIONS, TASK_TYPE_LABELS, ZTaskInput, type TTask, type TTaskType, type TTaskValues,
} from '@shared/tasks';
import { Form, useZodForm } from '../../../components/form';
import { DateTimeInput } from '../../../components/ui/date-input';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { IntegerInput } from '../../../components/ui/integer-input';
import { FormModalFooter, Modal } from '../../../components/ui/modal';
import { fromLocalDateTimeInput, toLocalDateTimeInput } from '../../../lib/format';
import { useSaveTask } from '../api/save-task';

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
  const save = useSaveTask(clubId);
  const form = useZodForm(ZTaskInput, {
    defaultValues: initialValues(task),
    // Dates travel as ISO instants (spec 5).
    toInput: (v) => ({ ...v, available_date: fromLocalDateTimeInput(String(v.available_date ?? '')), due_date: fromLocalDateTimeInput(String(v.due_date ?? '')) }),
  });
  const { register, formState: { errors }, watch } = form;
  const type = (watch('type') ?? TASK_DEFAULTS.type) as TTaskType;

  async function onSubmit(input: TTaskValues) {
    await save.mutateAsync({ input, taskId: task?.id });
    toast.success(task ? TASK_MSG.updated : TASK_MSG.created);
    onClose();
  }

  return (
    <Modal open title={task ? 'Editar Tarefa' : 'Nova Tarefa'} onClose={onClose} size="lg" footer={<FormModalFooter formId="task-form" onCancel={onClose} pending={save.isPending} submitLabel={task ? 'Salvar' : 'Criar Tarefa'} />}>
      <Form id="task-form" form={form} onSubmit={onSubmit} fallback={TASK_MSG.saveError} aria-label={task ? 'Editar Tarefa' : 'Nova Tarefa'}>
        <TextField label="Título" required error={errors.title?.message} {...register('title')} />
        <TextAreaField label="Descrição" error={errors.description?.message} {...register('description')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Tipo" required error={errors.type?.message} {...register('type')}>
            {TASK_TYPES.map((t) => <option key={t} value={t}>{TASK_TYPE_LABELS[t]}</option>)}
          </SelectField>
          <IntegerInput label="Pontos" required error={errors.points?.message} {...register('points')} />
        </div>
        <p className="rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900" data-testid="type-explanation">
          <strong>{TASK_TYPE_LABELS[type]}:</strong> {TASK_TYPE_DESCRIPTIONS[type]}
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <DateTimeInput label="Disponível a partir de" error={errors.available_date?.message} {...register('available_date')} />
          <DateTimeInput label="Data limite" error={errors.due_date?.message} {...register('due_date')} />
        </div>
        {type === 'accumulative' ? (
          <IntegerInput label="Limite por dia" error={errors.daily_limit?.message} hint={TASK_MSG.dailyLimitHint} {...register('daily_limit')} />
        ) : null}
        <CheckboxField label="Tarefa ativa" {...register('active')} />
      </Form>
    </Modal>
  );
}
