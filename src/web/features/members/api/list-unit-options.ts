import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUnit } from '@shared/units';
import { api } from '@web/lib/api';

/** The club's units for the unit selects (same cache entry as the units screen). */
export function listUnitOptions(clubId: string): Promise<TUnit[]> {
  return api<TUnit[]>('GET', `/api/clubs/${clubId}/units`);
}

export const unitOptionsQueryOptions = (clubId: string) => queryOptions({ queryKey: ['clubs', clubId, 'units'], queryFn: () => listUnitOptions(clubId) });

export function useUnitOptions(clubId: string) {
  return useQuery(unitOptionsQueryOptions(clubId));
}
