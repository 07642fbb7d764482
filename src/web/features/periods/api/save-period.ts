import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPeriod, TPeriodInput } from '@shared/periods';
import { api } from '@web/lib/api';
import { periodsQueryOptions } from './list-periods';

export function createPeriod(clubId: string, input: TPeriodInput): Promise<TPeriod> {
  return api<TPeriod>('POST', `/api/clubs/${clubId}/periods`, input);
}

export function updatePeriod(clubId: string, periodId: string, input: TPeriodInput): Promise<TPeriod> {
  return api<TPeriod>('PUT', `/api/clubs/${clubId}/periods/${periodId}`, input);
}

/** Creates (no id) or updates (with id) a period. */
export function useSavePeriod(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: TPeriodInput }) => (id ? updatePeriod(clubId, id, input) : createPeriod(clubId, input)),
    onSuccess: () => qc.invalidateQueries({ queryKey: periodsQueryOptions(clubId).queryKey }),
  });
}
