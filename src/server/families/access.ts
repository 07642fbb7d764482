import type { Queryable } from '../db/index.js';
import { maybeOne } from '../db/index.js';
import { FAMILY_MSG } from '../../shared/families.js';
import { notFound } from '../core/errors.js';
import { isUuid } from '../../shared/ids.js';


export interface GuardianLink {
  guardianId: string;
  clubId: string;
  memberId: string;
  childProfileId: string;
  relationship: string;
  consented: boolean;
}

/**
 * The one rule of a guardian link in force, as SQL over `member_guardians g` and `club_members cm`
 * (joined on the member): accepted, an active membership of an active club, with a consent in force.
 * Reading the child's data (below) and being told about the child (notifications: `guardiansByMember`)
 * both go through it: a withdrawn consent hides the child on /familia and stops every notice about them.
 */
export const GUARDIAN_IN_FORCE_SQL = `g.profile_id IS NOT NULL AND g.accepted_at IS NOT NULL AND cm.active
  AND EXISTS (SELECT 1 FROM clubs c WHERE c.id = cm.club_id AND c.active)
  AND EXISTS (SELECT 1 FROM member_consents mc WHERE mc.club_id = cm.club_id AND mc.member_id = cm.id AND mc.withdrawn_at IS NULL)`;

/**
 * A guardian is not a club member: this is their only way in. The signed-in account must be an
 * accepted guardian of that member record, in an active club, with the membership active. Anything
 * else (another child, a sibling club, an unknown id) is 404, exactly as for a record that does not exist.
 */
export async function findGuardianLink(q: Queryable, guardianProfileId: string, memberId: string): Promise<GuardianLink> {
  if (!isUuid(memberId)) throw notFound(FAMILY_MSG.childNotFound);
  const row = await maybeOne<GuardianLink>(
    q,
    `SELECT g.id AS "guardianId", cm.club_id AS "clubId", cm.id AS "memberId", cm.profile_id AS "childProfileId", g.relationship,
            EXISTS (SELECT 1 FROM member_consents mc WHERE mc.club_id = cm.club_id AND mc.member_id = cm.id AND mc.withdrawn_at IS NULL) AS consented
       FROM member_guardians g
       JOIN club_members cm ON cm.id = g.member_id AND cm.club_id = g.club_id
       JOIN clubs c ON c.id = cm.club_id
      WHERE g.profile_id = $1 AND g.member_id = $2 AND g.accepted_at IS NOT NULL AND cm.active AND c.active`,
    [guardianProfileId, memberId],
  );
  if (!row) throw notFound(FAMILY_MSG.childNotFound);
  return row;
}

/** A linked child whose data may be read: consent in force. A withdrawn consent hides the data (404). */
export async function requireGuardianOf(q: Queryable, guardianProfileId: string, memberId: string): Promise<GuardianLink> {
  const link = await findGuardianLink(q, guardianProfileId, memberId);
  if (!link.consented) throw notFound(FAMILY_MSG.childNotFound);
  return link;
}
