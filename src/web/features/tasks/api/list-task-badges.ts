import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTaskBadge } from '@shared/tasks';
import { api } from '@web/lib/api';

export function listTaskBadges(clubId: string, taskId: string): Promise<TTaskBadge[]> {
  return api<TTaskBadge[]>('GET', `/api/clubs/${clubId}/tasks/${taskId}/badges`);
}

export const taskBadgesQueryOptions = (clubId: string, taskId: string) =>
  queryOptions({ queryKey: ['clubs', clubId, 'tasks', taskId, 'badges'], queryFn: () => listTaskBadges(clubId, taskId) });

export function useTaskBadges(clubId: string, taskId: string) {
  return useQuery(taskBadgesQueryOptions(clubId, taskId));
}
