import { z } from 'zod';
import type { Db, Queryable } from '../db/index.js';
import { maybeOne, one } from '../db/index.js';
import { ZCursorTimestamp, pageOf } from '../db/cursor.js';
import { MAX_PUSH_DEVICES, type TNotification, type TNotificationPage, type TPushDeliveryIssue, type TPushSubscriptionInput, type TUnreadCounts } from '../../shared/notifications.js';

/** The sort key in a notifications page's cursor: when, and the id. */
export const ZNotificationCursor = z.tuple([ZCursorTimestamp, z.uuid()]);

interface Row extends TNotification {
  sort_at: string;
}

/**
 * One page of a person's notifications, newest first, by keyset. With a club, that club's and the
 * account's own (which belong to no club). `after`: the key of the previous page's last row.
 */
export async function listNotifications(
  q: Queryable, profileId: string, clubId: string | null, after: z.output<typeof ZNotificationCursor> | null, limit: number,
): Promise<TNotificationPage> {
  const rows = await q.query<Row>(
    `SELECT n.id, n.club_id, c.name AS club_name, n.category, n.kind, n.title, n.body, n.link, n.urgent,
            n.created_at, n.read_at, n.created_at::text AS sort_at
       FROM notifications n LEFT JOIN clubs c ON c.id = n.club_id
      WHERE n.profile_id = $1
        AND ($2::uuid IS NULL OR n.club_id = $2::uuid OR n.club_id IS NULL)
        AND ($3::timestamptz IS NULL OR (n.created_at, n.id) < ($3::timestamptz, $4::uuid))
      ORDER BY n.created_at DESC, n.id DESC
      LIMIT $5`,
    [profileId, clubId, after?.[0] ?? null, after?.[1] ?? null, limit + 1],
  );
  const page = pageOf(rows, limit, (r) => [r.sort_at, r.id]);
  return { notifications: page.rows.map(({ sort_at: _sortAt, ...n }) => n), next_cursor: page.next_cursor };
}

/** The bell: unread per club (the account's own count in the total only). */
export async function unreadCounts(q: Queryable, profileId: string): Promise<TUnreadCounts> {
  const rows = await q.query<{ club_id: string | null; unread: number }>(
    `SELECT club_id, count(*)::int AS unread FROM notifications WHERE profile_id = $1 AND read_at IS NULL GROUP BY club_id`,
    [profileId],
  );
  return {
    total: rows.reduce((sum, r) => sum + r.unread, 0),
    clubs: rows.flatMap((r) => (r.club_id ? [{ club_id: r.club_id, unread: r.unread }] : [])),
  };
}

/** Marks one of the person's notifications read; false when it is not theirs (or does not exist). */
export async function markRead(q: Queryable, profileId: string, id: string): Promise<boolean> {
  const row = await maybeOne<{ id: string }>(
    q, `UPDATE notifications SET read_at = coalesce(read_at, now()) WHERE id = $1 AND profile_id = $2 RETURNING id`, [id, profileId]);
  return row !== null;
}

/** Marks all of the person's unread notifications read (of one club and the account's own, or all). */
export async function markAllRead(q: Queryable, profileId: string, clubId: string | null): Promise<number> {
  const row = await one<{ n: number }>(q,
    `WITH done AS (
       UPDATE notifications SET read_at = now()
        WHERE profile_id = $1 AND read_at IS NULL AND ($2::uuid IS NULL OR club_id = $2::uuid OR club_id IS NULL)
       RETURNING 1)
     SELECT count(*)::int AS n FROM done`,
    [profileId, clubId]);
  return row.n;
}

/** Whether the person belongs to the club: an active member, or a guardian of one of its members. */
export async function belongsToClub(q: Queryable, profileId: string, clubId: string): Promise<boolean> {
  const row = await maybeOne<{ ok: boolean }>(q,
    `SELECT true AS ok WHERE EXISTS (SELECT 1 FROM club_members WHERE club_id = $1 AND profile_id = $2 AND active)
        OR EXISTS (SELECT 1 FROM member_guardians WHERE club_id = $1 AND profile_id = $2 AND accepted_at IS NOT NULL)`,
    [clubId, profileId]);
  return row !== null;
}

/**
 * Saves a browser's subscription for the person; the same endpoint moves to whoever subscribes it last.
 * At most {@link MAX_PUSH_DEVICES} per account: the oldest are replaced (each notice sends one request
 * per device, to an address the browser chose). The account's row is locked so that two devices
 * subscribing at once cannot both keep an eleventh.
 */
export async function saveSubscription(db: Db, profileId: string, sub: TPushSubscriptionInput, userAgent: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`SELECT 1 FROM profiles WHERE id = $1 FOR NO KEY UPDATE`, [profileId]);
    await tx.query(
      `INSERT INTO push_subscriptions (profile_id, endpoint, p256dh, auth, user_agent) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (endpoint) DO UPDATE SET profile_id = EXCLUDED.profile_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth,
         user_agent = EXCLUDED.user_agent, created_at = now()`,
      [profileId, sub.endpoint, sub.keys.p256dh, sub.keys.auth, userAgent]);
    await tx.query(
      `DELETE FROM push_subscriptions WHERE id IN (
         SELECT id FROM push_subscriptions WHERE profile_id = $1 ORDER BY created_at DESC, id DESC OFFSET $2)`,
      [profileId, MAX_PUSH_DEVICES]);
  });
}

/** Removes the person's subscription of this endpoint (another person's is left alone). */
export async function removeSubscription(q: Queryable, profileId: string, endpoint: string): Promise<void> {
  await q.query(`DELETE FROM push_subscriptions WHERE profile_id = $1 AND endpoint = $2`, [profileId, endpoint]);
}

/**
 * The super admin's view of pushes that went wrong: failed, or waiting for a retry after an error
 * (push_deliveries_due_idx by status). The endpoint shows only its host: its path identifies the device.
 */
export function listPushIssues(q: Queryable): Promise<TPushDeliveryIssue[]> {
  return q.query<TPushDeliveryIssue>(
    `SELECT d.id, d.status, d.attempts, d.last_error, d.next_attempt_at, d.created_at,
            substring(s.endpoint from '^https?://([^/:]+)') AS service_host,
            p.full_name AS recipient_name, c.name AS club_name, n.kind
       FROM push_deliveries d
       JOIN push_subscriptions s ON s.id = d.subscription_id
       JOIN notifications n ON n.id = d.notification_id
       JOIN profiles p ON p.id = n.profile_id
       LEFT JOIN clubs c ON c.id = n.club_id
      WHERE d.status = 'failed' OR (d.status = 'pending' AND d.attempts > 0)
      ORDER BY d.created_at DESC, d.id DESC
      LIMIT 100`,
  );
}
