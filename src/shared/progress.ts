import { z } from 'zod';
import { zId } from './ids.js';
import { zWholeNumber } from './whole-number.js';
import { ZPageQuery } from './pagination.js';
import { TASK_TYPES, type TTaskType } from './tasks.js';

export { TASK_TYPES, type TTaskType };

export const ASSIGNMENT_STATUSES = ['pending', 'submitted', 'approved', 'rejected', 'completed'] as const;
export type TAssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];
export const ASSIGNMENT_STATUS_LABEL: Record<TAssignmentStatus, string> = {
  pending: 'Em andamento',
  submitted: 'Aguardando aprovação',
  approved: 'Aprovada',
  rejected: 'Rejeitada',
  completed: 'Concluída',
};

/** Evidence accepted for submission tasks: checked by the file's bytes, not its name. */
export const EVIDENCE_MAX_BYTES = 20 * 1024 * 1024;
export const EVIDENCE_MAX_LABEL = '20 MB';
/**
 * Evidence types (issue 21): an allowlist keyed by the type the bytes show (`file-type`'s extension),
 * each with the file-name extensions it may arrive under. Office and OpenDocument files are zips:
 * `file-type` names them only after reading `[Content_Types].xml` or the `mimetype` entry, so a
 * plain zip (or anything else packed in one) is not on the list. Old binary Office files (.doc) are
 * not either: their container (CFB) is the same as an installer's (.msi).
 */
export const EVIDENCE_TYPES: Record<string, { kind: 'image' | 'document' | 'audio' | 'video'; names: readonly string[] }> = {
  png: { kind: 'image', names: ['png'] },
  apng: { kind: 'image', names: ['png', 'apng'] },
  jpg: { kind: 'image', names: ['jpg', 'jpeg', 'jfif'] },
  gif: { kind: 'image', names: ['gif'] },
  webp: { kind: 'image', names: ['webp'] },
  heic: { kind: 'image', names: ['heic', 'heif'] },
  pdf: { kind: 'document', names: ['pdf'] },
  docx: { kind: 'document', names: ['docx'] },
  xlsx: { kind: 'document', names: ['xlsx'] },
  pptx: { kind: 'document', names: ['pptx'] },
  odt: { kind: 'document', names: ['odt'] },
  ods: { kind: 'document', names: ['ods'] },
  odp: { kind: 'document', names: ['odp'] },
  mp3: { kind: 'audio', names: ['mp3'] },
  m4a: { kind: 'audio', names: ['m4a'] },
  ogg: { kind: 'audio', names: ['ogg', 'oga', 'opus'] },
  oga: { kind: 'audio', names: ['ogg', 'oga', 'opus'] },
  opus: { kind: 'audio', names: ['ogg', 'oga', 'opus'] },
  wav: { kind: 'audio', names: ['wav'] },
  mp4: { kind: 'video', names: ['mp4', 'm4v', 'm4a'] },
  mov: { kind: 'video', names: ['mov', 'qt'] },
  webm: { kind: 'video', names: ['webm'] },
};

/** The lower-case extension of a file name ('' when it has none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Whether bytes detected as `detectedExt` may be accepted under the name `filename`. */
export function isAcceptedEvidence(detectedExt: string, filename: string): boolean {
  const type = Object.hasOwn(EVIDENCE_TYPES, detectedExt) ? EVIDENCE_TYPES[detectedExt] : undefined;
  return Boolean(type && type.names.includes(fileExtension(filename)));
}

/** For the file input's accept attribute. */
export const EVIDENCE_ACCEPT = [...new Set(Object.values(EVIDENCE_TYPES).flatMap((t) => t.names))].map((e) => `.${e}`).join(',');
export const EVIDENCE_TYPES_LABEL = 'imagens (PNG, JPEG, GIF, WEBP ou HEIC), PDF, documentos do Office ou OpenDocument (DOCX, XLSX, PPTX, ODT, ODS ou ODP), áudios (MP3, M4A, OGG ou WAV) e vídeos (MP4, MOV ou WEBM)';

export const PROGRESS_MSG = {
  selfAdjustment: 'Você não pode ajustar os próprios pontos. Peça a outro líder do clube.',
  taskNotAvailable: 'Esta tarefa não está disponível no momento.',
  alreadyCompleted: 'Você já concluiu esta tarefa.',
  memberAlreadyCompleted: 'Este membro já concluiu esta tarefa.',
  wrongFlow: 'Esta ação não se aplica a este tipo de tarefa.',
  answerAll: 'Responda todas as perguntas antes de enviar.',
  answerInvalid: 'Resposta inválida para uma das perguntas.',
  subtaskDone: 'Esta subtarefa já foi concluída.',
  awaitingApproval: 'Seu envio já está aguardando aprovação.',
  evidenceRequired: 'Anexe uma foto, vídeo ou documento como comprovação.',
  evidenceType: `Tipo de arquivo não aceito. São aceitos: ${EVIDENCE_TYPES_LABEL}.`,
  evidenceTooBig: `O arquivo deve ter no máximo ${EVIDENCE_MAX_LABEL}.`,
  submissionNotWaiting: 'Este envio já foi analisado.',
  rejectReasonRequired: 'Informe o motivo da rejeição.',
  reasonRequired: 'Informe o motivo da pontuação.',
  pointsRequired: 'Informe uma quantidade de pontos diferente de zero.',
  targetRequired: 'Escolha um membro ou uma unidade.',
  memberNotFound: 'Membro não encontrado neste clube.',
  unitNotFound: 'Unidade não encontrada neste clube.',
  cannotRecordForMember: 'Você não pode registrar tarefas para este membro.',
  cannotRecordForSelf: 'Você não pode registrar tarefas para si mesmo. Conclua a tarefa em Minhas Tarefas.',
  cannotApproveOwn: 'Você não pode aprovar o seu próprio envio. Outro responsável do clube precisa analisá-lo.',
  cannotRejectOwn: 'Você não pode rejeitar o seu próprio envio. Outro responsável do clube precisa analisá-lo.',
  ownSubmission: 'Seu envio: outro responsável do clube analisa.',
  dailyLimitReached: 'O limite por dia desta tarefa já foi atingido. Tente novamente amanhã.',
  taskNotFound: 'Tarefa não encontrada.',
  // Toasts
  completed: 'Tarefa concluída!',
  recorded: 'Tarefa registrada para o membro!',
  submitted: 'Comprovação enviada! Aguarde a aprovação.',
  approved: 'Envio aprovado! Pontos concedidos.',
  rejected: 'Envio rejeitado.',
  adjusted: 'Pontuação registrada com sucesso!',
  completeError: 'Erro ao concluir tarefa. Tente novamente.',
  submitError: 'Erro ao enviar comprovação. Tente novamente.',
  reviewError: 'Erro ao analisar envio. Tente novamente.',
  adjustError: 'Erro ao registrar pontuação. Tente novamente.',
} as const;

export const ZAnswer = z.object({
  question_id: zId(PROGRESS_MSG.answerInvalid),
  answer: z.string().trim().max(4000),
});

/** Body of POST .../tasks/:taskId/complete (check, quiz, form, accumulative, milestone without subtasks). */
export const ZCompleteTask = z.object({
  /** Record on behalf of this member (admins; counsellors for their unit). */
  profile_id: zId(PROGRESS_MSG.memberNotFound).optional(),
  answers: z.array(ZAnswer).max(200).optional(),
});
export type TCompleteTask = z.input<typeof ZCompleteTask>;

export const ZOnBehalf = z.object({ profile_id: zId(PROGRESS_MSG.memberNotFound).optional() });

export const ZRejectSubmission = z.object({
  reason: z.string({ error: PROGRESS_MSG.rejectReasonRequired }).trim().min(1, PROGRESS_MSG.rejectReasonRequired).max(1000),
});
export type TRejectSubmission = z.input<typeof ZRejectSubmission>;

export const ZPointAdjustment = z
  .object({
    profile_id: zId(PROGRESS_MSG.memberNotFound).nullish(),
    unit_id: zId(PROGRESS_MSG.unitNotFound).nullish(),
    points: zWholeNumber(PROGRESS_MSG.pointsRequired, { min: -100_000, max: 100_000 }).refine((v) => v !== 0, PROGRESS_MSG.pointsRequired),
    reason: z.string({ error: PROGRESS_MSG.reasonRequired }).trim().min(1, PROGRESS_MSG.reasonRequired).max(500),
  })
  .refine((v) => Boolean(v.profile_id) !== Boolean(v.unit_id), { message: PROGRESS_MSG.targetRequired, path: ['profile_id'] });
export type TPointAdjustment = z.input<typeof ZPointAdjustment>;

export const ZAwardedBadge = z.object({ id: z.string(), name: z.string(), icon_svg: z.string(), points: z.number().int() });
export type TAwardedBadge = z.infer<typeof ZAwardedBadge>;

export const ZCompletionResult = z.object({
  status: z.enum(ASSIGNMENT_STATUSES),
  points_awarded: z.number().int(),
  correct_count: z.number().int().nullable(),
  question_count: z.number().int().nullable(),
  badges_awarded: z.array(ZAwardedBadge),
});
export type TCompletionResult = z.infer<typeof ZCompletionResult>;

export const ZSubmissionInfo = z.object({
  id: z.string(),
  status: z.enum(['submitted', 'approved', 'rejected']),
  comment: z.string().nullable(),
  evidence_name: z.string(),
  evidence_mime: z.string(),
  evidence_size: z.number().int(),
  reject_reason: z.string().nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type TSubmissionInfo = z.infer<typeof ZSubmissionInfo>;

/** A task as a member sees it in 'Minhas Tarefas', with their own progress. */
export const ZMyTask = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  type: z.enum(TASK_TYPES),
  points: z.number().int(),
  available_date: z.string().nullable(),
  due_date: z.string().nullable(),
  /** Open to be done now: active, available_date reached, deadline not passed. */
  available_now: z.boolean(),
  status: z.enum(ASSIGNMENT_STATUSES).nullable(),
  completions: z.number().int(),
  points_earned: z.number().int(),
  last_completed_at: z.string().nullable(),
  /** Accumulative tasks: 'Limite por dia' and this member's completions today (club time); null without a cap. */
  daily_limit: z.number().int().nullable(),
  completions_today: z.number().int().nullable(),
  subtasks_total: z.number().int(),
  subtasks_done: z.number().int(),
  /** A milestone pays its own points and each subtask's: what it pays in all is points + subtasks_points. */
  subtasks_points: z.number().int(),
  reject_reason: z.string().nullable(),
});
export type TMyTask = z.infer<typeof ZMyTask>;

/** An accumulative task whose 'Limite por dia' is used up for today (the server refuses one more). */
export const dailyCapReached = (t: Pick<TMyTask, 'daily_limit' | 'completions_today'>) => t.daily_limit !== null && (t.completions_today ?? 0) >= t.daily_limit;

/**
 * A task the member can do now: open, and not finished nor sent for approval (an accumulative one
 * stays until today's cap). A task waiting for a leader is 'Aguardando aprovação', never a next task.
 */
export const isToDoNow = (t: TMyTask) =>
  t.available_now && (t.type === 'accumulative' ? !dailyCapReached(t) : t.status !== 'completed' && t.status !== 'approved' && t.status !== 'submitted');

export const ZMyQuestion = z.object({
  id: z.string(),
  text: z.string(),
  answer_type: z.enum(['multiple_choice', 'single_choice', 'free_text']),
  options: z.array(z.string()).nullable(),
  order_position: z.number().int(),
  /** Only after the member answered: their answer, and (quiz) whether it was right and the right one. */
  my_answer: z.string().nullable(),
  is_correct: z.boolean().nullable(),
  correct_answer: z.string().nullable(),
});
export type TMyQuestion = z.infer<typeof ZMyQuestion>;

export const ZMySubtask = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  points: z.number().int(),
  required: z.boolean(),
  order_position: z.number().int(),
  done: z.boolean(),
  completed_at: z.string().nullable(),
});
export type TMySubtask = z.infer<typeof ZMySubtask>;

export const ZMyTaskDetail = ZMyTask.extend({
  questions: z.array(ZMyQuestion),
  subtasks: z.array(ZMySubtask),
  submissions: z.array(ZSubmissionInfo),
});
export type TMyTaskDetail = z.infer<typeof ZMyTaskDetail>;

/** A submission in the admins' approval queue. */
export const ZQueuedSubmission = ZSubmissionInfo.extend({
  task_id: z.string(),
  task_title: z.string(),
  task_points: z.number().int(),
  profile_id: z.string(),
  full_name: z.string(),
  unit_name: z.string().nullable(),
  reviewer_name: z.string().nullable(),
});
export type TQueuedSubmission = z.infer<typeof ZQueuedSubmission>;

export const SUBMISSION_QUEUE_STATUSES = ['submitted', 'approved', 'rejected'] as const;
export type TSubmissionQueueStatus = (typeof SUBMISSION_QUEUE_STATUSES)[number];

/**
 * GET …/submissions: one page of a status. Waiting ones oldest first (the queue), reviewed ones
 * most recently reviewed first. `limit` up to 200, default 50.
 */
export const ZSubmissionQuery = ZPageQuery.extend({
  status: z.enum(SUBMISSION_QUEUE_STATUSES, { error: 'Status inválido: use submitted, approved ou rejected.' }).default('submitted'),
});

export const ZSubmissionPage = z.object({
  submissions: z.array(ZQueuedSubmission),
  /** Submissions of this status the reviewer may see, on every page. */
  total: z.number().int(),
  next_cursor: z.string().nullable(),
});
export type TSubmissionPage = z.infer<typeof ZSubmissionPage>;

export const ZPendingCount = z.object({ pending: z.number().int() });

export const POINT_SOURCE_LABEL = {
  task_completion: 'Tarefa concluída',
  submission_approval: 'Envio aprovado',
  subtask_completion: 'Subtarefa concluída',
  badge: 'Badge conquistado',
  manual: 'Ajuste manual',
  meeting: 'Reunião',
} as const;
export type TPointSource = keyof typeof POINT_SOURCE_LABEL;

/** The origins a total is broken into on the profile. */
export const POINT_ORIGINS = [
  { key: 'points_tasks', label: 'Tarefas' },
  { key: 'points_meetings', label: 'Reuniões' },
  { key: 'points_badges', label: 'XP de badges' },
  { key: 'points_adjustments', label: 'Ajustes' },
] as const;

export const ZPointEvent = z.object({
  id: z.string(),
  source: z.enum(['task_completion', 'submission_approval', 'subtask_completion', 'badge', 'manual', 'meeting']),
  points: z.number().int(),
  reason: z.string().nullable(),
  task_title: z.string().nullable(),
  badge_name: z.string().nullable(),
  unit_name: z.string().nullable(),
  occurred_at: z.string(),
  created_by_name: z.string().nullable(),
  /** Set for a line of 'Pontuar vários'; the whole batch can be undone while batch_undone is false. */
  batch_id: z.string().nullable(),
  batch_undone: z.boolean(),
});
export type TPointEvent = z.infer<typeof ZPointEvent>;

export const ZEarnedBadge = z.object({
  id: z.string(),
  badge_id: z.string(),
  name: z.string(),
  description: z.string(),
  icon_svg: z.string(),
  rarity: z.enum(['common', 'rare', 'epic', 'legendary']),
  points: z.number().int(),
  awarded_at: z.string(),
  awarded_by_name: z.string().nullable(),
});
export type TEarnedBadge = z.infer<typeof ZEarnedBadge>;

/** 'Meu Perfil' and the admin's view of a member. */
export const ZMemberProfile = z.object({
  profile_id: z.string(),
  full_name: z.string(),
  email: z.string().nullable(),
  role: z.string(),
  unit_id: z.string().nullable(),
  unit_name: z.string().nullable(),
  member_since: z.string(),
  total_points: z.number().int(),
  /** total_points by origin (issue 18): tasks, subtasks and approved submissions; badge XP; manual adjustments. */
  points_tasks: z.number().int(),
  points_badges: z.number().int(),
  points_adjustments: z.number().int(),
  points_meetings: z.number().int(),
  ranking: z.number().int().nullable(),
  total_tasks: z.number().int(),
  badges: z.array(ZEarnedBadge),
  history: z.array(ZPointEvent),
});
export type TMemberProfile = z.infer<typeof ZMemberProfile>;

export const ZPointAdjustmentResult = z.object({ id: z.string(), points: z.number().int(), badges_awarded: z.array(ZAwardedBadge) });
