import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMemberAttendance } from '@shared/meetings';
import { api } from '@web/lib/api';

export function getMemberAttendance(clubId: string, memberOrProfileId: string): Promise<TMemberAttendance> {
  return api<TMemberAttendance>('GET', `/api/clubs/${clubId}/meetings/attendance-of/${memberOrProfileId}`);
}

export const memberAttendanceQueryOptions = (clubId: string, memberOrProfileId: string) =>
  queryOptions({ queryKey: ['clubs', clubId, 'meetings', 'attendance-of', memberOrProfileId], queryFn: () => getMemberAttendance(clubId, memberOrProfileId), retry: false });

export function useMemberAttendance(clubId: string | null, memberOrProfileId: string) {
  return useQuery({ ...memberAttendanceQueryOptions(clubId ?? '', memberOrProfileId), enabled: clubId !== null });
}
