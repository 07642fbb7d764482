import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAttendanceSheet } from '@shared/meetings';
import { ApiError, api } from '@web/lib/api';
import { setServedFromDevice } from '@web/lib/online';
import { WAITING_POLL_MS } from '@web/lib/polling';
import { loadSheet, storeSheet } from '@web/lib/offline/roll-call-store';

/** The roll-call sheet; kept in IndexedDB when opened, and read from there with no connection. */
export async function getAttendanceSheet(clubId: string, meetingId: string): Promise<TAttendanceSheet & { offline: boolean }> {
  try {
    const sheet = await api<TAttendanceSheet>('GET', `/api/clubs/${clubId}/meetings/${meetingId}/attendance`);
    await storeSheet(clubId, sheet).catch(() => undefined);
    return { ...sheet, offline: false };
  } catch (err) {
    if (!(err instanceof ApiError) || err.code !== 'network') throw err;
    const cached = await loadSheet(clubId, meetingId).catch(() => null);
    if (!cached) throw err;
    setServedFromDevice(true);
    return { ...cached, offline: true };
  }
}

export const attendanceQueryOptions = (clubId: string, meetingId: string) =>
  queryOptions({ queryKey: ['clubs', clubId, 'meetings', meetingId, 'attendance'], queryFn: () => getAttendanceSheet(clubId, meetingId), networkMode: 'always', refetchInterval: WAITING_POLL_MS });

export function useAttendanceSheet(clubId: string, meetingId: string) {
  return useQuery(attendanceQueryOptions(clubId, meetingId));
}
