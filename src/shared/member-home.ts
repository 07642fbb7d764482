import { z } from 'zod';
import { ZEarnedBadge, ZMyTask } from './progress.js';

export const HOME_MSG = {
  myPoints: 'Meus pontos',
  myPosition: 'Minha posição',
  myUnit: 'Minha unidade',
  nextTasks: 'Próximas tarefas',
  latestBadges: 'Meus últimos badges',
  noTasks: 'Nenhuma tarefa para fazer agora. Confira mais tarde!',
  noBadges: 'Você ainda não conquistou badges. Conclua tarefas para ganhar os primeiros!',
  noUnit: 'Você ainda não está em uma unidade.',
  loadError: 'Não foi possível carregar o seu resumo.',
} as const;

/** 'Meus pontos', 'Minha posição', my unit, what to do next (issue 19). */
export const ZMemberHome = z.object({
  full_name: z.string(),
  total_points: z.number().int(),
  /** The active period that contains today, if any, and my points in it. */
  period: z.object({ id: z.string(), name: z.string(), points: z.number().int() }).nullable(),
  ranking: z.number().int().nullable(),
  ranked_count: z.number().int(),
  unit: z.object({ id: z.string(), name: z.string(), color: z.string(), ranking: z.number().int().nullable(), unit_count: z.number().int() }).nullable(),
  next_tasks: z.array(ZMyTask).max(3),
  latest_badges: z.array(ZEarnedBadge).max(3),
});
export type TMemberHome = z.infer<typeof ZMemberHome>;

/** '3º de 25' */
export const positionLabel = (ranking: number | null, count: number) => (ranking === null ? '—' : `${ranking}º de ${count}`);
