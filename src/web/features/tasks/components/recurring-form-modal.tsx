import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import {
  FREQUENCIES, FREQUENCY_LABELS, FREQUENCY_UNITS, RECURRING_DEFAULTS, RECURRING_MSG, WEEKDAY_NAMES, ZRecurringInput,
  type TFrequency, type TRecurringTask,
} from '@shared/recurring';
import { TASK_DEFAULTS, TASK_TYPES, TASK_TYPE_DESCRIPTIONS, TASK_TYPE_LABELS, type TTaskType } from '@shared/tasks';
import { Form, useZodForm } from '../../../components/form';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { DateInput, TimeInput } from '../../../components/ui/date-input';
import { IntegerInput } from '../../../components/ui/integer-input';
import { FormModalFooter, Modal } from '../../../components/ui/modal';
import { useSaveRecurringTask } from '../api/save-recurring-task';
import { timezoneLabel } from '@shared/timezones';

interface Values {
  title: string;
  description: string;
  type: TTaskType;
  points: string;
  frequency: TFrequency;
  interval: string;
  days_of_week: number[];
  day_of_month: string;
  generation_time: string;
  duration_hours: string;
  start_date: string;
  end_date: string;
  active: boolean;
}

function initialValues(rt: TRecurringTask | null, timeZone: string): Values {
  return {
    title: rt?.title ?? '',
    description: rt?.description ?? '',
    type: rt?.type ?? TASK_DEFAULTS.type,
    points: String(rt?.points ?? TASK_DEFAULTS.points),
    frequency: rt?.frequency ?? RECURRING_DEFAULTS.frequency,
    interval: String(rt?.interval ?? RECURRING_DEFAULTS.interval),
    days_of_week: rt?.days_of_week ?? RECURRING_DEFAULTS.days_of_week,
    day_of_month: String(rt?.day_of_month ?? RECURRING_DEFAULTS.day_of_month),
    generation_time: rt?.generation_time.slice(0, 5) ?? RECURRING_DEFAULTS.generation_time,
    duration_hours: String(rt?.duration_hours ?? RECURRING_DEFAULTS.duration_hours),
    // "Today" is the club's today: the schedule runs on the club's clock.
    start_date: rt?.start_date ?? format(new TZDate(Date.now(), timeZone), 'yyyy-MM-dd'),
    end_date: rt?.end_date ?? '',
    active: rt?.active ?? true,
  };
}

/** Create or edit a recurring task (spec 5 and 9). */
export function RecurringFormModal({ clubId, timeZone, rt, onClose }: { clubId: string; timeZone: string; rt: TRecurringTask | null; onClose: () => void }) {
  const save = useSaveRecurringTask(clubId);
  const form = useZodForm(ZRecurringInput, {
    defaultValues: initialValues(rt, timeZone),
    toInput: (v) => ({ ...v, day_of_month: v.frequency === 'monthly' ? v.day_of_month : null }),
  });
  const { register, formState: { errors }, watch, setValue } = form;
  const type = (watch('type') ?? TASK_DEFAULTS.type) as TTaskType;
  const frequency = (watch('frequency') ?? RECURRING_DEFAULTS.frequency) as TFrequency;
  const days = (watch('days_of_week') ?? []) as number[];
  const toggleDay = (d: number) =>
    setValue('days_of_week', days.includes(d) ? days.filter((x) => x !== d) : [...days, d].sort(), { shouldValidate: form.formState.isSubmitted });

  async function onSubmit(input: z.output<typeof ZRecurringInput>) {
    await save.mutateAsync({ input, id: rt?.id });
    toast.success(rt ? RECURRING_MSG.updated : RECURRING_MSG.created);
    onClose();
  }

  const unit = FREQUENCY_UNITS[frequency];
  return (
    <Modal open title={rt ? 'Editar Tarefa Recorrente' : 'Nova Tarefa Recorrente'} onClose={onClose} size="lg" footer={<FormModalFooter formId="recurring-form" onCancel={onClose} pending={save.isPending} submitLabel={rt ? 'Salvar' : 'Criar Tarefa Recorrente'} />}>
      <Form id="recurring-form" form={form} onSubmit={onSubmit} fallback={RECURRING_MSG.saveError} aria-label={rt ? 'Editar Tarefa Recorrente' : 'Nova Tarefa Recorrente'}>
        <TextField label="Título" required error={errors.title?.message} {...register('title')} />
        <TextAreaField label="Descrição" {...register('description')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Tipo" required hint={TASK_TYPE_DESCRIPTIONS[type]} {...register('type')}>
            {TASK_TYPES.map((t) => <option key={t} value={t}>{TASK_TYPE_LABELS[t]}</option>)}
          </SelectField>
          <IntegerInput label="Pontos" required error={errors.points?.message} {...register('points')} />
          <SelectField label="Frequência" required error={errors.frequency?.message} {...register('frequency')}>
            {FREQUENCIES.map((f) => <option key={f} value={f}>{FREQUENCY_LABELS[f]}</option>)}
          </SelectField>
          <IntegerInput label={`Intervalo (em ${unit[1]})`} required error={errors.interval?.message} {...register('interval')} />
        </div>
        {frequency === 'weekly' ? (
          <fieldset aria-describedby={errors.days_of_week ? 'weekday-error' : undefined}>
            <legend className="mb-1 text-sm font-medium text-slate-800">Dias da semana</legend>
            <div className="flex flex-wrap gap-3">
              {WEEKDAY_NAMES.map((name, d) => (
                <CheckboxField key={name} label={name} checked={days.includes(d)} onChange={() => toggleDay(d)} />
              ))}
            </div>
            {errors.days_of_week ? <p id="weekday-error" role="alert" className="mt-1 text-sm text-red-700">{errors.days_of_week.message}</p> : null}
          </fieldset>
        ) : null}
        {frequency === 'monthly' ? (
          <IntegerInput label="Dia do mês" required error={errors.day_of_month?.message} hint="Em meses mais curtos, o último dia do mês." {...register('day_of_month')} />
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TimeInput label="Horário de geração" required error={errors.generation_time?.message} hint={`Horário do clube (${timezoneLabel(timeZone)}).`} {...register('generation_time')} />
          <IntegerInput label="Duração (horas)" required error={errors.duration_hours?.message} {...register('duration_hours')} />
          <DateInput label="Data de início" required error={errors.start_date?.message} {...register('start_date')} />
          <DateInput label="Data de término (opcional)" error={errors.end_date?.message} {...register('end_date')} />
        </div>
        <CheckboxField label="Tarefa recorrente ativa" {...register('active')} />
      </Form>
    </Modal>
  );
}
