import type { Queryable } from '../db/index.js';
import { one } from '../db/index.js';
import { CATEGORY_DEFAULTS, type TNotificationCategory } from '../../shared/notifications.js';

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

/**
 * Set when notify ran: the app's onResponse hook then starts the delivery worker, after the request's
 * transaction committed (a kick from inside it would find nothing yet).
 */
let notifiedSinceKick = false;
export function takeNotifiedFlag(): boolean {
  const was = notifiedSinceKick;
  notifiedSinceKick = false;
  return was;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * Creates the notifications of one event for its recipients, inside the caller's transaction `tx`: if
 * the event rolls back, nobody is notified and nothing is pushed or e-mailed. Each person's choices
 * for the category decide the push (one queued delivery per device of theirs, held until 07:00 in the
 * club's time zone during quiet hours unless urgent) and the e-mail (at once, daily or weekly digest,
 * or never). A member with a guardian on record is a minor: nothing goes to their own e-mail, and
 * nothing to their phone unless a guardian with consent in force allowed it (/familia).
 * One statement whatever the number of recipients. Returns how many notifications were created.
 */
export async function notify(tx: Queryable, input: NotifyInput): Promise<number> {
  const { to, title, body, dedupeKey, ...common } = input;
  return notifyEach(tx, common, [...new Set(to)].map((profileId) => ({ to: profileId, title, body, dedupeKey })));
}

/** One notification of {@link notifyEach}: its recipient and its own text (and key). */
export interface NotifyRow {
  to: string;
  title: string;
  body?: string;
  dedupeKey?: string;
}

/**
 * {@link notify} for notices of one kind whose text differs per recipient (each member's guardians
 * told about that member), in one statement whatever their number. A row repeated (same recipient,
 * text and key) is created once.
 */
export async function notifyEach(tx: Queryable, common: Omit<NotifyInput, 'to' | 'title' | 'body' | 'dedupeKey'>, rows: readonly NotifyRow[]): Promise<number> {
  const seen = new Set<string>();
  const unique = rows.filter((r) => {
    const key = JSON.stringify([r.to, r.title, r.body ?? '', r.dedupeKey ?? null]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (unique.length === 0) return 0;
  notifiedSinceKick = true;
  const defaults = CATEGORY_DEFAULTS[common.category];
  const urgent = common.urgent ?? false;
  const row = await one<{ created: number }>(tx, `
    WITH r AS (
      SELECT t.n, p.id AS profile_id, t.title, t.body, t.dedupe_key,
             -- A minor's phone gets nothing unless a guardian whose consent is in force allowed it (0710).
             coalesce(np.push, $7::boolean) AND (NOT k.minor OR k.push_allowed) AS push,
             CASE WHEN p.email IS NULL OR p.blocked_at IS NOT NULL OR k.minor THEN 'off'
                  WHEN $6::boolean AND coalesce(np.email, $8::text) <> 'off' THEN 'immediate'
                  ELSE coalesce(np.email, $8::text) END AS email_mode
        FROM unnest($2::uuid[], $9::text[], $10::text[], $11::text[]) WITH ORDINALITY AS t(id, title, body, dedupe_key, n)
        JOIN profiles p ON p.id = t.id
        -- A member with a guardian on record is a minor: decided once per recipient.
        CROSS JOIN LATERAL (
          SELECT EXISTS (SELECT 1 FROM club_members cm JOIN member_guardians g ON g.member_id = cm.id WHERE cm.profile_id = p.id) AS minor,
                 EXISTS (SELECT 1 FROM club_members cm JOIN member_guardians g ON g.member_id = cm.id AND g.child_push_allowed AND g.accepted_at IS NOT NULL
                           JOIN member_consents mc ON mc.member_id = cm.id AND mc.club_id = cm.club_id AND mc.withdrawn_at IS NULL
                          WHERE cm.profile_id = p.id) AS push_allowed
        ) k
        LEFT JOIN notification_preferences np ON np.profile_id = p.id AND np.category = $3::text
    ), ins AS (
      INSERT INTO notifications (club_id, profile_id, category, kind, title, body, link, urgent, dedupe_key, email_mode, emailed_at)
      SELECT $1::uuid, r.profile_id, $3::text, $4::text, r.title, r.body, $5::text, $6::boolean, r.dedupe_key, r.email_mode, CASE WHEN r.email_mode = 'off' THEN now() END FROM r ORDER BY r.n
      ON CONFLICT (profile_id, dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
      RETURNING id, profile_id
    ), pushed AS (
      INSERT INTO push_deliveries (notification_id, subscription_id, next_attempt_at)
      SELECT ins.id, s.id, notification_push_due(coalesce((SELECT c.timezone FROM clubs c WHERE c.id = $1::uuid), 'America/Sao_Paulo'), $6::boolean)
        FROM ins JOIN push_subscriptions s ON s.profile_id = ins.profile_id
       WHERE EXISTS (SELECT 1 FROM r WHERE r.profile_id = ins.profile_id AND r.push)
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM ins)::int AS created, (SELECT count(*) FROM pushed)::int AS pushes`,
  [
    common.clubId, unique.map((r) => r.to), common.category, common.kind, common.link, urgent,
    defaults.push, defaults.email, unique.map((r) => clip(r.title, 200)), unique.map((r) => clip(r.body ?? '', 1000)), unique.map((r) => r.dedupeKey ?? null),
  ]);
  return row.created;
}

/** The accounts of the guardians of a member (by profile) who accepted their invitation, in that club. */
export async function guardiansOf(q: Queryable, clubId: string, profileId: string): Promise<string[]> {
  return (await guardiansByMember(q, clubId, [profileId])).get(profileId) ?? [];
}

/** {@link guardiansOf} for several members in one query: member profile → guardian profiles. */
export async function guardiansByMember(q: Queryable, clubId: string, profileIds: readonly string[]): Promise<Map<string, string[]>> {
  const rows = await q.query<{ member_profile_id: string; profile_id: string }>(
    `SELECT DISTINCT cm.profile_id AS member_profile_id, g.profile_id FROM member_guardians g JOIN club_members cm ON cm.id = g.member_id
      WHERE g.club_id = $1 AND cm.profile_id = ANY($2::uuid[]) AND g.profile_id IS NOT NULL AND g.accepted_at IS NOT NULL`,
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
