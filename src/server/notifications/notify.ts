import type { Queryable } from '../db/index.js';
import { one } from '../db/index.js';
import { GUARDIAN_IN_FORCE_SQL } from '../families/access.js';
import { CATEGORY_DEFAULTS, QUIET_HOURS_DEFAULT, type TNotificationCategory } from '../../shared/notifications.js';
import { minorSql } from '../../shared/minor.js';
import { clubTodayOf } from '../db/club-clock.js';

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
 * The statement of {@link notifyMany}: $2 the recipients, $3–$6 their title, body, link and key (arrays
 * aligned with $2, or single values for all), $7 category, $8 kind, $9 urgent, $10–$11 the category's
 * push and e-mail defaults, $12 replace (a grouped notice: rewrite the one the key holds).
 */
const notifySql = (recipients: string) => `
    WITH t AS (
${recipients}
    ), r AS (
      SELECT p.id AS profile_id,
             -- A minor's phone gets nothing unless a guardian whose consent is in force allowed it (0710).
             coalesce(np.push, $10::boolean) AND (NOT k.minor OR k.push_allowed) AS push,
             CASE WHEN p.email IS NULL OR p.blocked_at IS NOT NULL OR k.minor THEN 'off'
                  WHEN $9::boolean AND coalesce(np.email, $11::text) <> 'off' THEN 'immediate'
                  ELSE coalesce(np.email, $11::text) END AS email_mode,
             -- Each person's quiet hours (default 22h–7h) in the club's time zone hold the push until they end.
             notification_push_due(tz.name, $9::boolean,
               CASE WHEN qh.profile_id IS NULL THEN ${QUIET_HOURS_DEFAULT.start} ELSE qh.quiet_start END,
               CASE WHEN qh.profile_id IS NULL THEN ${QUIET_HOURS_DEFAULT.end} ELSE qh.quiet_end END) AS push_at
        FROM (SELECT DISTINCT profile_id FROM t) AS who
        JOIN profiles p ON p.id = who.profile_id
        -- A minor in any club they belong to (src/shared/minor.ts, on that club's today): decided once per recipient.
        CROSS JOIN LATERAL (
          SELECT EXISTS (SELECT 1 FROM club_members cm WHERE cm.profile_id = p.id AND ${minorSql('cm', clubTodayOf('cm.club_id'))}) AS minor,
                 EXISTS (SELECT 1 FROM club_members cm JOIN member_guardians g ON g.member_id = cm.id AND g.child_push_allowed AND g.accepted_at IS NOT NULL
                           JOIN member_consents mc ON mc.member_id = cm.id AND mc.club_id = cm.club_id AND mc.withdrawn_at IS NULL
                          WHERE cm.profile_id = p.id) AS push_allowed
        ) k
        LEFT JOIN notification_preferences np ON np.profile_id = p.id AND np.category = $7::text
        LEFT JOIN notification_quiet_hours qh ON qh.profile_id = p.id
        CROSS JOIN (SELECT coalesce((SELECT c.timezone FROM clubs c WHERE c.id = $1::uuid), 'America/Sao_Paulo') AS name) tz
    ), ins AS (
      INSERT INTO notifications (club_id, profile_id, category, kind, title, body, link, urgent, dedupe_key, email_mode, emailed_at)
      SELECT $1::uuid, r.profile_id, $7::text, $8::text, t.title, t.body, t.link, $9::boolean, t.dedupe_key, r.email_mode,
             CASE WHEN r.email_mode = 'off' THEN now() END
        FROM t JOIN r ON r.profile_id = t.profile_id
      -- $12 (replace): a grouped notice is rewritten in place and unread again; otherwise a key held is a no-op.
      ON CONFLICT (profile_id, dedupe_key) WHERE dedupe_key IS NOT NULL
        DO UPDATE SET title = EXCLUDED.title, body = EXCLUDED.body, link = EXCLUDED.link, read_at = NULL WHERE $12::boolean
      -- xmax = 0: the row was inserted by this statement (a rewritten one carries this transaction's id).
      RETURNING id, profile_id, (xmax = 0) AS inserted
    ), pushed AS (
      INSERT INTO push_deliveries (notification_id, subscription_id, next_attempt_at)
      SELECT ins.id, s.id, r.push_at
        FROM ins JOIN r ON r.profile_id = ins.profile_id AND r.push AND ins.inserted
        JOIN push_subscriptions s ON s.profile_id = ins.profile_id
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM ins WHERE inserted)::int AS created, (SELECT count(*) FROM pushed)::int AS pushes`;
const NOTIFY_MANY_SQL = notifySql(
  'SELECT * FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[]) AS t(profile_id, title, body, link, dedupe_key)');
const NOTIFY_ONE_SQL = notifySql(
  'SELECT t.profile_id, $3::text AS title, $4::text AS body, $5::text AS link, $6::text AS dedupe_key FROM unnest($2::uuid[]) AS t(profile_id)');

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
  const row = await one<{ created: number }>(tx, single ? NOTIFY_ONE_SQL : NOTIFY_MANY_SQL, [
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
  const rows = await q.query<{ member_profile_id: string; profile_id: string }>(
    `SELECT DISTINCT cm.profile_id AS member_profile_id, g.profile_id FROM member_guardians g JOIN club_members cm ON cm.id = g.member_id AND cm.club_id = g.club_id
      WHERE g.club_id = $1 AND cm.profile_id = ANY($2::uuid[]) AND ${GUARDIAN_IN_FORCE_SQL}`,
    [clubId, profileIds],
  );
  const byMember = new Map<string, string[]>();
  for (const r of rows) byMember.set(r.member_profile_id, [...(byMember.get(r.member_profile_id) ?? []), r.profile_id]);
  return byMember;
}

/** Active members of a club holding one of these functions (e.g. the leaders told of an accepted invitation). */
export async function membersWithRoles(q: Queryable, clubId: string, roles: readonly string[]): Promise<string[]> {
  const rows = await q.query<{ profile_id: string }>(
    `SELECT profile_id FROM club_members WHERE club_id = $1 AND active AND role = ANY ($2::text[])`,
    [clubId, roles],
  );
  return rows.map((r) => r.profile_id);
}
