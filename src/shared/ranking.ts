import { z } from 'zod';
import { zId } from './ids.js';

export const RANKING_MSG = {
  empty: 'Nenhuma pontuação registrada ainda.',
  noClub: 'Você ainda não participa de um clube para ver o ranking.',
  periodNotFound: 'Período não encontrado.',
  overall: 'Geral',
  /** One line on the ranking page: what the total is made of (issue 18). */
  whatCounts: 'Contam os pontos das tarefas concluídas, o XP dos badges conquistados e os ajustes (bônus e penalidades) registrados pela liderança. Quem ainda não pontuou aparece com 0.',
} as const;

/** Individual ranking row (spec 3), plus the unit colour for the table. */
export const ZIndividualRankingRow = z.object({
  profile_id: z.string(),
  club_id: z.string(),
  ranking: z.number().int(),
  full_name: z.string(),
  unit_name: z.string().nullable(),
  unit_color: z.string().nullable(),
  total_tasks: z.number().int(),
  total_points: z.number().int(),
});
export type TIndividualRankingRow = z.infer<typeof ZIndividualRankingRow>;

/** Unit ranking row (spec 3). */
export const ZUnitRankingRow = z.object({
  unit_id: z.string(),
  club_id: z.string(),
  ranking: z.number().int(),
  unit_name: z.string(),
  color: z.string(),
  total_members: z.number().int(),
  total_points: z.number().int(),
});
export type TUnitRankingRow = z.infer<typeof ZUnitRankingRow>;

/** `period_id` absent = 'Geral' (all time). */
export const ZRankingQuery = z.object({ period_id: zId(RANKING_MSG.periodNotFound).optional() });

export const ZRankingPeriod = z.object({
  id: z.string(),
  name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  active: z.boolean(),
});
export type TRankingPeriod = z.infer<typeof ZRankingPeriod>;
