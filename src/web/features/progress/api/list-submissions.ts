import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TQueuedSubmission } from '@shared/progress';
import { api } from '@web/lib/api';

export type SubmissionStatus = 'submitted' | 'approved' | 'rejected';

export function listSubmissions(clubId: string, status: SubmissionStatus): Promise<TQueuedSubmission[]> {
  return api<TQueuedSubmission[]>('GET', `/api/clubs/${clubId}/submissions?status=${status}`);
}

export const submissionsQueryOptions = (clubId: string, status: SubmissionStatus) =>
  queryOptions({ queryKey: ['clubs', clubId, 'progress', 'submissions', status], queryFn: () => listSubmissions(clubId, status) });

export function useSubmissions(clubId: string | null, status: SubmissionStatus) {
  return useQuery({ ...submissionsQueryOptions(clubId ?? '', status), enabled: clubId !== null });
}

export const evidenceUrl = (clubId: string, submissionId: string, download = false) =>
  `/api/clubs/${clubId}/submissions/${submissionId}/evidence${download ? '?download=1' : ''}`;
