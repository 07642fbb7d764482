import type { Db, Queryable } from '../db/index.js';
import {
  CATEGORY_DEFAULTS, CATEGORY_LABELS, NOTIFICATION_CATEGORIES, QUIET_HOURS_DEFAULT, type TCategoryPreference, type TNotificationCategory, type TPreferences, type TQuietHours,
} from '../../shared/notifications.js';
import * as prefRepo from './preferences-repo.js';

/** Every category with the person's choice, or the category's default where they chose nothing; and their quiet hours. */
export async function getPreferences(q: Queryable, profileId: string): Promise<TPreferences> {
  const rows = await prefRepo.chosenPreferences(q, profileId);
  const chosen = new Map(rows.map((r) => [r.category, r]));
  const quiet = await prefRepo.quietHours(q, profileId);
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
      await prefRepo.saveQuietHours(tx, profileId, quietHours?.start ?? null, quietHours?.end ?? null);
    }
  });
  return getPreferences(db, profileId);
}

/** One category's choice; a partial change keeps the rest (default where none was saved). */
export async function setPreference(q: Queryable, profileId: string, category: TNotificationCategory, change: Partial<Omit<TCategoryPreference, 'category'>>): Promise<void> {
  const d = CATEGORY_DEFAULTS[category];
  await prefRepo.upsertPreference(q, profileId, category, change.push ?? null, change.email ?? null, d);
  if (change.email === 'off') await prefRepo.dropWaitingEmails(q, profileId, category);
}
