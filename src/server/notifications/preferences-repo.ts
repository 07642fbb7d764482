import type { Queryable } from '../db/index.js';
import type { TCategoryPreference, TNotificationCategory } from '../../shared/notifications.js';

/** The categories the person chose something for. */
export function chosenPreferences(q: Queryable, profileId: string) {
  return q.query<TCategoryPreference>(
    `SELECT category, push, email FROM notification_preferences WHERE profile_id = $1`, [profileId]);
}

/** The person's saved quiet hours (undefined: never saved, the default; nulls: none). */
export async function quietHours(q: Queryable, profileId: string) {
  const [quiet] = await q.query<{ start: number | null; end: number | null }>(
    `SELECT quiet_start AS start, quiet_end AS "end" FROM notification_quiet_hours WHERE profile_id = $1`, [profileId]);
  return quiet as { start: number | null; end: number | null } | undefined;
}

export async function saveQuietHours(q: Queryable, profileId: string, start: number | null, end: number | null): Promise<void> {
  await q.query(
    `INSERT INTO notification_quiet_hours (profile_id, quiet_start, quiet_end) VALUES ($1, $2, $3)
     ON CONFLICT (profile_id) DO UPDATE SET quiet_start = EXCLUDED.quiet_start, quiet_end = EXCLUDED.quiet_end, updated_at = now()`,
    [profileId, start, end]);
}

/** One category's choice; a null keeps what was saved (the category's default `d` where nothing was). */
export async function upsertPreference(
  q: Queryable, profileId: string, category: TNotificationCategory, push: boolean | null, email: string | null, d: { push: boolean; email: string },
): Promise<void> {
  await q.query(
    `INSERT INTO notification_preferences (profile_id, category, push, email) VALUES ($1, $2, coalesce($3::boolean, $5::boolean), coalesce($4::text, $6::text))
     ON CONFLICT (profile_id, category) DO UPDATE
       SET push = coalesce($3::boolean, notification_preferences.push), email = coalesce($4::text, notification_preferences.email), updated_at = now()`,
    [profileId, category, push, email, d.push, d.email],
  );
}

/** E-mail turned off: the category's notifications still waiting for a digest leave it. */
export async function dropWaitingEmails(q: Queryable, profileId: string, category: TNotificationCategory): Promise<void> {
  await q.query(
    `UPDATE notifications SET emailed_at = now(), email_mode = 'off' WHERE profile_id = $1 AND category = $2 AND emailed_at IS NULL`,
    [profileId, category]);
}
