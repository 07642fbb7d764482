import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSubtask, TSubtaskInput } from '@shared/tasks';
import { api } from '@web/lib/api';
import { tasksQueryOptions } from './list-tasks';
import { subtasksQueryOptions } from './list-subtasks';

/** Adds at the end of the list (POST) or edits in place (PUT). */
export function saveSubtask(clubId: string, taskId: string, input: TSubtaskInput, id?: string): Promise<TSubtask> {
  const base = `/api/clubs/${clubId}/tasks/${taskId}/subtasks`;
  return id ? api<TSubtask>('PUT', `${base}/${id}`, input) : api<TSubtask>('POST', base, input);
}

export function useSaveSubtask(clubId: string, taskId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ input, id }: { input: TSubtaskInput; id?: string }) => saveSubtask(clubId, taskId, input, id),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: subtasksQueryOptions(clubId, taskId).queryKey });
      await qc.invalidateQueries({ queryKey: tasksQueryOptions(clubId).queryKey });
    },
  });
}
