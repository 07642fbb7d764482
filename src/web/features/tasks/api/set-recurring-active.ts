import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRecurringTask } from '@shared/recurring';
import { api } from '@web/lib/api';
import { recurringTasksQueryOptions } from './list-recurring-tasks';

export function setRecurringActive(clubId: string, id: string, active: boolean): Promise<TRecurringTask> {
  return api<TRecurringTask>('PATCH', `/api/clubs/${clubId}/recurring-tasks/${id}/active`, { active });
}

export function useSetRecurringActive(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => setRecurringActive(clubId, id, active),
    onSuccess: () => qc.invalidateQueries({ queryKey: recurringTasksQueryOptions(clubId).queryKey }),
  });
}
