import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUnit } from '@shared/units';
import { api } from './api';

/**
 * The club's units: ONE fetch and ONE cache entry per club for every screen (units, members, charges,
 * events, programme, ranking). It sits under ['clubs', clubId], so the units screen's writes — which
 * invalidate ['clubs', clubId] — refresh every select at once.
 */
export const unitsQueryKey = (clubId: string) => ['clubs', clubId, 'units'] as const;

export function listUnits(clubId: string): Promise<TUnit[]> {
  return api<TUnit[]>('GET', `/api/clubs/${clubId}/units`);
}

export const unitsQueryOptions = (clubId: string) =>
  queryOptions({ queryKey: unitsQueryKey(clubId), queryFn: () => listUnits(clubId), staleTime: 5 * 60_000 });

/** The club's units, sorted by name (pt-BR, by the server); `enabled` false waits (a closed modal). */
export function useUnits(clubId: string | null, enabled = true) {
  return useQuery({ ...unitsQueryOptions(clubId ?? ''), enabled: clubId !== null && enabled });
}
