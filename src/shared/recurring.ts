import { z } from 'zod';
import { isWithinProductYears } from './dates.js';
import { ZTaskTemplateRow, taskTemplateFields } from './tasks.js';
import { zOptionalWholeNumber, zWholeNumber } from './whole-number.js';

export const FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type TFrequency = (typeof FREQUENCIES)[number];
export const FREQUENCY_LABELS: Record<TFrequency, string> = { daily: 'Diária', weekly: 'Semanal', monthly: 'Mensal' };
/** The unit of `interval`, singular and plural ("a cada 2 semanas"). */
export const FREQUENCY_UNITS: Record<TFrequency, [string, string]> = {
  daily: ['dia', 'dias'],
  weekly: ['semana', 'semanas'],
  monthly: ['mês', 'meses'],
};

/** 0 = Sunday … 6 = Saturday (spec 3); the week starts on Sunday (spec 9). */
export const WEEKDAY_SHORT = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'] as const;
export const WEEKDAY_NAMES = ['Domingo', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado'] as const;

export const RECURRING_DEFAULTS = {
  frequency: 'daily' as TFrequency,
  interval: 1,
  days_of_week: [1, 2, 3, 4, 5],
  day_of_month: 1,
  generation_time: '00:00',
  duration_hours: 24,
};

/** A generation that falls far behind creates at most this many of the latest occurrences. */
export const MAX_CATCH_UP_OCCURRENCES = 10;

export const RECURRING_MSG = {
  titleRequired: 'Informe o título da tarefa recorrente',
  frequencyRequired: 'Selecione a frequência',
  intervalInvalid: 'O intervalo deve ser um número inteiro de pelo menos 1',
  weekdaysRequired: 'Selecione pelo menos um dia da semana',
  dayOfMonthInvalid: 'O dia do mês deve estar entre 1 e 31',
  timeRequired: 'Informe o horário de geração',
  durationInvalid: 'A duração deve ser um número inteiro de pelo menos 1 hora',
  startRequired: 'Informe a data de início',
  endBeforeStart: 'A data de término deve ser posterior à data de início.',
  created: 'Tarefa recorrente criada com sucesso!',
  updated: 'Tarefa recorrente atualizada com sucesso!',
  deleted: 'Tarefa recorrente excluída com sucesso!',
  activated: 'Tarefa recorrente ativada!',
  deactivated: 'Tarefa recorrente desativada!',
  saveError: 'Erro ao salvar tarefa recorrente. Tente novamente.',
  deleteError: 'Erro ao excluir tarefa recorrente.',
  confirmDelete: 'Isso não afetará tarefas já geradas',
  generated: (created: number) => (created === 1 ? '1 tarefa gerada agora.' : `${created} tarefas geradas agora.`),
  /** Nothing was due: every occurrence up to now already exists (generation is exactly once per occurrence). */
  nothingToGenerate: 'Nenhuma tarefa nova: as ocorrências até agora já foram geradas.',
  generateError: 'Erro ao gerar instâncias',
  notFound: 'Tarefa recorrente não encontrada',
  empty: 'Nenhuma tarefa recorrente cadastrada ainda.',
  never: 'Nunca',
  noEnd: 'Sem fim',
} as const;

/** A whole number ≥ 1 from a form field or JSON; '1.5' or '' is refused, not rounded. */
const zPositiveInt = (message: string, fallback: number) => zWholeNumber(message, { min: 1, max: 10_000 }).default(fallback);

/** Day of month 1–31; blank or null means none (it is used only by monthly tasks). */
const zDayOfMonth = zOptionalWholeNumber(RECURRING_MSG.dayOfMonthInvalid, { min: 1, max: 31 }, null);

const zDate = (message: string) => z.iso.date({ error: message }).refine(isWithinProductYears, message);

export const ZRecurringInput = z
  .object({
    ...taskTemplateFields(RECURRING_MSG.titleRequired),
    frequency: z.enum(FREQUENCIES, { error: RECURRING_MSG.frequencyRequired }).default(RECURRING_DEFAULTS.frequency),
    interval: zPositiveInt(RECURRING_MSG.intervalInvalid, RECURRING_DEFAULTS.interval),
    days_of_week: z.array(z.number().int().min(0).max(6)).max(7).nullish(),
    day_of_month: zDayOfMonth,
    generation_time: z
      .string({ error: RECURRING_MSG.timeRequired })
      .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, RECURRING_MSG.timeRequired)
      .transform((t) => (t.length === 5 ? `${t}:00` : t)),
    duration_hours: zPositiveInt(RECURRING_MSG.durationInvalid, RECURRING_DEFAULTS.duration_hours),
    start_date: zDate(RECURRING_MSG.startRequired),
    end_date: z
      .preprocess((v) => (v === '' || v === undefined ? null : v), zDate(RECURRING_MSG.endBeforeStart).nullable())
      .optional()
      .transform((v) => v ?? null),
    active: z.boolean().default(true),
  })
  .superRefine((r, ctx) => {
    if (r.frequency === 'weekly' && !(r.days_of_week && r.days_of_week.length > 0)) {
      ctx.addIssue({ code: 'custom', message: RECURRING_MSG.weekdaysRequired, path: ['days_of_week'] });
    }
    if (r.frequency === 'monthly' && r.day_of_month == null) {
      ctx.addIssue({ code: 'custom', message: RECURRING_MSG.dayOfMonthInvalid, path: ['day_of_month'] });
    }
    if (r.end_date && r.end_date < r.start_date) {
      ctx.addIssue({ code: 'custom', message: RECURRING_MSG.endBeforeStart, path: ['end_date'] });
    }
  })
  // Spec 7: days_of_week is null unless weekly, day_of_month null unless monthly.
  .transform((r) => ({
    ...r,
    days_of_week: r.frequency === 'weekly' ? [...new Set(r.days_of_week ?? [])].sort((a, b) => a - b) : null,
    day_of_month: r.frequency === 'monthly' ? r.day_of_month : null,
  }));
export type TRecurringInput = z.input<typeof ZRecurringInput>;
export type TRecurringValues = z.output<typeof ZRecurringInput>;

export const ZRecurringTask = ZTaskTemplateRow.extend({
  frequency: z.enum(FREQUENCIES),
  interval: z.number().int(),
  days_of_week: z.array(z.number().int()).nullable(),
  day_of_month: z.number().int().nullable(),
  generation_time: z.string(),
  duration_hours: z.number().int(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  active: z.boolean(),
  last_generated_date: z.string().nullable(),
  next_generation_date: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  generated_count: z.number().int(),
});
export type TRecurringTask = z.infer<typeof ZRecurringTask>;

export const ZSetActive = z.object({ active: z.boolean() });
export const ZGenerateResult = z.object({ created: z.number().int(), recurring_tasks: z.number().int() });
export type TGenerateResult = z.infer<typeof ZGenerateResult>;
