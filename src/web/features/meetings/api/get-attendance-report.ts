import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAttendanceReport } from '@shared/meetings';
import { api } from '@web/lib/api';

export function getAttendanceReport(clubId: string, from: string, to: string): Promise<TAttendanceReport> {
  return api<TAttendanceReport>('GET', `/api/clubs/${clubId}/meetings/report?from=${from}&to=${to}`);
}

export const attendanceReportQueryOptions = (clubId: string, from: string, to: string) =>
  queryOptions({ queryKey: ['clubs', clubId, 'meetings', 'report', from, to], queryFn: () => getAttendanceReport(clubId, from, to) });

export function useAttendanceReport(clubId: string, from: string, to: string) {
  return useQuery(attendanceReportQueryOptions(clubId, from, to));
}

export const attendanceCsvUrl = (clubId: string, from: string, to: string) => `/api/clubs/${clubId}/meetings/report.csv?from=${from}&to=${to}`;
