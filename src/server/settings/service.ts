import { fileTypeOf } from '../lazy-module.js';
import type { Db } from '../db/index.js';
import { CLUB_MSG, type TClub } from '../../shared/clubs.js';
import { LOGO_MAX_BYTES, LOGO_MIME_TYPES, SETTINGS_MSG } from '../../shared/settings.js';
import { AppError, forbidden, notFound } from '../core/errors.js';
import { writeAudit } from '../audit/repo.js';
import type { ClubAccess } from '../core/access.js';
import type { Storage } from '../storage/storage.js';
import { getClub } from '../clubs/repo.js';
import * as repo from './repo.js';

/** Spec 7: logos live in the logos bucket under club-logos/. */
export const LOGO_KEY_PREFIX = 'logos/club-logos/';

/**
 * Saves the settings screen. Switching `active` is the platform's decision (issue 21): only a super
 * admin may change it here; a director's request to change it is refused.
 */
export async function updateSettings(
  db: Db,
  access: ClubAccess,
  input: { name: string; description: string | null; timezone: string; active?: boolean },
  opts: { superAdmin: boolean },
): Promise<TClub> {
  return db.transaction(async (tx) => {
    const before = await getClub(tx, access.clubId);
    if (!before) throw notFound(SETTINGS_MSG.clubNotFound);
    const active = input.active ?? before.active;
    if (active !== before.active && !opts.superAdmin) throw forbidden(CLUB_MSG.activeSuperAdminOnly);
    const club = await repo.updateClubSettings(tx, access.clubId, { ...input, active });
    if (!club) throw notFound(SETTINGS_MSG.clubNotFound);
    await writeAudit(tx, { clubId: club.id, actorId: access.profileId, action: 'club.update', entity: 'club', entityId: club.id, before, after: club });
    return club;
  });
}

/**
 * Checks the bytes (not the name or the declared type) and stores the logo under a new key, never
 * overwriting; the previous logo file is removed once the club points at the new one.
 */
export async function uploadLogo(db: Db, storage: Storage, access: ClubAccess, bytes: Uint8Array): Promise<TClub> {
  if (bytes.byteLength > LOGO_MAX_BYTES) throw new AppError('logo_too_large', 400, SETTINGS_MSG.tooLarge);
  const type = await fileTypeOf(bytes);
  if (!type || !(LOGO_MIME_TYPES as readonly string[]).includes(type.mime)) throw new AppError('not_an_image', 400, SETTINGS_MSG.notImage);
  const before = await getClub(db, access.clubId);
  if (!before) throw notFound(SETTINGS_MSG.clubNotFound);
  const url = await storage.put(`${LOGO_KEY_PREFIX}${access.clubId}-${Date.now()}.${type.ext}`, bytes);
  const club = await db.transaction(async (tx) => {
    const updated = await repo.setLogoUrl(tx, access.clubId, url);
    if (!updated) throw notFound(SETTINGS_MSG.clubNotFound);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'club.logo.upload', entity: 'club', entityId: access.clubId, before: { logo_url: before.logo_url }, after: { logo_url: url } });
    return updated;
  });
  const oldKey = before.logo_url ? storage.keyFromUrl(before.logo_url) : null;
  if (oldKey?.startsWith(LOGO_KEY_PREFIX)) await storage.remove(oldKey);
  return club;
}

/** Deletes the logo file (a missing file is ignored), then clears logo_url (spec 7). */
export async function removeLogo(db: Db, storage: Storage, access: ClubAccess): Promise<TClub> {
  const club = await getClub(db, access.clubId);
  if (!club) throw notFound(SETTINGS_MSG.clubNotFound);
  if (!club.logo_url) return club;
  const key = storage.keyFromUrl(club.logo_url);
  if (!key || !key.startsWith(LOGO_KEY_PREFIX)) throw new AppError('invalid_logo_url', 400, SETTINGS_MSG.invalidLogoUrl);
  await storage.remove(key);
  return db.transaction(async (tx) => {
    const updated = await repo.setLogoUrl(tx, access.clubId, null);
    if (!updated) throw notFound(SETTINGS_MSG.clubNotFound);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'club.logo.remove', entity: 'club', entityId: access.clubId, before: { logo_url: club.logo_url }, after: { logo_url: null } });
    return updated;
  });
}
