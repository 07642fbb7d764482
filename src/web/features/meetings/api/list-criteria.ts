import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCriterion } from '@shared/meetings';
import { api } from '@web/lib/api';

export function listCriteria(clubId: string): Promise<TCriterion[]> {
  return api<TCriterion[]>('GET', `/api/clubs/${clubId}/meeting-criteria`);
}

export const criteriaQueryOptions = (clubId: string) => queryOptions({ queryKey: ['clubs', clubId, 'meeting-criteria'], queryFn: () => listCriteria(clubId) });

export function useCriteria(clubId: string) {
  return useQuery(criteriaQueryOptions(clubId));
}
