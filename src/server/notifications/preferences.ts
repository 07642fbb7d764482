import type { Db, Queryable } from '../db/index.js';
import {
  CATEGORY_DEFAULTS, CATEGORY_LABELS, NOTIFICATION_CATEGORIES, type TCategoryPreference, type TNotificationCategory, type TPreferences,
} from '../../shared/notifications.js';

/** Every category with the person's choice, or the category's default where they chose nothing. */
export async function getPreferences(q: Queryable, profileId: string): Promise<TPreferences> {
  const rows = await q.query<TCategoryPreference>(
    `SELECT category, push, email FROM notification_preferences WHERE profile_id = $1`, [profileId]);
  const chosen = new Map(rows.map((r) => [r.category, r]));
  return {
    preferences: NOTIFICATION_CATEGORIES.map((category) => ({
      category, label: CATEGORY_LABELS[category], ...CATEGORY_DEFAULTS[category], ...(chosen.get(category) ?? {}),
    })),
  };
}

/**
 * Saves the given categories (others keep theirs). E-mail turned off also takes the category's
 * notifications still waiting for a digest out of it.
 */
export async function savePreferences(db: Db, profileId: string, preferences: readonly TCategoryPreference[]): Promise<TPreferences> {
  await db.transaction(async (tx) => {
    for (const p of preferences) await setPreference(tx, profileId, p.category, { push: p.push, email: p.email });
  });
  return getPreferences(db, profileId);
}

/** One category's choice; a partial change keeps the rest (default where none was saved). */
export async function setPreference(q: Queryable, profileId: string, category: TNotificationCategory, change: Partial<Omit<TCategoryPreference, 'category'>>): Promise<void> {
  const d = CATEGORY_DEFAULTS[category];
  await q.query(
    `INSERT INTO notification_preferences (profile_id, category, push, email) VALUES ($1, $2, coalesce($3::boolean, $5::boolean), coalesce($4::text, $6::text))
     ON CONFLICT (profile_id, category) DO UPDATE
       SET push = coalesce($3::boolean, notification_preferences.push), email = coalesce($4::text, notification_preferences.email), updated_at = now()`,
    [profileId, category, change.push ?? null, change.email ?? null, d.push, d.email],
  );
  if (change.email === 'off') {
    await q.query(
      `UPDATE notifications SET emailed_at = now(), email_mode = 'off' WHERE profile_id = $1 AND category = $2 AND emailed_at IS NULL`,
      [profileId, category]);
  }
}
