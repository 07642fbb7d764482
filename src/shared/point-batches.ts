import { z } from 'zod';
import { zId } from './ids.js';
import { zWholeNumber } from './whole-number.js';

/** At most this many members in one 'Pontuar vários' save. */
export const BATCH_MAX_MEMBERS = 500;

export const BATCH_MSG = {
  membersRequired: 'Selecione pelo menos um membro.',
  tooManyMembers: `Selecione no máximo ${BATCH_MAX_MEMBERS} membros por vez.`,
  memberInvalid: 'Membro inválido na seleção.',
  pointsRequired: 'Informe uma quantidade de pontos diferente de zero.',
  reasonRequired: 'Informe o motivo da pontuação.',
  membersNotFound: 'Um ou mais membros selecionados não estão ativos neste clube. Nada foi registrado.',
  selfIncluded: 'Você não pode ajustar os próprios pontos. Tire seu nome da seleção.',
  notFound: 'Lote de pontos não encontrado.',
  alreadyUndone: 'Este lote já foi desfeito.',
  // Toasts
  saved: 'Pontos registrados para os membros selecionados!',
  saveError: 'Erro ao registrar pontuação. Tente novamente.',
  undone: 'Lote de pontos desfeito.',
  undoError: 'Erro ao desfazer o lote. Tente novamente.',
} as const;

/** Body of POST /api/clubs/:clubId/point-adjustments/batch ('Pontuar vários'). */
export const ZPointBatch = z.object({
  profile_ids: z
    .array(zId(BATCH_MSG.memberInvalid), { error: BATCH_MSG.membersRequired })
    .min(1, BATCH_MSG.membersRequired)
    .max(BATCH_MAX_MEMBERS, BATCH_MSG.tooManyMembers),
  points: zWholeNumber(BATCH_MSG.pointsRequired, { min: -100_000, max: 100_000 }).refine((v) => v !== 0, BATCH_MSG.pointsRequired),
  reason: z.string({ error: BATCH_MSG.reasonRequired }).trim().min(1, BATCH_MSG.reasonRequired).max(500, BATCH_MSG.reasonRequired),
});
export type TPointBatch = z.input<typeof ZPointBatch>;

export const ZPointBatchResult = z.object({
  batch_id: z.string(),
  points: z.number().int(),
  member_count: z.number().int(),
  badges_awarded: z.number().int(),
});
export type TPointBatchResult = z.infer<typeof ZPointBatchResult>;

export const ZPointBatchUndoResult = z.object({ batch_id: z.string(), member_count: z.number().int() });
