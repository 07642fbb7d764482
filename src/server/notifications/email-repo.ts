import type { Queryable } from '../db/index.js';
import type { TNotificationCategory } from '../../shared/notifications.js';

/** One notification as an e-mail tells it. */
export interface Item {
  title: string;
  body: string;
  link: string;
  category: TNotificationCategory;
  club_name: string | null;
}

export async function queueMail(q: Queryable, to: string, subject: string, text: string, hdrs: Record<string, string>): Promise<void> {
  await q.query(
    `INSERT INTO mail_queue (to_address, subject, text_body, at_most_once, headers) VALUES ($1, $2, $3, true, $4::jsonb)`,
    [to, subject.slice(0, 300), text, JSON.stringify(hdrs)]);
}

export interface Picked extends Item {
  profile_id: string;
  full_name: string;
  email: string | null;
  email_mode: string;
}

const PICK = `
  UPDATE notifications n SET emailed_at = now() FROM picked WHERE n.id = picked.id
  RETURNING n.profile_id, n.title, n.body, n.link, n.category, n.email_mode, n.created_at,
            (SELECT c.name FROM clubs c WHERE c.id = n.club_id) AS club_name,
            (SELECT p.full_name FROM profiles p WHERE p.id = n.profile_id) AS full_name,
            (SELECT p.email FROM profiles p WHERE p.id = n.profile_id AND p.blocked_at IS NULL) AS email`;

/** Marks up to `batch` notifications waiting to go 'na hora' e-mailed and returns them. */
export function pickImmediate(tx: Queryable, batch: number) {
  return tx.query<Picked>(
    `WITH picked AS (SELECT id FROM notifications WHERE emailed_at IS NULL AND email_mode = 'immediate'
                      ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED) ${PICK}`, [batch]);
}

/** Per person and mode, the digests whose oldest waiting notification is old enough. */
export function dueDigests(q: Queryable, age: { daily: string; weekly: string }, batch: number) {
  return q.query<{ profile_id: string; email_mode: 'daily' | 'weekly' }>(
    `SELECT profile_id, email_mode FROM notifications
      WHERE emailed_at IS NULL AND email_mode IN ('daily', 'weekly')
      GROUP BY profile_id, email_mode
     HAVING min(created_at) <= now() - CASE WHEN email_mode = 'daily' THEN $1::interval ELSE $2::interval END
      LIMIT $3`, [age.daily, age.weekly, batch]);
}

/** Marks every notification of one person's digest e-mailed and returns them. */
export function pickDigest(tx: Queryable, profileId: string, mode: 'daily' | 'weekly') {
  return tx.query<Picked & { created_at: string }>(
    `WITH picked AS (SELECT id FROM notifications WHERE profile_id = $1 AND email_mode = $2 AND emailed_at IS NULL
                      ORDER BY created_at FOR UPDATE SKIP LOCKED) ${PICK}`, [profileId, mode]);
}
