import type { Queryable } from '../db/index.js';
import { CATEGORY_DEFAULTS, type TNotificationCategory } from '../../shared/notifications.js';
import * as notifyRepo from './notify-repo.js';

/**
 * What another domain hands to {@link notify}. The text is shown to each recipient as it is, so it must
 * hold only what every one of them may see: no health data, no other member's amounts, no e-mail
 * addresses (issue 36). Keep the title short (it is the push's title) and the body to one sentence.
 */
export interface NotifyInput {
  /** The club the moment belongs to; null for the account's own moments (security). */
  clubId: string | null;
  /** Recipients (profile ids); duplicates and unknown ids are ignored. */
  to: readonly string[];
  category: TNotificationCategory;
  /** What happened, `domain.event` (e.g. `submission.approved`); the web app may pick an icon by it. */
  kind: string;
  title: string;
  body?: string;
  /** The in-app path of the screen it is about (e.g. `/dashboard/minhas-tarefas`). */
  link: string;
  /** Security and money overdue: e-mailed at once (unless turned off) and pushed even in quiet hours. */
  urgent?: boolean;
  /**
   * Makes the notification once per person and key (e.g. `charge.overdue:<id>:2026-11-26`): a second
   * call with the same key creates nothing, also from another instance.
   */
  dedupeKey?: string;
}

/** One notification of a {@link notifyMany} call: its text, link and key, for these recipients. */
export interface NoticeItem {
  to: readonly string[];
  title: string;
  body?: string;
  link: string;
  dedupeKey?: string;
}

/** What the notifications of one {@link notifyMany} call share. */
export type NoticeCommon = Pick<NotifyInput, 'clubId' | 'category' | 'kind' | 'urgent'> & {
  /**
   * A grouped notice (one per child and club day, say): a second call with the same key rewrites the
   * person's notification in place (title, body, link, unread again) instead of doing nothing, and
   * pushes nothing more; only its first creation is pushed and e-mailed.
   */
  replace?: boolean;
};

/** Announced when a transaction that created notifications committed: the delivery worker then starts (service.ts). */
export const NOTIFIED = 'notifications';

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * Creates the notifications of one event for its recipients, inside the caller's transaction `tx`: if
 * the event rolls back, nobody is notified and nothing is pushed or e-mailed. Each person's choices
 * for the category decide the push (one queued delivery per device of theirs, held until the end of
 * their quiet hours, default 22h–7h in the club's time zone, unless urgent) and the e-mail (at once, daily or weekly digest,
 * or never). A minor (src/shared/minor.ts: under 18, or no birth date and not marked an adult, in any
 * club they belong to) gets nothing on their own e-mail, and
 * nothing to their phone unless a guardian with consent in force allowed it (/familia).
 * One statement whatever the number of recipients. Returns how many notifications were created.
 */
export async function notify(tx: Queryable, input: NotifyInput): Promise<number> {
  const { to, title, body, link, dedupeKey, ...common } = input;
  return notifyMany(tx, common, [{ to, title, body, link, dedupeKey }]);
}

/**
 * {@link notify} for many moments of one kind at once (a month of dues: one 'Nova cobrança' per charge,
 * to the member and to their guardians), in one statement: the same recipients' rules, preferences,
 * quiet hours and push fan-out, each (person, key) once. A person listed twice under one key keeps
 * the first item's text and link. With `replace`, a key the person holds already has its text
 * rewritten (no new push); the count returned is of notifications created, not rewritten.
 */
export async function notifyMany(tx: Queryable, common: NoticeCommon, items: readonly NoticeItem[]): Promise<number> {
  const profiles: string[] = [];
  const titles: string[] = [];
  const bodies: string[] = [];
  const links: string[] = [];
  const keys: (string | null)[] = [];
  const seen = new Set<string>();
  for (const [i, item] of items.entries()) {
    for (const profileId of item.to) {
      // Once per person and key (the table's rule); an item without a key once per person.
      const once = `${profileId} ${item.dedupeKey !== undefined ? `k${item.dedupeKey}` : `i${i}`}`;
      if (seen.has(once)) continue;
      seen.add(once);
      profiles.push(profileId);
      titles.push(clip(item.title, 200));
      bodies.push(clip(item.body ?? '', 1000));
      links.push(item.link);
      keys.push(item.dedupeKey ?? null);
    }
  }
  if (profiles.length === 0) return 0;
  const defaults = CATEGORY_DEFAULTS[common.category];
  const urgent = common.urgent ?? false;
  // One item (the usual call, e.g. a task told to a whole club): its text as single values, not repeated per person.
  const single = items.length === 1;
  const row = await notifyRepo.insertNotices(tx, single, [
    common.clubId, profiles, single ? titles[0] : titles, single ? bodies[0] : bodies, single ? links[0] : links, single ? keys[0] : keys,
    common.category, common.kind, urgent, defaults.push, defaults.email, common.replace ?? false,
  ]);
  // The delivery worker starts once this is committed (a start from inside the transaction would find nothing yet).
  if (row.created > 0) tx.afterCommit?.(NOTIFIED);
  return row.created;
}

/**
 * The accounts of the guardians of a member (by profile) who may be told about them: the link in force
 * as for /familia (accepted, active membership and club, consent not withdrawn: `GUARDIAN_IN_FORCE_SQL`).
 * Every notice about a child finds its guardians here, so a withdrawn consent silences them all.
 */
export async function guardiansOf(q: Queryable, clubId: string, profileId: string): Promise<string[]> {
  return (await guardiansByMember(q, clubId, [profileId])).get(profileId) ?? [];
}

/** {@link guardiansOf} for several members in one query: member profile → guardian profiles. */
export async function guardiansByMember(q: Queryable, clubId: string, profileIds: readonly string[]): Promise<Map<string, string[]>> {
  const rows = await notifyRepo.guardianRows(q, clubId, profileIds);
  const byMember = new Map<string, string[]>();
  for (const r of rows) byMember.set(r.member_profile_id, [...(byMember.get(r.member_profile_id) ?? []), r.profile_id]);
  return byMember;
}

/** Active members of a club holding one of these functions (e.g. the leaders told of an accepted invitation). */
export async function membersWithRoles(q: Queryable, clubId: string, roles: readonly string[]): Promise<string[]> {
  return notifyRepo.membersWithRoles(q, clubId, roles);
}
