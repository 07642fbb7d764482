import type { Db, Queryable } from '../db/index.js';
import {
  CATEGORY_DEFAULTS, CATEGORY_LABELS, NOTIFICATION_CATEGORIES, QUIET_HOURS_DEFAULT, type TCategoryPreference, type TNotificationCategory, type TPreferences, type TQuietHours,
} from '../../shared/notifications.js';

/** Every category with the person's choice, or the category's default where they chose nothing; and their quiet hours. */
export async function getPreferences(q: Queryable, profileId: string): Promise<TPreferences> {
  const rows = await q.query<TCategoryPreference>(
    `SELECT category, push, email FROM notification_preferences WHERE profile_id = $1`, [profileId]);
  const chosen = new Map(rows.map((r) => [r.category, r]));
  const [quiet] = await q.query<{ start: number | null; end: number | null }>(
    `SELECT quiet_start AS start, quiet_end AS "end" FROM notification_quiet_hours WHERE profile_id = $1`, [profileId]);
  return {
    preferences: NOTIFICATION_CATEGORIES.map((category) => ({
      category, label: CATEGORY_LABELS[category], ...CATEGORY_DEFAULTS[category], ...(chosen.get(category) ?? {}),
    })),
    quiet_hours: !quiet ? { ...QUIET_HOURS_DEFAULT } : quiet.start === null || quiet.end === null ? null : { start: quiet.start, end: quiet.end },
  };
}

/**
 * Saves the given categories (others keep theirs) and, when given, the quiet hours (null: none). E-mail
 * turned off also takes the category's notifications still waiting for a digest out of it.
 */
export async function savePreferences(db: Db, profileId: string, preferences: readonly TCategoryPreference[], quietHours?: TQuietHours | null): Promise<TPreferences> {
  await db.transaction(async (tx) => {
    for (const p of preferences) await setPreference(tx, profileId, p.category, { push: p.push, email: p.email });
    if (quietHours !== undefined) {
      await tx.query(
        `INSERT INTO notification_quiet_hours (profile_id, quiet_start, quiet_end) VALUES ($1, $2, $3)
         ON CONFLICT (profile_id) DO UPDATE SET quiet_start = EXCLUDED.quiet_start, quiet_end = EXCLUDED.quiet_end, updated_at = now()`,
        [profileId, quietHours?.start ?? null, quietHours?.end ?? null]);
    }
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
