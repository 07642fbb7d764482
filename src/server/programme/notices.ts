import type { Queryable } from '../db/index.js';
import { guardiansByMember, membersWithRoles, notify, notifyMany, type NoticeItem } from '../notifications/notify.js';
import type { MemberRef } from './repo.js';

/**
 * What a signing request tells (ADR 040, ADR 060), inside its transaction: each member signed for
 * once (and their guardians), however many requisitos the request signed for them; the direction
 * and the item's instructors when a member becomes 'pronto para investidura'. A replay signs
 * nothing and so tells nobody.
 */

/** What one request signed for one member. */
export interface SignedForMember {
  member: MemberRef;
  /** Item names and requisito texts, in the order signed (a linked requisito follows its especialidade). */
  signed: Array<{ itemName: string; text: string }>;
}

/** A member's enrolment completed by the request. */
export interface ReadyMember {
  member: MemberRef;
  enrolmentId: string;
  itemCode: string;
  itemName: string;
  completedOn: string;
}

const short = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);
const firstName = (full: string) => full.trim().split(/\s+/)[0] ?? full;
const DIRECTION = ['admin', 'associate'] as const;

/**
 * One notification per member signed for (and one per guardian of theirs). Members told the same
 * thing (a bulk signature of one requisito) share one statement; guardians are looked up at once.
 */
export async function notifySigned(tx: Queryable, clubId: string, members: Iterable<SignedForMember>): Promise<void> {
  const told = [...members].filter((m) => m.signed.length > 0);
  if (told.length === 0) return;
  const base = { clubId, category: 'achievements' as const, kind: 'programme.signed' };
  const texts = (signed: SignedForMember['signed']) => {
    const items = [...new Set(signed.map((s) => s.itemName))].join(', ');
    return { one: signed.length === 1, items };
  };
  const sameNotice = new Map<string, { title: string; body: string; to: string[] }>();
  for (const { member, signed } of told) {
    const { one, items } = texts(signed);
    const title = one ? `Requisito assinado: ${signed[0].itemName}` : `${signed.length} requisitos assinados: ${items}`;
    const body = one ? short(signed[0].text) : 'Veja seu cartão de classe.';
    const key = `${title}\u0000${body}`;
    const group = sameNotice.get(key) ?? { title, body, to: [] };
    group.to.push(member.profile_id);
    sameNotice.set(key, group);
  }
  // The member's own cartão is the first tab of /dashboard/programa.
  for (const g of sameNotice.values()) await notify(tx, { ...base, to: g.to, link: '/dashboard/programa', title: g.title, body: g.body });
  // Each member's guardians are told about that member: one statement for all of them.
  const guardians = await guardiansByMember(tx, clubId, told.map((m) => m.member.profile_id));
  const notices: NoticeItem[] = [];
  for (const { member, signed } of told) {
    const to = guardians.get(member.profile_id) ?? [];
    if (to.length === 0) continue;
    const { one, items } = texts(signed);
    notices.push({
      to, link: '/familia',
      title: one ? `${firstName(member.full_name)}: requisito assinado em ${signed[0].itemName}` : `${firstName(member.full_name)}: ${signed.length} requisitos assinados`,
      body: one ? short(signed[0].text) : items,
    });
  }
  await notifyMany(tx, base, notices);
}

/**
 * 'Pronto para investidura': the direction and the instructors assigned to the item, except whoever
 * signed (they saw it) and the member. Once per enrolment and completion date.
 */
export async function notifyReady(tx: Queryable, clubId: string, signerProfileId: string, ready: readonly ReadyMember[]): Promise<void> {
  if (ready.length === 0) return;
  const direction = await membersWithRoles(tx, clubId, DIRECTION);
  const instructorsOf = new Map<string, string[]>();
  const notices: NoticeItem[] = [];
  for (const r of ready) {
    let instructors = instructorsOf.get(r.itemCode);
    if (!instructors) {
      instructors = (await tx.query<{ profile_id: string }>(
        `SELECT cm.profile_id FROM programme_instructors i JOIN club_members cm ON cm.id = i.member_id AND cm.club_id = i.club_id AND cm.active
          WHERE i.club_id = $1 AND i.item_code = $2`,
        [clubId, r.itemCode],
      )).map((i) => i.profile_id);
      instructorsOf.set(r.itemCode, instructors);
    }
    const to = [...new Set([...direction, ...instructors])].filter((p) => p !== signerProfileId && p !== r.member.profile_id);
    notices.push({
      to, link: '/dashboard/programa',
      title: `${r.member.full_name} completou os requisitos da investidura`, body: `${r.itemName}: todos os requisitos assinados.`,
      dedupeKey: `programme.ready:${r.enrolmentId}:${r.completedOn}`,
    });
  }
  await notifyMany(tx, { clubId, category: 'leadership', kind: 'programme.ready' }, notices);
}
