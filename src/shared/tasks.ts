import { z } from 'zod';
import { zId } from './ids.js';
import { isWithinProductYears } from './dates.js';
import { ZBadge } from './badges.js';
import { zOptionalWholeNumber, zWholeNumber } from './whole-number.js';

export const TASK_TYPES = ['check', 'quiz', 'form', 'accumulative', 'milestone', 'submission'] as const;
export type TTaskType = (typeof TASK_TYPES)[number];

export const TASK_TYPE_LABELS: Record<TTaskType, string> = {
  check: 'Confirmação',
  quiz: 'Quiz',
  form: 'Formulário',
  accumulative: 'Acumulativa',
  milestone: 'Marco',
  submission: 'Envio de material',
};

/** What each type means (spec 3), shown in the task form when the type is chosen. */
export const TASK_TYPE_DESCRIPTIONS: Record<TTaskType, string> = {
  check: 'Confirmação simples: o membro apenas marca a tarefa como feita.',
  quiz: 'Perguntas de múltipla escolha ou verdadeiro/falso, com respostas corretas.',
  form: 'Coleta respostas dos membros, sem certo ou errado.',
  accumulative: 'Pode ser concluída várias vezes e acumula pontos a cada conclusão.',
  milestone: 'Pontuação alta; pode ser dividida em subtarefas.',
  submission: 'Exige o envio de material (foto, vídeo, documento) e precisa de aprovação do admin.',
};

/** Types whose tasks carry questions (spec 2: the Questions button), and the type that carries subtasks. */
export const QUESTION_TASK_TYPES: readonly TTaskType[] = ['quiz', 'form'];
export const SUBTASK_TASK_TYPE: TTaskType = 'milestone';

export const TASK_DEFAULTS = { type: 'check' as TTaskType, points: 10, active: true };
export const SUBTASK_DEFAULTS = { points: 5, required: true };

export const TASK_MSG = {
  titleRequired: 'Informe o título da tarefa',
  typeRequired: 'Selecione o tipo da tarefa',
  pointsInvalid: 'Os pontos devem ser um número inteiro maior ou igual a 0',
  dateInvalid: 'Data inválida',
  dueBeforeAvailable: 'A data limite deve ser posterior à data de disponibilidade.',
  dailyLimitInvalid: 'O limite por dia deve ser um número inteiro entre 1 e 1000',
  dailyLimitHint: 'Quantas vezes cada membro pode concluir esta tarefa por dia. Deixe em branco para não limitar.',
  created: 'Tarefa criada com sucesso!',
  updated: 'Tarefa atualizada com sucesso!',
  deleted: 'Tarefa excluída com sucesso!',
  saveError: 'Erro ao salvar tarefa. Tente novamente.',
  deleteError: 'Erro ao excluir tarefa. Verifique se não há dados vinculados.',
  notFound: 'Tarefa não encontrada',
  orderInvalid: 'A nova ordem deve conter cada item da tarefa uma vez.',
  empty: 'Nenhuma tarefa cadastrada ainda.',
  createFirst: 'Criar Primeira Tarefa',
  noClub: 'Você ainda não participa de um clube para gerenciar tarefas.',
} as const;

export const QUESTION_MSG = {
  textRequired: 'Informe o texto da pergunta',
  typeRequired: 'Selecione o tipo da pergunta',
  optionsRequired: 'Informe ao menos duas opções',
  correctRequired: 'Selecione a resposta correta',
  saved: 'Pergunta salva com sucesso!',
  deleted: 'Pergunta excluída com sucesso!',
  saveError: 'Erro ao salvar pergunta. Tente novamente.',
  deleteError: 'Erro ao excluir pergunta.',
  confirmDelete: 'Tem certeza que deseja excluir esta pergunta?',
  wrongTaskType: 'Perguntas existem apenas em tarefas do tipo Quiz ou Formulário.',
  notFound: 'Pergunta não encontrada',
  badOrder: 'A nova ordem deve conter cada pergunta da tarefa uma vez.',
} as const;

export const SUBTASK_MSG = {
  titleRequired: 'Informe o título da subtarefa',
  pointsInvalid: 'Os pontos devem ser um número inteiro maior ou igual a 0',
  saved: 'Subtarefa salva com sucesso!',
  deleted: 'Subtarefa excluída com sucesso!',
  saveError: 'Erro ao salvar subtarefa. Tente novamente.',
  deleteError: 'Erro ao excluir subtarefa.',
  confirmDelete: 'Tem certeza que deseja excluir esta subtarefa?',
  wrongTaskType: 'Subtarefas existem apenas em tarefas do tipo Marco.',
  notFound: 'Subtarefa não encontrada',
  badOrder: 'A nova ordem deve conter cada subtarefa da tarefa uma vez.',
} as const;

export const TASK_BADGE_MSG = {
  linkError: 'Erro ao vincular badge.',
  unlinkError: 'Erro ao desvincular badge.',
  // Clubs create their own badges (issue 19); the key keeps its name for the screens that use it.
  askSuperAdmin: 'Nenhum badge disponível. Crie os badges do clube no menu Badges.',
  badgeUnavailable: 'Badge não encontrado ou inativo.',
  alreadyLinked: 'Este badge já está vinculado à tarefa.',
  notLinked: 'Este badge não está vinculado à tarefa.',
} as const;

/** Points of a task, subtask or recurring task: a whole number ≥ 0; omitted means the default. */
export const zPoints = (message: string, fallback: number) => zWholeNumber(message, { min: 0, max: 1_000_000 }).default(fallback);

const zOptionalText = z
  .string()
  .trim()
  .max(5000)
  .nullish()
  .transform((v) => (v ? v : null));

/** An ISO instant, or null when empty. */
const zOptionalInstant = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.iso.datetime({ offset: true, error: TASK_MSG.dateInvalid }).refine(isWithinProductYears, TASK_MSG.dateInvalid).nullable(),
)
  .optional()
  .transform((v) => v ?? null);

/** The fields a task and a recurring task (the template of its tasks) both take. */
export function taskTemplateFields(titleRequired: string) {
  return {
    title: z.string({ error: titleRequired }).trim().min(1, titleRequired).max(200),
    description: zOptionalText,
    type: z.enum(TASK_TYPES, { error: TASK_MSG.typeRequired }).default(TASK_DEFAULTS.type),
    points: zPoints(TASK_MSG.pointsInvalid, TASK_DEFAULTS.points),
  };
}

/** 'Limite por dia' of an accumulative task: empty means no cap. */
export const DAILY_LIMIT_MAX = 1000;
/** 'Limite por dia': blank is no limit; anything else a whole number in [1, DAILY_LIMIT_MAX]. */
const zDailyLimit = zOptionalWholeNumber(TASK_MSG.dailyLimitInvalid, { min: 1, max: DAILY_LIMIT_MAX }, null);

export const ZTaskInput = z
  .object({
    ...taskTemplateFields(TASK_MSG.titleRequired),
    available_date: zOptionalInstant,
    due_date: zOptionalInstant,
    active: z.boolean().default(TASK_DEFAULTS.active),
    daily_limit: zDailyLimit,
  })
  .refine((t) => !t.available_date || !t.due_date || Date.parse(t.due_date) >= Date.parse(t.available_date), {
    message: TASK_MSG.dueBeforeAvailable,
    path: ['due_date'],
  })
  // Only accumulative tasks are done more than once a day: any other type keeps no cap.
  .transform((t) => ({ ...t, daily_limit: t.type === 'accumulative' ? t.daily_limit : null }));
export type TTaskInput = z.input<typeof ZTaskInput>;
export type TTaskValues = z.output<typeof ZTaskInput>;

/** The columns a task and a recurring task both have. */
export const ZTaskTemplateRow = z.object({
  id: z.string(),
  club_id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  type: z.enum(TASK_TYPES),
  points: z.number().int(),
});

export const ZTask = ZTaskTemplateRow.extend({
  available_date: z.string().nullable(),
  due_date: z.string().nullable(),
  active: z.boolean(),
  daily_limit: z.number().int().nullable(),
  recurring_task_id: z.string().nullable(),
  occurrence_start: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  question_count: z.number().int(),
  subtask_count: z.number().int(),
  badge_count: z.number().int(),
});
export type TTask = z.infer<typeof ZTask>;

// Questions ----------------------------------------------------------------------------------

export const ANSWER_TYPES = ['multiple_choice', 'single_choice', 'free_text'] as const;
export type TAnswerType = (typeof ANSWER_TYPES)[number];
export const ANSWER_TYPE_LABELS: Record<TAnswerType, string> = {
  multiple_choice: 'Múltipla escolha',
  single_choice: 'Verdadeiro ou Falso',
  free_text: 'Texto livre',
};
/** single_choice is a true/false question: its two options are fixed (spec 5). */
export const TRUE_FALSE_OPTIONS = ['Verdadeiro', 'Falso'] as const;
export const DEFAULT_OPTION_COUNT = 4;

/** The options a question keeps: fixed for true/false, none for free text, non-blank ones otherwise. */
export function cleanOptions(answerType: TAnswerType, options: readonly string[] | null | undefined): string[] | null {
  if (answerType === 'free_text') return null;
  if (answerType === 'single_choice') return [...TRUE_FALSE_OPTIONS];
  return (options ?? []).map((o) => o.trim()).filter((o) => o.length > 0);
}

export const ZQuestionInput = z
  .object({
    text: z.string({ error: QUESTION_MSG.textRequired }).trim().min(1, QUESTION_MSG.textRequired).max(2000),
    answer_type: z.enum(ANSWER_TYPES, { error: QUESTION_MSG.typeRequired }),
    options: z.array(z.string().max(500)).max(20).nullish(),
    correct_answer: z.string().max(500).nullish(),
  })
  .superRefine((q, ctx) => {
    if (q.answer_type === 'free_text') return;
    const options = cleanOptions(q.answer_type, q.options) ?? [];
    if (options.length < 2) ctx.addIssue({ code: 'custom', message: QUESTION_MSG.optionsRequired, path: ['options'] });
    // The right answer depends on the task: a quiz's question needs one (quizAnswerIssue), a form's has none.
  })
  .transform((q) => ({
    text: q.text,
    answer_type: q.answer_type,
    options: cleanOptions(q.answer_type, q.options),
    correct_answer: q.answer_type === 'free_text' ? null : (q.correct_answer?.trim() ?? null),
  }));
export type TQuestionInput = z.input<typeof ZQuestionInput>;

/** What members answered to a quiz's or form's questions (leaders who manage tasks read it). */
export const ZFormAnswers = z.object({
  task_title: z.string(),
  questions: z.array(z.object({ id: z.string(), text: z.string() })),
  rows: z.array(z.object({ profile_id: z.string(), full_name: z.string(), answered_at: z.string(), answers: z.record(z.string(), z.string()) })),
});
export type TFormAnswers = z.infer<typeof ZFormAnswers>;

/** A quiz's choice question needs its right answer among the options; null when it has one (or needs none). */
export function quizAnswerIssue(q: { answer_type: TAnswerType; options?: string[] | null; correct_answer?: string | null }): string | null {
  if (q.answer_type === 'free_text') return null;
  const correct = q.correct_answer?.trim() ?? '';
  return correct && (cleanOptions(q.answer_type, q.options) ?? []).includes(correct) ? null : QUESTION_MSG.correctRequired;
}

export const ZQuestion = z.object({
  id: z.string(),
  task_id: z.string(),
  text: z.string(),
  answer_type: z.enum(ANSWER_TYPES),
  options: z.array(z.string()).nullable(),
  /** Absent for members: only admins see the right answer. */
  correct_answer: z.string().nullable().optional(),
  order_position: z.number().int(),
});
export type TQuestion = z.infer<typeof ZQuestion>;

// Subtasks -----------------------------------------------------------------------------------

export const ZSubtaskInput = z.object({
  title: z.string({ error: SUBTASK_MSG.titleRequired }).trim().min(1, SUBTASK_MSG.titleRequired).max(200),
  description: zOptionalText,
  points: zPoints(SUBTASK_MSG.pointsInvalid, SUBTASK_DEFAULTS.points),
  required: z.boolean().default(SUBTASK_DEFAULTS.required),
});
export type TSubtaskInput = z.input<typeof ZSubtaskInput>;

export const ZSubtask = z.object({
  id: z.string(),
  parent_task_id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  points: z.number().int(),
  required: z.boolean(),
  order_position: z.number().int(),
});
export type TSubtask = z.infer<typeof ZSubtask>;

/** A new order for a task's questions or subtasks: every id once, first to last. */
export const ZReorder = z.object({ ids: z.array(zId(TASK_MSG.orderInvalid)).min(1).max(500) });
export type TReorder = z.infer<typeof ZReorder>;

// Task badges --------------------------------------------------------------------------------

/** The badge fields a task's badge list shows. */
export const ZBadgeSummary = ZBadge.pick({ id: true, name: true, description: true, icon_svg: true, rarity: true, points: true });
export type TBadgeSummary = z.infer<typeof ZBadgeSummary>;

export const ZTaskBadge = z.object({
  id: z.string(),
  task_id: z.string(),
  badge_id: z.string(),
  created_at: z.string(),
  badge: ZBadgeSummary,
});
export type TTaskBadge = z.infer<typeof ZTaskBadge>;

export const ZLinkBadge = z.object({ badge_id: zId(TASK_BADGE_MSG.badgeUnavailable) });
