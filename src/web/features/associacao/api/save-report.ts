import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TReport, TReportUpdate } from '@shared/associacao-reports';
import { api } from '@web/lib/api';
import { reportsKey } from './get-reports';

export function saveReport(clubId: string, id: string, input: TReportUpdate): Promise<TReport> {
  return api<TReport>('PUT', `/api/clubs/${clubId}/associacao/reports/${id}`, input);
}

export function useSaveReport(clubId: string, id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TReportUpdate) => saveReport(clubId, id, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: reportsKey(clubId) }),
  });
}
