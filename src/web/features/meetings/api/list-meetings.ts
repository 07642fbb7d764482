import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMeeting } from '@shared/meetings';
import { apiKept } from '@web/lib/kept-answers';

export function listMeetings(clubId: string): Promise<TMeeting[]> {
  return apiKept<TMeeting[]>(`/api/clubs/${clubId}/meetings`);
}

export const meetingsQueryOptions = (clubId: string) => queryOptions({ queryKey: ['clubs', clubId, 'meetings'], queryFn: () => listMeetings(clubId) });

export function useMeetings(clubId: string) {
  return useQuery(meetingsQueryOptions(clubId));
}
