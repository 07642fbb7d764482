import type { TSavingsGoal, TSavingsGoalInput } from '@shared/finance';
import { api } from '@web/lib/api';
import { useFinanceMutation } from './keys';

/** POST /savings-goals (create) or PUT /savings-goals/:id (edit). */
export function saveSavingsGoal(clubId: string, id: string | null, input: TSavingsGoalInput) {
  return id
    ? api<TSavingsGoal>('PUT', `/api/clubs/${clubId}/savings-goals/${id}`, input)
    : api<TSavingsGoal>('POST', `/api/clubs/${clubId}/savings-goals`, input);
}

export const useSaveSavingsGoal = (clubId: string) =>
  useFinanceMutation(clubId, ({ id, input }: { id: string | null; input: TSavingsGoalInput }) => saveSavingsGoal(clubId, id, input));
