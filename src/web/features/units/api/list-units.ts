import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUnit } from '@shared/units';
import { api } from '@web/lib/api';

export function listUnits(clubId: string): Promise<TUnit[]> {
  return api<TUnit[]>('GET', `/api/clubs/${clubId}/units`);
}

export const unitsQueryOptions = (clubId: string) => queryOptions({ queryKey: ['clubs', clubId, 'units'], queryFn: () => listUnits(clubId) });

export function useUnits(clubId: string | null) {
  return useQuery({ ...unitsQueryOptions(clubId ?? ''), enabled: clubId !== null });
}
