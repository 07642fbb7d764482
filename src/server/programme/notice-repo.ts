import type { Queryable } from '../db/index.js';
import { clubDate, clubPeriodStart } from '../db/club-clock.js';

// What the programme tells (notices.ts) -------------------------------------------------------------

/** How many requisitos each member got signed today (the club's day, by when they were signed) and in what. */
export function signedTodayRows(tx: Queryable, clubId: string, profileIds: string[]) {
  return tx.query<{ profile_id: string; today: string; count: number; items: string }>(
    `SELECT cm.profile_id, ${clubDate()}::text AS today, count(*)::int AS count, string_agg(DISTINCT i.name, ', ') AS items
       FROM programme_signatures s
       JOIN programme_enrolments e ON e.club_id = s.club_id AND e.id = s.enrolment_id
       JOIN club_members cm ON cm.id = e.member_id AND cm.club_id = e.club_id
       JOIN programme_items i ON i.code = e.item_code
       JOIN clubs c ON c.id = s.club_id
      WHERE s.club_id = $1 AND cm.profile_id = ANY($2::uuid[]) AND s.created_at >= ${clubPeriodStart('day')}
      GROUP BY cm.profile_id, c.timezone`,
    [clubId, profileIds],
  );
}

/** The profiles of the active instructors assigned to an item. */
export async function instructorProfiles(tx: Queryable, clubId: string, itemCode: string): Promise<string[]> {
  const rows = await tx.query<{ profile_id: string }>(
    `SELECT cm.profile_id FROM programme_instructors i JOIN club_members cm ON cm.id = i.member_id AND cm.club_id = i.club_id AND cm.active
          WHERE i.club_id = $1 AND i.item_code = $2`,
    [clubId, itemCode],
  );
  return rows.map((i) => i.profile_id);
}
