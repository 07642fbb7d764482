import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSubtask } from '@shared/tasks';
import { api } from '@web/lib/api';

export function listSubtasks(clubId: string, taskId: string): Promise<TSubtask[]> {
  return api<TSubtask[]>('GET', `/api/clubs/${clubId}/tasks/${taskId}/subtasks`);
}

export const subtasksQueryOptions = (clubId: string, taskId: string) =>
  queryOptions({ queryKey: ['clubs', clubId, 'tasks', taskId, 'subtasks'], queryFn: () => listSubtasks(clubId, taskId) });

export function useSubtasks(clubId: string, taskId: string) {
  return useQuery(subtasksQueryOptions(clubId, taskId));
}
