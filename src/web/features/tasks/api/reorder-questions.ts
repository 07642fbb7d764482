import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TQuestion } from '@shared/tasks';
import { api } from '@web/lib/api';
import { questionsQueryOptions } from './list-questions';

/** Sends the whole new order, first to last. */
export function reorderQuestions(clubId: string, taskId: string, ids: string[]): Promise<TQuestion[]> {
  return api<TQuestion[]>('PUT', `/api/clubs/${clubId}/tasks/${taskId}/questions/order`, { ids });
}

export function useReorderQuestions(clubId: string, taskId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => reorderQuestions(clubId, taskId, ids),
    onSuccess: (list) => qc.setQueryData(questionsQueryOptions(clubId, taskId).queryKey, list),
  });
}
