import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCompleteTask, TCompletionResult } from '@shared/progress';
import { api } from '@web/lib/api';

export function startTask(clubId: string, taskId: string): Promise<{ status: string }> {
  return api('POST', `/api/clubs/${clubId}/my-tasks/${taskId}/start`);
}

export function completeTask(clubId: string, taskId: string, body: TCompleteTask): Promise<TCompletionResult> {
  return api<TCompletionResult>('POST', `/api/clubs/${clubId}/my-tasks/${taskId}/complete`, body);
}

export function completeSubtask(clubId: string, taskId: string, subtaskId: string, profileId?: string): Promise<TCompletionResult> {
  return api<TCompletionResult>('POST', `/api/clubs/${clubId}/my-tasks/${taskId}/subtasks/${subtaskId}/complete`, profileId ? { profile_id: profileId } : {});
}

/** Everything a completion changes: tasks, profile, ranking, dashboard counters. */
export function useProgressInvalidation(clubId: string) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ['clubs', clubId] });
}

export function useStartTask(clubId: string) {
  const invalidate = useProgressInvalidation(clubId);
  return useMutation({ mutationFn: (taskId: string) => startTask(clubId, taskId), onSuccess: invalidate });
}

export function useCompleteTask(clubId: string) {
  const invalidate = useProgressInvalidation(clubId);
  return useMutation({ mutationFn: (v: { taskId: string; body: TCompleteTask }) => completeTask(clubId, v.taskId, v.body), onSuccess: invalidate });
}

export function useCompleteSubtask(clubId: string) {
  const invalidate = useProgressInvalidation(clubId);
  return useMutation({
    mutationFn: (v: { taskId: string; subtaskId: string; profileId?: string }) => completeSubtask(clubId, v.taskId, v.subtaskId, v.profileId),
    onSuccess: invalidate,
  });
}
