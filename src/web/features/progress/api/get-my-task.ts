import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMyTaskDetail } from '@shared/progress';
import { api } from '@web/lib/api';

export function getMyTask(clubId: string, taskId: string, memberId?: string): Promise<TMyTaskDetail> {
  return api<TMyTaskDetail>('GET', memberId ? `/api/clubs/${clubId}/members/${memberId}/tasks/${taskId}` : `/api/clubs/${clubId}/my-tasks/${taskId}`);
}

export const myTaskQueryOptions = (clubId: string, taskId: string, memberId?: string) =>
  queryOptions({ queryKey: ['clubs', clubId, 'progress', 'tasks', memberId ?? 'me', taskId], queryFn: () => getMyTask(clubId, taskId, memberId) });

export function useMyTask(clubId: string, taskId: string | null, memberId?: string) {
  return useQuery({ ...myTaskQueryOptions(clubId, taskId ?? '', memberId), enabled: taskId !== null });
}
