import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TSubmissionPage, TSubmissionQueueStatus } from '@shared/progress';
import { WAITING_POLL_MS } from '@web/lib/polling';
import { api } from '@web/lib/api';

export type SubmissionStatus = TSubmissionQueueStatus;

export function listSubmissions(clubId: string, status: SubmissionStatus, after: string | null): Promise<TSubmissionPage> {
  const params = new URLSearchParams({ status });
  if (after) params.set('after', after);
  return api<TSubmissionPage>('GET', `/api/clubs/${clubId}/submissions?${params.toString()}`);
}

/** Pages of one tab of the queue: each 'Carregar mais' fetches the page after the last cursor. */
export const submissionsQueryOptions = (clubId: string, status: SubmissionStatus) =>
  infiniteQueryOptions({
    queryKey: ['clubs', clubId, 'progress', 'submissions', status],
    queryFn: ({ pageParam }) => listSubmissions(clubId, status, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    refetchInterval: WAITING_POLL_MS,
  });

export function useSubmissions(clubId: string | null, status: SubmissionStatus) {
  return useInfiniteQuery({ ...submissionsQueryOptions(clubId ?? '', status), enabled: clubId !== null });
}

export const evidenceUrl = (clubId: string, submissionId: string, download = false) =>
  `/api/clubs/${clubId}/submissions/${submissionId}/evidence${download ? '?download=1' : ''}`;
