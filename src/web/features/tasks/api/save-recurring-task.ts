import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRecurringInput, TRecurringTask } from '@shared/recurring';
import { api } from '@web/lib/api';
import { tasksQueryOptions } from './list-tasks';
import { recurringTasksQueryOptions } from './list-recurring-tasks';

/** Create (the server generates due occurrences at once) or update. */
export function saveRecurringTask(clubId: string, input: TRecurringInput, id?: string): Promise<TRecurringTask> {
  const base = `/api/clubs/${clubId}/recurring-tasks`;
  return id ? api<TRecurringTask>('PUT', `${base}/${id}`, input) : api<TRecurringTask>('POST', base, input);
}

export async function invalidateRecurring(qc: ReturnType<typeof useQueryClient>, clubId: string) {
  await Promise.all([
    qc.invalidateQueries({ queryKey: recurringTasksQueryOptions(clubId).queryKey }),
    qc.invalidateQueries({ queryKey: tasksQueryOptions(clubId).queryKey }),
  ]);
}

export function useSaveRecurringTask(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ input, id }: { input: TRecurringInput; id?: string }) => saveRecurringTask(clubId, input, id),
    onSuccess: () => invalidateRecurring(qc, clubId),
  });
}
