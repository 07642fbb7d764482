import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { periodsQueryOptions } from './list-periods';

export function deletePeriod(clubId: string, periodId: string): Promise<{ ok: true }> {
  return api('DELETE', `/api/clubs/${clubId}/periods/${periodId}`);
}

export function useDeletePeriod(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (periodId: string) => deletePeriod(clubId, periodId),
    onSuccess: () => qc.invalidateQueries({ queryKey: periodsQueryOptions(clubId).queryKey }),
  });
}
