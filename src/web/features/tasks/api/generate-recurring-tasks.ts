import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TGenerateResult } from '@shared/recurring';
import { api } from '@web/lib/api';
import { invalidateRecurring } from './save-recurring-task';

/** 'Gerar Instâncias Agora' (spec 7: POST generate-recurring-tasks, no payload). */
export function generateRecurringTasks(clubId: string): Promise<TGenerateResult> {
  return api<TGenerateResult>('POST', `/api/clubs/${clubId}/generate-recurring-tasks`);
}

export function useGenerateRecurringTasks(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => generateRecurringTasks(clubId),
    onSuccess: () => invalidateRecurring(qc, clubId),
  });
}
