import { maybeOne, type Queryable } from '../db/index.js';
import { clubDate } from '../db/club-clock.js';

/** The member a fact is about (by member id or by the profile that joined), with the club's day. */
export function factMember(q: Queryable, clubId: string, who: { memberId: string } | { profileId: string }): Promise<{ id: string; name: string; today: string } | null> {
  const [col, value] = 'memberId' in who ? ['cm.id', who.memberId] : ['cm.profile_id', who.profileId];
  return maybeOne(q,
    `SELECT cm.id, p.full_name AS name, ${clubDate()}::text AS today
       FROM club_members cm JOIN profiles p ON p.id = cm.profile_id JOIN clubs c ON c.id = cm.club_id
      WHERE cm.club_id = $1 AND ${col} = $2`, [clubId, value]);
}
