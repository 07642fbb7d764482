import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { tasksQueryOptions } from './list-tasks';
import { subtasksQueryOptions } from './list-subtasks';

export function deleteSubtask(clubId: string, taskId: string, id: string): Promise<void> {
  return api<void>('DELETE', `/api/clubs/${clubId}/tasks/${taskId}/subtasks/${id}`);
}

export function useDeleteSubtask(clubId: string, taskId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteSubtask(clubId, taskId, id),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: subtasksQueryOptions(clubId, taskId).queryKey });
      await qc.invalidateQueries({ queryKey: tasksQueryOptions(clubId).queryKey });
    },
  });
}
