import { randomBytes } from 'node:crypto';
import type { Db } from '../db/index.js';
import { CAMP_MSG, type TCampPack, type TCampReport, headCount } from '../../shared/camps.js';
import type { ClubAccess } from '../core/access.js';
import { notFound } from '../core/errors.js';
import { writeAudit } from '../audit/repo.js';
import type { HealthCipher } from '../families/health-key.js';
import { getCamp, mustGetEvent, readRoster, requireLeader } from './service.js';
import * as repo from './repo.js';

/**
 * The camp pack (ADR 078): what a named leader's phone keeps for days without a connection — the
 * sheet, the roster with the health summaries, the log so far — and the key the phone seals it with
 * (AES-GCM in the browser). The key is kept server-side sealed with the health key, one in force per
 * leader and saída; revoking it (lost phone, leader removed) makes that phone wipe its copy.
 */
export async function downloadPack(db: Db, cipher: HealthCipher, access: ClubAccess, eventId: string): Promise<TCampPack> {
  const grant = await requireLeader(db, access, eventId);
  const key = await db.transaction(async (tx) => {
    const existing = await repo.activeKey(tx, access.clubId, eventId, grant.memberId);
    if (existing) return { id: existing.id, key: cipher.decrypt(existing.sealed_key) };
    const fresh = randomBytes(32).toString('base64');
    const inserted = await repo.insertKey(tx, access.clubId, eventId, grant.memberId, cipher.encrypt(fresh));
    if (inserted) return { id: inserted.id, key: fresh };
    // Two downloads at once: the other one's key stands.
    const other = await repo.activeKey(tx, access.clubId, eventId, grant.memberId);
    if (!other) throw notFound(CAMP_MSG.keyRevoked);
    return { id: other.id, key: cipher.decrypt(other.sealed_key) };
  });
  const roster = await readRoster(db, cipher, access.clubId, eventId, grant.until, grant.event.starts_on);
  const pack: TCampPack = {
    key_id: key.id, key: key.key, camp: await getCamp(db, access, eventId), roster, log: await repo.readLog(db, access.clubId, eventId),
    club_timezone: grant.event.timezone, downloaded_at: new Date().toISOString(),
  };
  await writeAudit(db, {
    clubId: access.clubId, actorId: access.profileId, action: 'camp.pack_download', entity: 'event', entityId: eventId,
    after: { key_id: key.id, members: roster.participants.filter((p) => p.health).map((p) => p.member_id) },
  });
  return pack;
}

/** Whether a phone's key is still in force for its leader (false: the phone wipes its copy). */
export async function keyInForce(db: Db, access: ClubAccess, eventId: string, keyId: string): Promise<boolean> {
  try {
    const grant = await requireLeader(db, access, eventId);
    const state = await repo.keyState(db, access.clubId, eventId, keyId);
    return state !== null && !state.revoked && state.member_id === grant.memberId;
  } catch {
    return false;
  }
}

/** Revokes a leader's pack key (a lost phone): the next download gets a new one. */
export async function revokeLeaderKey(db: Db, access: ClubAccess, eventId: string, memberId: string): Promise<number> {
  await mustGetEvent(db, access.clubId, eventId);
  return db.transaction(async (tx) => {
    const n = await repo.revokeKeys(tx, access.clubId, eventId, [memberId], access.profileId);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'camp.key_revoke', entity: 'event', entityId: eventId, after: { member_id: memberId, revoked: n } });
    return n;
  });
}

/** The camp report: participants, head counts, dose counts (no medication names), incidents, the event's money. */
export async function campReport(db: Db, access: ClubAccess, eventId: string): Promise<TCampReport> {
  const camp = await getCamp(db, access, eventId);
  if (!camp.is_camp) throw notFound(CAMP_MSG.notACamp);
  const people = await repo.participants(db, access.clubId, eventId);
  const log = await repo.readLog(db, access.clubId, eventId);
  const byId = new Map(people.map((p) => [p.member_id, p]));
  // Corrected entries count once: the last word on each dose.
  const corrected = new Set(log.doses.map((d) => d.corrects_id).filter(Boolean));
  const doses = log.doses.filter((d) => !corrected.has(d.id));
  return {
    camp,
    participants: people.map((p) => ({
      member_id: p.member_id, full_name: p.full_name, unit_name: p.unit_name,
      doses_given: doses.filter((d) => d.member_id === p.member_id && d.status === 'dada').length,
      doses_skipped: doses.filter((d) => d.member_id === p.member_id && d.status === 'pulada').length,
      incidents: log.incidents.filter((i) => i.member_id === p.member_id).length,
    })),
    movements: log.movements.map((m) => {
      const units = headCount(people, m.marks);
      return {
        id: m.id, label: m.label, out: units.reduce((n, u) => n + u.out, 0), in: units.reduce((n, u) => n + u.in, 0), missing: units.flatMap((u) => u.missing),
      };
    }),
    incidents: log.incidents.map(({ member_id, notice_text: _n, ...i }) => ({
      ...i, member_name: (member_id && byId.get(member_id)?.full_name) || null, unit_name: (member_id && byId.get(member_id)?.unit_name) || null,
    })),
    club_name: (await repo.clubName(db, access.clubId)).name,
    finance: await repo.eventFinance(db, access.clubId, eventId),
  };
}
