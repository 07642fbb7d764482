import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TIndividualRankingRow, TUnitRankingRow } from '@shared/ranking';
import { WAITING_POLL_MS } from '@web/lib/polling';
import { api } from '@web/lib/api';

const qs = (periodId: string | null) => (periodId ? `?period_id=${periodId}` : '');

export function getIndividualRanking(clubId: string, periodId: string | null): Promise<TIndividualRankingRow[]> {
  return api<TIndividualRankingRow[]>('GET', `/api/clubs/${clubId}/ranking/individual${qs(periodId)}`);
}

export function getUnitRanking(clubId: string, periodId: string | null): Promise<TUnitRankingRow[]> {
  return api<TUnitRankingRow[]>('GET', `/api/clubs/${clubId}/ranking/units${qs(periodId)}`);
}

export const individualRankingQueryOptions = (clubId: string, periodId: string | null) =>
  queryOptions({ queryKey: ['clubs', clubId, 'ranking', 'individual', periodId ?? 'geral'], queryFn: () => getIndividualRanking(clubId, periodId), refetchInterval: WAITING_POLL_MS });

export const unitRankingQueryOptions = (clubId: string, periodId: string | null) =>
  queryOptions({ queryKey: ['clubs', clubId, 'ranking', 'units', periodId ?? 'geral'], queryFn: () => getUnitRanking(clubId, periodId), refetchInterval: WAITING_POLL_MS });

export function useIndividualRanking(clubId: string | null, periodId: string | null, enabled: boolean) {
  return useQuery({ ...individualRankingQueryOptions(clubId ?? '', periodId), enabled: clubId !== null && enabled });
}

export function useUnitRanking(clubId: string | null, periodId: string | null, enabled: boolean) {
  return useQuery({ ...unitRankingQueryOptions(clubId ?? '', periodId), enabled: clubId !== null && enabled });
}
