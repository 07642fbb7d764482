import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTask } from '@shared/tasks';
import { api } from '@web/lib/api';

export function listTasks(clubId: string): Promise<TTask[]> {
  return api<TTask[]>('GET', `/api/clubs/${clubId}/tasks`);
}

export const tasksQueryOptions = (clubId: string) =>
  queryOptions({ queryKey: ['clubs', clubId, 'tasks'], queryFn: () => listTasks(clubId) });

export function useTasks(clubId: string | null) {
  return useQuery({ ...tasksQueryOptions(clubId ?? ''), enabled: clubId !== null });
}
