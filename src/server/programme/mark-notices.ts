import type { Queryable } from '../db/index.js';
import { notify } from '../notifications/notify.js';
import { CLUB_PERMISSIONS } from '../../shared/permissions.js';
import { leadersWhoSign } from './mark-repo.js';

const SIGN = CLUB_PERMISSIONS['programme.sign'];

/**
 * A member marked a requisito done (issue 43): the leaders who may sign it are told, so a mark does
 * not wait unseen in 'Para assinar'. Who may sign comes from the one table ('programme.sign'): the
 * direction, the instructors assigned to the item, the counsellors of the member's unit; never the
 * member. One notice per member and club day (an evening of marks is one notice), in the mark's
 * transaction.
 */
export async function notifyMarked(tx: Queryable, clubId: string, member: { member_id: string; profile_id: string; full_name: string; unit_id: string | null }, itemCode: string, today: string): Promise<void> {
  const clubWide = SIGN.roles.filter((r) => r !== 'instructor');
  const leaders = await leadersWhoSign(tx, clubId, member.profile_id, clubWide, [...SIGN.unitRoles], member.unit_id, itemCode);
  if (!leaders.length) return;
  await notify(tx, {
    clubId, category: 'leadership', kind: 'programme.marked',
    to: leaders.map((l) => l.profile_id),
    title: `${member.full_name} marcou requisitos como feitos`,
    body: 'Confira e assine em Classes → Para assinar.',
    link: '/dashboard/programa?aba=para-assinar',
    dedupeKey: `programme.marked:${member.member_id}:${today}`,
  });
}
