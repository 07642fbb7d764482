import { useMutation } from '@tanstack/react-query';
import type { TCompletionResult } from '@shared/progress';
import { api } from '@web/lib/api';
import { useProgressInvalidation } from './complete-task';

export function approveSubmission(clubId: string, id: string): Promise<TCompletionResult> {
  return api<TCompletionResult>('POST', `/api/clubs/${clubId}/submissions/${id}/approve`);
}

export function rejectSubmission(clubId: string, id: string, reason: string): Promise<{ ok: true }> {
  return api('POST', `/api/clubs/${clubId}/submissions/${id}/reject`, { reason });
}

export function useApproveSubmission(clubId: string) {
  const invalidate = useProgressInvalidation(clubId);
  return useMutation({ mutationFn: (id: string) => approveSubmission(clubId, id), onSuccess: invalidate });
}

export function useRejectSubmission(clubId: string) {
  const invalidate = useProgressInvalidation(clubId);
  return useMutation({ mutationFn: (v: { id: string; reason: string }) => rejectSubmission(clubId, v.id, v.reason), onSuccess: invalidate });
}
