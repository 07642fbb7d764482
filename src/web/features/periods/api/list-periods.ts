import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPeriod } from '@shared/periods';
import { api } from '@web/lib/api';

export function listPeriods(clubId: string): Promise<TPeriod[]> {
  return api<TPeriod[]>('GET', `/api/clubs/${clubId}/periods`);
}

export const periodsQueryOptions = (clubId: string) => queryOptions({ queryKey: ['clubs', clubId, 'periods'], queryFn: () => listPeriods(clubId) });

export function usePeriods(clubId: string | null) {
  return useQuery({ ...periodsQueryOptions(clubId ?? ''), enabled: clubId !== null });
}
