import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMeetingSummary } from '@shared/meetings';
import { api } from '@web/lib/api';

export function getMeetingSummary(clubId: string): Promise<TMeetingSummary> {
  return api<TMeetingSummary>('GET', `/api/clubs/${clubId}/meetings/summary`);
}

export const meetingSummaryQueryOptions = (clubId: string) => queryOptions({ queryKey: ['clubs', clubId, 'meetings', 'summary'], queryFn: () => getMeetingSummary(clubId) });

export function useMeetingSummary(clubId: string) {
  return useQuery(meetingSummaryQueryOptions(clubId));
}
