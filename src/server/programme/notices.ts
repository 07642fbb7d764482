import type { Queryable } from '../db/index.js';
import { guardiansByMember, membersWithRoles, notifyMany, type NoticeItem } from '../notifications/notify.js';
import type { MemberRef } from './repo.js';
import { instructorProfiles, signedTodayRows } from './notice-repo.js';
import { plural } from '../../shared/plural.js';

/**
 * What the programme tells (ADR 040, ADR 060), inside the transaction of the moment: one
 * 'requisito assinado' per member and club day (and their guardians), rewritten with the day's count;
 * 'classe concluída' to them when the last requisito is signed, and to the direction and the item's
 * instructors 'pronto para investidura'; 'investidura registrada' to them when it is recorded. A
 * replay signs nothing and so tells nobody. Guardians always through `guardiansByMember` (consent).
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
  kind: 'class' | 'specialty';
  completedOn: string;
}

const short = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);
const firstName = (full: string) => full.trim().split(/\s+/)[0] ?? full;
const DIRECTION = ['admin', 'associate'] as const;

/** How many requisitos each member got signed today (the club's day, by when they were signed) and in what. */
async function signedToday(tx: Queryable, clubId: string, profileIds: string[]) {
  const rows = await signedTodayRows(tx, clubId, profileIds);
  return new Map(rows.map((r) => [r.profile_id, r]));
}

/**
 * 'Requisito assinado', grouped (issue 43, item 24): one notice per member and club day, to the member
 * and their guardians, rewritten in place as the evening goes ('3 requisitos assinados hoje em
 * Amigo') and pushed only when first created that day. The key names the member and the day, so a
 * guardian of two kids gets one notice for each.
 */
export async function notifySigned(tx: Queryable, clubId: string, members: Iterable<SignedForMember>): Promise<void> {
  const told = [...members].filter((m) => m.signed.length > 0);
  if (told.length === 0) return;
  const today = await signedToday(tx, clubId, told.map((m) => m.member.profile_id));
  const guardians = await guardiansByMember(tx, clubId, told.map((m) => m.member.profile_id));
  const notices: NoticeItem[] = [];
  for (const { member, signed } of told) {
    const day = today.get(member.profile_id);
    // At least what this request signed (a signature dated by the request is counted by its creation).
    const count = Math.max(day?.count ?? 0, signed.length);
    const items = day?.items ?? [...new Set(signed.map((s) => s.itemName))].join(', ');
    const one = count === 1;
    const dedupeKey = `programme.signed:${member.profile_id}:${day?.today ?? ''}`;
    const many = `${plural(count, 'requisito assinado', 'requisitos assinados')} hoje em ${items}`;
    // The member's own cartão is the first tab of /dashboard/programa.
    notices.push({
      to: [member.profile_id], link: '/dashboard/programa', dedupeKey,
      title: one ? `Requisito assinado: ${signed[0].itemName}` : many,
      body: one ? short(signed[0].text) : 'Veja seu cartão de classe.',
    });
    const to = guardians.get(member.profile_id) ?? [];
    if (to.length > 0) {
      notices.push({
        to, link: '/familia', dedupeKey,
        title: one ? `${firstName(member.full_name)}: requisito assinado em ${signed[0].itemName}` : `${firstName(member.full_name)}: ${many}`,
        body: one ? short(signed[0].text) : 'Veja o cartão de classe em Família.',
      });
    }
  }
  await notifyMany(tx, { clubId, category: 'achievements', kind: 'programme.signed', replace: true }, notices);
}

/**
 * 'Classe concluída' / 'Especialidade concluída': the member and their guardians, when the request
 * signed the enrolment's last requisito. Once per enrolment and completion date.
 */
export async function notifyCompleted(tx: Queryable, clubId: string, completed: readonly ReadyMember[]): Promise<void> {
  if (completed.length === 0) return;
  const guardians = await guardiansByMember(tx, clubId, completed.map((r) => r.member.profile_id));
  const notices: NoticeItem[] = [];
  for (const r of completed) {
    const cls = r.kind === 'class';
    const dedupeKey = `programme.completed:${r.enrolmentId}:${r.completedOn}`;
    notices.push({
      to: [r.member.profile_id], link: '/dashboard/programa', dedupeKey,
      title: `${cls ? 'Classe concluída' : 'Especialidade concluída'}: ${r.itemName}`,
      body: 'Todos os requisitos assinados. Agora é esperar a investidura!',
    });
    notices.push({
      to: guardians.get(r.member.profile_id) ?? [], link: '/familia', dedupeKey,
      title: `${firstName(r.member.full_name)} concluiu ${cls ? 'a classe' : 'a especialidade'} ${r.itemName}`,
      body: 'Todos os requisitos assinados. Agora é esperar a investidura.',
    });
  }
  await notifyMany(tx, { clubId, category: 'achievements', kind: 'programme.completed' }, notices);
}

/** An enrolment invested at an investidura, with its member. */
export interface InvestedMember {
  member: Pick<MemberRef, 'profile_id' | 'full_name'>;
  enrolmentId: string;
  itemName: string;
  kind: 'class' | 'specialty';
}

/** 'Investidura registrada': the member and their guardians, once per enrolment, with the date and place. */
export async function notifyInvested(tx: Queryable, clubId: string, invested: readonly InvestedMember[], heldOn: string, place: string): Promise<void> {
  if (invested.length === 0) return;
  const guardians = await guardiansByMember(tx, clubId, invested.map((r) => r.member.profile_id));
  const when = `${heldOn.slice(8, 10)}/${heldOn.slice(5, 7)}/${heldOn.slice(0, 4)}`;
  const body = short(`Investidura de ${when}${place.trim() ? ` em ${place.trim()}` : ''}.`);
  const notices: NoticeItem[] = [];
  for (const r of invested) {
    const dedupeKey = `programme.invested:${r.enrolmentId}`;
    notices.push({ to: [r.member.profile_id], link: '/dashboard/programa', dedupeKey, title: `Investidura registrada: ${r.itemName}`, body });
    notices.push({
      to: guardians.get(r.member.profile_id) ?? [], link: '/familia', dedupeKey,
      title: `${firstName(r.member.full_name)}: investidura registrada em ${r.itemName}`, body,
    });
  }
  await notifyMany(tx, { clubId, category: 'achievements', kind: 'programme.invested' }, notices);
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
      instructors = await instructorProfiles(tx, clubId, r.itemCode);
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
