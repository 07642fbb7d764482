import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRankingPeriod } from '@shared/ranking';
import { api } from '@web/lib/api';

export function listRankingPeriods(clubId: string): Promise<TRankingPeriod[]> {
  return api<TRankingPeriod[]>('GET', `/api/clubs/${clubId}/ranking/periods`);
}

export const rankingPeriodsQueryOptions = (clubId: string) =>
  queryOptions({ queryKey: ['clubs', clubId, 'ranking', 'periods'], queryFn: () => listRankingPeriods(clubId) });

export function useRankingPeriods(clubId: string | null) {
  return useQuery({ ...rankingPeriodsQueryOptions(clubId ?? ''), enabled: clubId !== null });
}
