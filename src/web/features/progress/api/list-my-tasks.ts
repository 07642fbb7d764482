import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMyTask } from '@shared/progress';
import { api } from '@web/lib/api';

/** My tasks, or (memberId) a member's tasks as seen by an admin or their counsellor. */
export function listMyTasks(clubId: string, memberId?: string): Promise<TMyTask[]> {
  return api<TMyTask[]>('GET', memberId ? `/api/clubs/${clubId}/members/${memberId}/tasks` : `/api/clubs/${clubId}/my-tasks`);
}

export const myTasksQueryOptions = (clubId: string, memberId?: string) =>
  queryOptions({ queryKey: ['clubs', clubId, 'progress', 'tasks', memberId ?? 'me'], queryFn: () => listMyTasks(clubId, memberId) });

export function useMyTasks(clubId: string | null, memberId?: string) {
  return useQuery({ ...myTasksQueryOptions(clubId ?? '', memberId), enabled: clubId !== null });
}
