import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMeetingPermissions } from '@shared/meetings';
import { apiKept } from '@web/lib/kept-answers';

export function getMeetingPermissions(clubId: string): Promise<TMeetingPermissions> {
  return apiKept<TMeetingPermissions>(`/api/clubs/${clubId}/meetings/permissions`);
}

export const meetingPermissionsQueryOptions = (clubId: string) =>
  queryOptions({ queryKey: ['clubs', clubId, 'meetings', 'permissions'], queryFn: () => getMeetingPermissions(clubId), staleTime: 60_000 });

export function useMeetingPermissions(clubId: string) {
  return useQuery(meetingPermissionsQueryOptions(clubId));
}
