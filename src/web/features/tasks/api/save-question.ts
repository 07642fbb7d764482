import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TQuestion, TQuestionInput } from '@shared/tasks';
import { api } from '@web/lib/api';
import { tasksQueryOptions } from './list-tasks';
import { questionsQueryOptions } from './list-questions';

/** Adds at the end of the list (POST) or edits in place (PUT). */
export function saveQuestion(clubId: string, taskId: string, input: TQuestionInput, id?: string): Promise<TQuestion> {
  const base = `/api/clubs/${clubId}/tasks/${taskId}/questions`;
  return id ? api<TQuestion>('PUT', `${base}/${id}`, input) : api<TQuestion>('POST', base, input);
}

export function useSaveQuestion(clubId: string, taskId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ input, id }: { input: TQuestionInput; id?: string }) => saveQuestion(clubId, taskId, input, id),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: questionsQueryOptions(clubId, taskId).queryKey });
      await qc.invalidateQueries({ queryKey: tasksQueryOptions(clubId).queryKey });
    },
  });
}
