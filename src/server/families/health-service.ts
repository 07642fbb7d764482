import type { Db, Queryable } from '../db/index.js';
import { maybeOne } from '../db/index.js';
import { FAMILY_MSG, ZHealthForm, type THealthFormData, type THealthRecord } from '../../shared/families.js';
import { AppError, forbidden, notFound } from '../core/errors.js';
import type { ClubAccess } from '../core/access.js';
import { writeAudit } from '../audit/repo.js';
import type { HealthCipher } from './health-key.js';
import * as repo from './repo.js';

/** Who is reading: club staff (their access) or a guardian (their account). */
export type HealthReader = { kind: 'club'; access: ClubAccess } | { kind: 'guardian'; profileId: string };

/**
 * Directors, members with the 'saúde' permission and the member themself read (and fill) a health
 * form; any other member of the club gets 403. Guardians come through {@link findGuardianLink}.
 */
export async function assertClubHealthAccess(q: Queryable, access: ClubAccess, memberProfileId: string | null): Promise<void> {
  if (access.isAdmin || access.profileId === memberProfileId) return;
  const me = await maybeOne<{ health_access: boolean }>(q, `SELECT health_access FROM club_members WHERE club_id = $1 AND profile_id = $2 AND active`, [access.clubId, access.profileId]);
  if (!me?.health_access) throw forbidden(FAMILY_MSG.healthForbidden);
}

const consentNeeded = () => new AppError('consent_required', 409, FAMILY_MSG.consentNeeded);

function decode(cipher: HealthCipher, sealed: string): THealthFormData {
  return ZHealthForm.parse(JSON.parse(cipher.decrypt(sealed)));
}

/** One member's health form; the read is audited. A minor without consent in force has none. */
export async function readHealthForm(db: Db, cipher: HealthCipher, clubId: string, memberId: string, actorId: string): Promise<THealthRecord> {
  const member = await repo.findMember(db, clubId, memberId);
  if (!member) throw notFound(FAMILY_MSG.childNotFound);
  const consent = await repo.consentStatus(db, clubId, member.id);
  if (consent === 'pending' || consent === 'withdrawn') throw consentNeeded();
  const row = await maybeOne<{ ciphertext: string; updated_at: string }>(db, `SELECT ciphertext, updated_at FROM health_records WHERE club_id = $1 AND member_id = $2`, [clubId, member.id]);
  await writeAudit(db, { clubId, actorId, action: 'health.read', entity: 'health_record', entityId: member.id });
  return { member_id: member.id, full_name: member.full_name, unit_name: member.unit_name, form: row ? decode(cipher, row.ciphertext) : null, updated_at: row?.updated_at ?? null };
}

/** Saves (encrypted) the health form; refused for a minor until a guardian consented. */
export async function saveHealthForm(db: Db, cipher: HealthCipher, clubId: string, memberId: string, actorId: string, form: THealthFormData): Promise<THealthRecord> {
  const member = await repo.findMember(db, clubId, memberId);
  if (!member) throw notFound(FAMILY_MSG.childNotFound);
  const consent = await repo.consentStatus(db, clubId, member.id);
  if (consent === 'pending' || consent === 'withdrawn') throw consentNeeded();
  const saved = await db.transaction(async (tx) => {
    const row = await maybeOne<{ updated_at: string }>(
      tx,
      `INSERT INTO health_records (club_id, member_id, ciphertext, updated_by) VALUES ($1, $2, $3, $4)
       ON CONFLICT (member_id) DO UPDATE SET ciphertext = EXCLUDED.ciphertext, updated_by = EXCLUDED.updated_by, updated_at = now()
       RETURNING updated_at`,
      [clubId, member.id, cipher.encrypt(JSON.stringify(form)), actorId],
    );
    await writeAudit(tx, { clubId, actorId, action: 'health.update', entity: 'health_record', entityId: member.id });
    return row;
  });
  return { member_id: member.id, full_name: member.full_name, unit_name: member.unit_name, form, updated_at: saved?.updated_at ?? null };
}

/**
 * Every active member's form of one unit (or the whole club), for a camp: staff only. Members whose
 * consent is pending or withdrawn are listed without data. One audit line names everyone read.
 */
export async function printHealthForms(db: Db, cipher: HealthCipher, access: ClubAccess, unitId: string | null): Promise<THealthRecord[]> {
  const rows = await db.query<{ member_id: string; full_name: string; unit_name: string | null; consent: string; ciphertext: string | null; updated_at: string | null }>(
    `SELECT cm.id AS member_id, p.full_name, u.name AS unit_name, ${repo.CONSENT_STATUS_SQL('cm')} AS consent, h.ciphertext, h.updated_at
       FROM club_members cm JOIN profiles p ON p.id = cm.profile_id
       LEFT JOIN units u ON u.id = cm.unit_id
       LEFT JOIN health_records h ON h.member_id = cm.id
      WHERE cm.club_id = $1 AND cm.active AND ($2::uuid IS NULL OR cm.unit_id = $2::uuid)
      ORDER BY pt_sort_key(u.name) COLLATE "C" NULLS LAST, u.name, pt_sort_key(p.full_name) COLLATE "C", p.full_name`,
    [access.clubId, unitId],
  );
  await writeAudit(db, { clubId: access.clubId, actorId: access.profileId, action: 'health.print', entity: 'unit', entityId: unitId, after: { members: rows.map((r) => r.member_id) } });
  return rows.map((r) => ({
    member_id: r.member_id, full_name: r.full_name, unit_name: r.unit_name,
    form: r.ciphertext && (r.consent === 'granted' || r.consent === 'not_required') ? decode(cipher, r.ciphertext) : null,
    updated_at: r.updated_at,
  }));
}
