import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TReport, ZReportCreate } from '@shared/associacao-reports';
import { api } from '@web/lib/api';
import { reportsKey } from './get-reports';

export function createReport(clubId: string, input: z.input<typeof ZReportCreate>): Promise<TReport> {
  return api<TReport>('POST', `/api/clubs/${clubId}/associacao/reports`, input);
}

export function useCreateReport(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof ZReportCreate>) => createReport(clubId, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: reportsKey(clubId) }),
  });
}
