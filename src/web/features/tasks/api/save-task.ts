import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTask, TTaskInput } from '@shared/tasks';
import { api } from '@web/lib/api';
import { tasksQueryOptions } from './list-tasks';

/** POST /tasks (create) or PUT /tasks/:id (update). */
export function saveTask(clubId: string, input: TTaskInput, taskId?: string): Promise<TTask> {
  return taskId
    ? api<TTask>('PUT', `/api/clubs/${clubId}/tasks/${taskId}`, input)
    : api<TTask>('POST', `/api/clubs/${clubId}/tasks`, input);
}

export function useSaveTask(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ input, taskId }: { input: TTaskInput; taskId?: string }) => saveTask(clubId, input, taskId),
    onSuccess: () => qc.invalidateQueries({ queryKey: tasksQueryOptions(clubId).queryKey }),
  });
}
