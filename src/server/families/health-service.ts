import type { Db, Queryable } from '../db/index.js';
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
  if (!(await repo.hasHealthAccess(q, access.clubId, access.profileId))) throw forbidden(FAMILY_MSG.healthForbidden);
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
  const row = await repo.findHealthRecord(db, clubId, member.id);
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
    const row = await repo.upsertHealthRecord(tx, clubId, member.id, cipher.encrypt(JSON.stringify(form)), actorId);
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
  const rows = await repo.listHealthForms(db, access.clubId, unitId);
  await writeAudit(db, { clubId: access.clubId, actorId: access.profileId, action: 'health.print', entity: 'unit', entityId: unitId, after: { members: rows.map((r) => r.member_id) } });
  return rows.map((r) => ({
    member_id: r.member_id, full_name: r.full_name, unit_name: r.unit_name,
    form: r.ciphertext && (r.consent === 'granted' || r.consent === 'not_required') ? decode(cipher, r.ciphertext) : null,
    updated_at: r.updated_at,
  }));
}
