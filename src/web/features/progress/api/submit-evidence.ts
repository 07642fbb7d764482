import { useMutation } from '@tanstack/react-query';
import type { TSubmissionInfo } from '@shared/progress';
import { apiUpload } from '@web/lib/api';
import { useProgressInvalidation } from './complete-task';

export function submitEvidence(clubId: string, taskId: string, file: File, comment: string): Promise<TSubmissionInfo> {
  const form = new FormData();
  form.append('comment', comment);
  form.append('file', file);
  return apiUpload<TSubmissionInfo>(`/api/clubs/${clubId}/my-tasks/${taskId}/submissions`, form);
}

export function useSubmitEvidence(clubId: string) {
  const invalidate = useProgressInvalidation(clubId);
  return useMutation({ mutationFn: (v: { taskId: string; file: File; comment: string }) => submitEvidence(clubId, v.taskId, v.file, v.comment), onSuccess: invalidate });
}
