import type { Queryable } from '../db/index.js';
import { clubDate } from '../db/club-clock.js';

/** Of these members, those whose last three marks (excused skipped, scheduled meetings) are all absences. */
export function absenceStreaks(tx: Queryable, clubId: string, memberIds: readonly string[]) {
  return tx.query<{ member_id: string; profile_id: string; full_name: string }>(
    `SELECT cm.id AS member_id, cm.profile_id, p.full_name
       FROM club_members cm JOIN profiles p ON p.id = cm.profile_id
      WHERE cm.club_id = $1 AND cm.id = ANY ($2::uuid[])
        AND (SELECT array_agg(last.status) FROM (
               SELECT a.status FROM meeting_attendance a JOIN meetings m ON m.club_id = a.club_id AND m.id = a.meeting_id
                WHERE a.club_id = $1 AND a.member_id = cm.id AND a.status <> 'excused' AND m.status = 'scheduled'
                ORDER BY m.date DESC LIMIT 3) last) = ARRAY['absent', 'absent', 'absent']`,
    [clubId, memberIds]);
}

/**
 * Per reviewer (holders of `roles`; of `unitRoles` for their unit) of active clubs, how many submissions
 * waited more than `days` days.
 */
export function waitingSubmissions(q: Queryable, days: number, roles: readonly string[], unitRoles: readonly string[]) {
  return q.query<{ club_id: string; profile_id: string; waiting: number; club_day: string }>(
    `WITH waiting AS (
       SELECT s.club_id, cm.unit_id FROM task_submissions s
         JOIN club_members cm ON cm.club_id = s.club_id AND cm.profile_id = s.profile_id
        WHERE s.status = 'submitted' AND s.created_at < now() - make_interval(days => $1))
     SELECT l.club_id, l.profile_id, count(*)::int AS waiting, ${clubDate()}::text AS club_day
       FROM waiting w JOIN clubs c ON c.id = w.club_id AND c.active
       JOIN club_members l ON l.club_id = w.club_id AND l.active
        AND (l.role = ANY ($2::text[]) OR (l.role = ANY ($3::text[]) AND l.unit_id = w.unit_id))
      GROUP BY l.club_id, l.profile_id, c.timezone`,
    [days, roles, unitRoles]);
}
