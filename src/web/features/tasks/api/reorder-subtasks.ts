import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSubtask } from '@shared/tasks';
import { api } from '@web/lib/api';
import { subtasksQueryOptions } from './list-subtasks';

/** Sends the whole new order, first to last. */
export function reorderSubtasks(clubId: string, taskId: string, ids: string[]): Promise<TSubtask[]> {
  return api<TSubtask[]>('PUT', `/api/clubs/${clubId}/tasks/${taskId}/subtasks/order`, { ids });
}

export function useReorderSubtasks(clubId: string, taskId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => reorderSubtasks(clubId, taskId, ids),
    onSuccess: (list) => qc.setQueryData(subtasksQueryOptions(clubId, taskId).queryKey, list),
  });
}
