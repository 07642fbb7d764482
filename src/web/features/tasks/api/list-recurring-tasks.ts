import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRecurringTask } from '@shared/recurring';
import { api } from '@web/lib/api';

export function listRecurringTasks(clubId: string): Promise<TRecurringTask[]> {
  return api<TRecurringTask[]>('GET', `/api/clubs/${clubId}/recurring-tasks`);
}

export const recurringTasksQueryOptions = (clubId: string) =>
  queryOptions({ queryKey: ['clubs', clubId, 'recurring-tasks'], queryFn: () => listRecurringTasks(clubId) });

export function useRecurringTasks(clubId: string | null, enabled = true) {
  return useQuery({ ...recurringTasksQueryOptions(clubId ?? ''), enabled: clubId !== null && enabled });
}
