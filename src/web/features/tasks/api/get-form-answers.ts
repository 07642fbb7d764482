import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TFormAnswers } from '@shared/tasks';
import { api } from '@web/lib/api';

export function getFormAnswers(clubId: string, taskId: string): Promise<TFormAnswers> {
  return api<TFormAnswers>('GET', `/api/clubs/${clubId}/tasks/${taskId}/answers`);
}

export const formAnswersQueryOptions = (clubId: string, taskId: string) =>
  queryOptions({ queryKey: ['clubs', clubId, 'tasks', taskId, 'answers'], queryFn: () => getFormAnswers(clubId, taskId) });

export function useFormAnswers(clubId: string, taskId: string) {
  return useQuery(formAnswersQueryOptions(clubId, taskId));
}

export const formAnswersCsvUrl = (clubId: string, taskId: string) => `/api/clubs/${clubId}/tasks/${taskId}/answers.csv`;
