import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMeeting } from '@shared/meetings';
import { api } from '@web/lib/api';

export function listMeetings(clubId: string): Promise<TMeeting[]> {
  return api<TMeeting[]>('GET', `/api/clubs/${clubId}/meetings`);
}

export const meetingsQueryOptions = (clubId: string) => queryOptions({ queryKey: ['clubs', clubId, 'meetings'], queryFn: () => listMeetings(clubId) });

export function useMeetings(clubId: string) {
  return useQuery(meetingsQueryOptions(clubId));
}
