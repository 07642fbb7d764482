import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TReport } from '@shared/associacao-reports';
import { api } from '@web/lib/api';
import { reportsKey } from './get-reports';

export function closeReport(clubId: string, id: string): Promise<TReport> {
  return api<TReport>('POST', `/api/clubs/${clubId}/associacao/reports/${id}/close`);
}

export function useCloseReport(clubId: string, id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => closeReport(clubId, id),
    onSuccess: () => qc.invalidateQueries({ queryKey: reportsKey(clubId) }),
  });
}
