import { queryOptions, useQuery } from '@tanstack/react-query';
import { WAITING_POLL_MS } from '@web/lib/polling';
import { api } from '@web/lib/api';

export function getPendingApprovals(clubId: string): Promise<{ pending: number }> {
  return api<{ pending: number }>('GET', `/api/clubs/${clubId}/submissions/pending-count`);
}

export const pendingApprovalsQueryOptions = (clubId: string) =>
  queryOptions({ queryKey: ['clubs', clubId, 'progress', 'pending-approvals'], queryFn: () => getPendingApprovals(clubId), refetchInterval: WAITING_POLL_MS });

/** The sidebar counter: only fetched for admins. */
export function usePendingApprovals(clubId: string | null, enabled: boolean) {
  return useQuery({ ...pendingApprovalsQueryOptions(clubId ?? ''), enabled: clubId !== null && enabled });
}
