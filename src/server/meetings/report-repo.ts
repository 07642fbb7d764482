import type { Queryable } from '../db/index.js';
import type { TAttendanceStatus, TMemberAttendance } from '../../shared/meetings.js';

export interface MarkRow {
  member_id: string;
  full_name: string;
  unit_id: string | null;
  unit_name: string | null;
  color: string | null;
  date: string;
  status: TAttendanceStatus;
}

/** Marks of held (not cancelled) meetings in a date range, of one unit's members or all. */
export function listMarksInRange(q: Queryable, clubId: string, from: string, to: string, unitId: string | null) {
  return q.query<MarkRow>(
    `SELECT cm.id AS member_id, p.full_name, cm.unit_id, u.name AS unit_name, u.color, m.date, a.status
       FROM meeting_attendance a
       JOIN meetings m ON m.club_id = a.club_id AND m.id = a.meeting_id
       JOIN club_members cm ON cm.id = a.member_id
       JOIN profiles p ON p.id = cm.profile_id
       LEFT JOIN units u ON u.id = cm.unit_id
      WHERE a.club_id = $1 AND m.status = 'scheduled' AND m.date BETWEEN $2::date AND $3::date
        AND ($4::uuid IS NULL OR cm.unit_id = $4::uuid)
      ORDER BY m.date, m.start_time, m.id`,
    [clubId, from, to, unitId],
  );
}

/** The marks of one meeting. */
export function listMeetingMarks(q: Queryable, clubId: string, meetingId: string) {
  return q.query<{ status: TAttendanceStatus }>(`SELECT status FROM meeting_attendance WHERE club_id = $1 AND meeting_id = $2`, [clubId, meetingId]);
}

/** One member's marks at held meetings, newest first, with the points each one booked. */
export function listMemberMarks(q: Queryable, clubId: string, memberId: string) {
  return q.query<TMemberAttendance['recent'][number]>(
    `SELECT m.id AS meeting_id, m.date, m.title, a.status,
            coalesce((SELECT sum(pe.points) FROM point_events pe
                       WHERE pe.club_id = a.club_id AND pe.meeting_id = m.id AND pe.profile_id = cm.profile_id AND pe.source = 'meeting'), 0)::int AS points
       FROM meeting_attendance a
       JOIN meetings m ON m.club_id = a.club_id AND m.id = a.meeting_id
       JOIN club_members cm ON cm.id = a.member_id
      WHERE a.club_id = $1 AND a.member_id = $2 AND m.status = 'scheduled'
      ORDER BY m.date DESC, m.start_time DESC`,
    [clubId, memberId],
  );
}
