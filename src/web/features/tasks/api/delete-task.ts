import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { tasksQueryOptions } from './list-tasks';

export function deleteTask(clubId: string, taskId: string): Promise<void> {
  return api<void>('DELETE', `/api/clubs/${clubId}/tasks/${taskId}`);
}

export function useDeleteTask(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (taskId: string) => deleteTask(clubId, taskId),
    onSuccess: () => qc.invalidateQueries({ queryKey: tasksQueryOptions(clubId).queryKey }),
  });
}
