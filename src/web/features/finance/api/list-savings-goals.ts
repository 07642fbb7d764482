import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSavingsGoal } from '@shared/finance';
import { api } from '@web/lib/api';
import { financeKey } from './keys';

/** filter: null = 'Cofres do Clube'; a profile id = that member's goals plus the club's; 'all' = every goal. */
export function listSavingsGoals(clubId: string, filter: string | null) {
  const query = filter === 'all' ? '?all=true' : filter ? `?profile_id=${encodeURIComponent(filter)}` : '';
  return api<TSavingsGoal[]>('GET', `/api/clubs/${clubId}/savings-goals${query}`);
}

export const savingsGoalsQueryOptions = (clubId: string, filter: string | null) =>
  queryOptions({ queryKey: financeKey(clubId, 'savings-goals', filter ?? 'club'), queryFn: () => listSavingsGoals(clubId, filter) });

export const useSavingsGoals = (clubId: string, filter: string | null) => useQuery(savingsGoalsQueryOptions(clubId, filter));
