import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSavingsGoal } from '@shared/finance';
import { api } from '@web/lib/api';
import { financeKey } from './keys';

/** The signed-in member's own goals ('Meus Cofres', read-only). */
export const listMySavingsGoals = (clubId: string) => api<TSavingsGoal[]>('GET', `/api/clubs/${clubId}/my-savings-goals`);

export const mySavingsGoalsQueryOptions = (clubId: string) =>
  queryOptions({ queryKey: financeKey(clubId, 'my-savings-goals'), queryFn: () => listMySavingsGoals(clubId) });

export const useMySavingsGoals = (clubId: string) => useQuery(mySavingsGoalsQueryOptions(clubId));
