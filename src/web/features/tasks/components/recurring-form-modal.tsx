import { useState, type FormEvent } from 'react';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import {
  FREQUENCIES, FREQUENCY_LABELS, FREQUENCY_UNITS, RECURRING_DEFAULTS, RECURRING_MSG, WEEKDAY_NAMES, ZRecurringInput,
  type TFrequency, type TRecurringTask,
} from '@shared/recurring';
import { TASK_DEFAULTS, TASK_TYPES, TASK_TYPE_DESCRIPTIONS, TASK_TYPE_LABELS, type TTaskType } from '@shared/tasks';
import { Button } from '../../../components/ui/button';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { DateInput, TimeInput } from '../../../components/ui/date-input';
import { IntegerInput } from '../../../components/ui/integer-input';
import { Modal } from '../../../components/ui/modal';
import { useSaveRecurringTask } from '../api/save-recurring-task';
import { fieldErrors, type FieldErrors } from './form-errors';
import { withToast } from './with-toast';
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
  const [values, setValues] = useState<Values>(() => initialValues(rt, timeZone));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveRecurringTask(clubId);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const toggleDay = (d: number) =>
    set('days_of_week', values.days_of_week.includes(d) ? values.days_of_week.filter((x) => x !== d) : [...values.days_of_week, d].sort());

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = ZRecurringInput.safeParse({ ...values, day_of_month: values.frequency === 'monthly' ? values.day_of_month : null });
    setErrors(parsed.success ? {} : fieldErrors(parsed.error));
    if (!parsed.success) return;
    if (await withToast(() => save.mutateAsync({ input: parsed.data, id: rt?.id }), { success: rt ? RECURRING_MSG.updated : RECURRING_MSG.created, error: RECURRING_MSG.saveError })) onClose();
  }

  const unit = FREQUENCY_UNITS[values.frequency];
  return (
    <Modal open title={rt ? 'Editar Tarefa Recorrente' : 'Nova Tarefa Recorrente'} onClose={onClose} size="lg">
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={rt ? 'Editar Tarefa Recorrente' : 'Nova Tarefa Recorrente'}>
        <TextField label="Título" required value={values.title} onChange={(e) => set('title', e.target.value)} error={errors.title} />
        <TextAreaField label="Descrição" value={values.description} onChange={(e) => set('description', e.target.value)} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Tipo" required value={values.type} onChange={(e) => set('type', e.target.value as TTaskType)} hint={TASK_TYPE_DESCRIPTIONS[values.type]}>
            {TASK_TYPES.map((t) => <option key={t} value={t}>{TASK_TYPE_LABELS[t]}</option>)}
          </SelectField>
          <IntegerInput label="Pontos" required value={values.points} onChange={(e) => set('points', e.target.value)} error={errors.points} />
          <SelectField label="Frequência" required value={values.frequency} onChange={(e) => set('frequency', e.target.value as TFrequency)} error={errors.frequency}>
            {FREQUENCIES.map((f) => <option key={f} value={f}>{FREQUENCY_LABELS[f]}</option>)}
          </SelectField>
          <IntegerInput label={`Intervalo (em ${unit[1]})`} required value={values.interval} onChange={(e) => set('interval', e.target.value)} error={errors.interval} />
        </div>
        {values.frequency === 'weekly' ? (
          <fieldset aria-describedby={errors.days_of_week ? 'weekday-error' : undefined}>
            <legend className="mb-1 text-sm font-medium text-slate-800">Dias da semana</legend>
            <div className="flex flex-wrap gap-3">
              {WEEKDAY_NAMES.map((name, d) => (
                <CheckboxField key={name} label={name} checked={values.days_of_week.includes(d)} onChange={() => toggleDay(d)} />
              ))}
            </div>
            {errors.days_of_week ? <p id="weekday-error" role="alert" className="mt-1 text-sm text-red-700">{errors.days_of_week}</p> : null}
          </fieldset>
        ) : null}
        {values.frequency === 'monthly' ? (
          <IntegerInput label="Dia do mês" required value={values.day_of_month} onChange={(e) => set('day_of_month', e.target.value)} error={errors.day_of_month} hint="Em meses mais curtos, o último dia do mês." />
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TimeInput label="Horário de geração" required value={values.generation_time} onChange={(e) => set('generation_time', e.target.value)} error={errors.generation_time} hint={`Horário do clube (${timezoneLabel(timeZone)}).`} />
          <IntegerInput label="Duração (horas)" required value={values.duration_hours} onChange={(e) => set('duration_hours', e.target.value)} error={errors.duration_hours} />
          <DateInput label="Data de início" required value={values.start_date} onChange={(e) => set('start_date', e.target.value)} error={errors.start_date} />
          <DateInput label="Data de término (opcional)" value={values.end_date} onChange={(e) => set('end_date', e.target.value)} error={errors.end_date} />
        </div>
        <CheckboxField label="Tarefa recorrente ativa" checked={values.active} onChange={(e) => set('active', e.target.checked)} />
        <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>Cancelar</Button>
          <Button type="submit" loading={save.isPending}>{rt ? 'Salvar' : 'Criar Tarefa Recorrente'}</Button>
        </div>
      </form>
    </Modal>
  );
}
