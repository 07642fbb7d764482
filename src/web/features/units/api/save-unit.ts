import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUnit, TUnitInput } from '@shared/units';
import { api } from '@web/lib/api';

export function createUnit(clubId: string, input: TUnitInput): Promise<TUnit> {
  return api<TUnit>('POST', `/api/clubs/${clubId}/units`, input);
}

export function updateUnit(clubId: string, unitId: string, input: TUnitInput): Promise<TUnit> {
  return api<TUnit>('PUT', `/api/clubs/${clubId}/units/${unitId}`, input);
}

/** Creates (no id) or updates (with id) a unit of the club. */
export function useSaveUnit(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: TUnitInput }) => (id ? updateUnit(clubId, id, input) : createUnit(clubId, input)),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['clubs', clubId] }),
  });
}

