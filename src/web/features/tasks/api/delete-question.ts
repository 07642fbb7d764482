import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { tasksQueryOptions } from './list-tasks';
import { questionsQueryOptions } from './list-questions';

export function deleteQuestion(clubId: string, taskId: string, id: string): Promise<void> {
  return api<void>('DELETE', `/api/clubs/${clubId}/tasks/${taskId}/questions/${id}`);
}

export function useDeleteQuestion(clubId: string, taskId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteQuestion(clubId, taskId, id),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: questionsQueryOptions(clubId, taskId).queryKey });
      await qc.invalidateQueries({ queryKey: tasksQueryOptions(clubId).queryKey });
    },
  });
}
