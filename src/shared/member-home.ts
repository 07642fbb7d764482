import { z } from 'zod';
import { ZEarnedBadge, ZMyTask } from './progress.js';

export { HOME_MSG, positionLabel } from './member-home-messages.js';

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
  /** My tasks sent and waiting for a leader's approval (not among the next ones). */
  awaiting_approval: z.number().int(),
  latest_badges: z.array(ZEarnedBadge).max(3),
});
export type TMemberHome = z.infer<typeof ZMemberHome>;

