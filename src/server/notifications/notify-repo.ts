import type { Queryable } from '../db/index.js';
import { one } from '../db/index.js';
import { GUARDIAN_IN_FORCE_SQL } from '../families/access.js';
import { QUIET_HOURS_DEFAULT } from '../../shared/notifications.js';
import { minorSql } from '../../shared/minor.js';
import { clubTodayOf } from '../db/club-clock.js';

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

/** Runs the statement of notifyMany (`single`: one item's text as single values); how many notifications it created. */
export function insertNotices(tx: Queryable, single: boolean, params: unknown[]) {
  return one<{ created: number }>(tx, single ? NOTIFY_ONE_SQL : NOTIFY_MANY_SQL, params);
}

/** Member profile → guardian profile, for the links in force (`GUARDIAN_IN_FORCE_SQL`). */
export function guardianRows(q: Queryable, clubId: string, profileIds: readonly string[]) {
  return q.query<{ member_profile_id: string; profile_id: string }>(
    `SELECT DISTINCT cm.profile_id AS member_profile_id, g.profile_id FROM member_guardians g JOIN club_members cm ON cm.id = g.member_id AND cm.club_id = g.club_id
      WHERE g.club_id = $1 AND cm.profile_id = ANY($2::uuid[]) AND ${GUARDIAN_IN_FORCE_SQL}`,
    [clubId, profileIds],
  );
}

/** Active members of a club holding one of these functions. */
export async function membersWithRoles(q: Queryable, clubId: string, roles: readonly string[]): Promise<string[]> {
  const rows = await q.query<{ profile_id: string }>(
    `SELECT profile_id FROM club_members WHERE club_id = $1 AND active AND role = ANY ($2::text[])`,
    [clubId, roles],
  );
  return rows.map((r) => r.profile_id);
}
