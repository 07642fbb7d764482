import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TQuestion } from '@shared/tasks';
import { api } from '@web/lib/api';

export function listQuestions(clubId: string, taskId: string): Promise<TQuestion[]> {
  return api<TQuestion[]>('GET', `/api/clubs/${clubId}/tasks/${taskId}/questions`);
}

export const questionsQueryOptions = (clubId: string, taskId: string) =>
  queryOptions({ queryKey: ['clubs', clubId, 'tasks', taskId, 'questions'], queryFn: () => listQuestions(clubId, taskId) });

export function useQuestions(clubId: string, taskId: string) {
  return useQuery(questionsQueryOptions(clubId, taskId));
}
