import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMeetingPermissions } from '@shared/meetings';
import { api } from '@web/lib/api';

export function getMeetingPermissions(clubId: string): Promise<TMeetingPermissions> {
  return api<TMeetingPermissions>('GET', `/api/clubs/${clubId}/meetings/permissions`);
}

export const meetingPermissionsQueryOptions = (clubId: string) =>
  queryOptions({ queryKey: ['clubs', clubId, 'meetings', 'permissions'], queryFn: () => getMeetingPermissions(clubId), staleTime: 60_000 });

export function useMeetingPermissions(clubId: string) {
  return useQuery(meetingPermissionsQueryOptions(clubId));
}
