import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { invalidateRecurring } from './save-recurring-task';

export function deleteRecurringTask(clubId: string, id: string): Promise<void> {
  return api<void>('DELETE', `/api/clubs/${clubId}/recurring-tasks/${id}`);
}

export function useDeleteRecurringTask(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteRecurringTask(clubId, id),
    onSuccess: () => invalidateRecurring(qc, clubId),
  });
}
