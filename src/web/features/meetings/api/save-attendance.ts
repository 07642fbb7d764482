import type { TAttendanceSaved, TMarkInput } from '@shared/meetings';
import { api } from '@web/lib/api';

/** Saves the marks of the members listed (the server replaces their earlier ones). */
export function saveAttendance(clubId: string, meetingId: string, marks: TMarkInput[]): Promise<TAttendanceSaved> {
  return api<TAttendanceSaved>('PUT', `/api/clubs/${clubId}/meetings/${meetingId}/attendance`, { marks });
}
