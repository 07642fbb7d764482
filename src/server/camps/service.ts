import type { z } from 'zod';
import type { Db, Queryable } from '../db/index.js';
import {
  CAMP_MSG, DEFAULT_RISK_TEMPLATE, riskLevel, type TCamp, type TCampParticipant, type TCampRoster,
  type ZCampInput, type ZMedicationsInput, type ZRiskTemplateInput,
} from '../../shared/camps.js';
import { EVENT_MSG } from '../../shared/events.js';
import { ZHealthForm } from '../../shared/families.js';
import { isUuid } from '../../shared/ids.js';
import { ECA_TRAVEL_AGE, isUnder } from '../../shared/minor.js';
import { permissionScope } from '../../shared/permissions.js';
import type { ClubAccess } from '../core/access.js';
import { badRequest, forbidden, notFound } from '../core/errors.js';
import { writeAudit } from '../audit/repo.js';
import type { HealthCipher } from '../families/health-key.js';
import { isInsured, insuredMembers } from '../associacao/service.js';
import * as repo from './repo.js';

/** Saídas (issue 49): the sheet, its leaders and APCR, and who may read the health data and when. */

export function checkEventId(id: string): void {
  if (!isUuid(id)) throw notFound(EVENT_MSG.eventNotFound);
}

export async function mustGetEvent(q: Queryable, clubId: string, eventId: string): Promise<repo.EventBasics> {
  checkEventId(eventId);
  const event = await repo.getEventBasics(q, clubId, eventId);
  if (!event) throw notFound(EVENT_MSG.eventNotFound);
  return event;
}

const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The health window: from the day before the saída (the leaders download before leaving) to ends_on + the days after. */
export function healthWindow(event: Pick<repo.EventBasics, 'starts_on' | 'ends_on'>, daysAfter: number): { from: string; until: string } {
  return { from: addDays(event.starts_on, -1), until: addDays(event.ends_on, daysAfter) };
}

/** The saída sheet as the screens and the phones read it. */
export async function getCamp(q: Queryable, access: Pick<ClubAccess, 'clubId' | 'profileId'>, eventId: string): Promise<TCamp> {
  const event = await mustGetEvent(q, access.clubId, eventId);
  const row = await repo.getCamp(q, access.clubId, eventId);
  const camp = row ?? { transport: '', places: '', vote_minutes: '', vote_number: '', health_days_after: 3 };
  const leaders = row ? await repo.leaders(q, access.clubId, eventId) : [];
  const risks = row ? await repo.risks(q, access.clubId, eventId) : [];
  const count = await repo.countParticipants(q, access.clubId, eventId);
  const schedule = row ? await repo.schedule(q, access.clubId, eventId) : [];
  const people = row ? await repo.participantNames(q, access.clubId, eventId) : [];
  const insured = await insuredMembers(q, access.clubId, people.map((p) => p.member_id), event.starts_on);
  const uninsured = people.filter((p) => !insured.has(p.member_id));
  return {
    event: { id: event.id, title: event.title, kind: event.kind, starts_on: event.starts_on, ends_on: event.ends_on, place: event.place, cancelled: event.cancelled },
    is_camp: row !== null,
    ...camp,
    health_until: healthWindow(event, camp.health_days_after).until,
    leaders,
    participants_count: count,
    kids_per_leader: leaders.length && count ? Math.round((count / leaders.length) * 10) / 10 : null,
    risks: risks.map((r) => ({ ...r, ...(({ score, label }) => ({ score, level: label }))(riskLevel(r.likelihood, r.severity)) })),
    schedule,
    uninsured,
    all_insured: uninsured.length === 0,
    is_leader: leaders.some((l) => l.profile_id === access.profileId),
  };
}

/**
 * Saves the saída sheet (the event becomes a saída): transport, places, the church vote, the leaders
 * and the APCR (every item with its controls, or a pt-BR 400). A leader taken off the saída loses
 * their phone's key at once (their copy wipes when it next reaches the server). One transaction.
 */
export async function saveCamp(db: Db, access: ClubAccess, eventId: string, input: z.output<typeof ZCampInput>): Promise<TCamp> {
  const event = await mustGetEvent(db, access.clubId, eventId);
  if (event.cancelled) throw badRequest(EVENT_MSG.eventCancelled);
  const leaderIds = [...new Set(input.leader_member_ids.map((m) => m.toLowerCase()))];
  if (input.schedule.some((i) => i.day < event.starts_on || i.day > event.ends_on)) throw badRequest(CAMP_MSG.scheduleDayInvalid);
  return db.transaction(async (tx) => {
    if ((await repo.countLeaderCandidates(tx, access.clubId, leaderIds)) !== leaderIds.length) throw badRequest(CAMP_MSG.leaderNotFound);
    const before = await repo.lockCamp(tx, access.clubId, eventId);
    await repo.upsertCamp(tx, access.clubId, eventId, {
      transport: input.transport, places: input.places, vote_minutes: input.vote_minutes, vote_number: input.vote_number, health_days_after: input.health_days_after,
    }, access.profileId);
    const removed = await repo.setLeaders(tx, access.clubId, eventId, leaderIds);
    const revoked = removed.length ? await repo.revokeKeys(tx, access.clubId, eventId, removed, access.profileId) : 0;
    await repo.setRisks(tx, access.clubId, eventId, input.risks);
    await repo.setSchedule(tx, access.clubId, eventId, input.schedule);
    const after = await getCamp(tx, access, eventId);
    await writeAudit(tx, {
      clubId: access.clubId, actorId: access.profileId, action: before ? 'camp.update' : 'camp.create', entity: 'event', entityId: eventId,
      before, after: { ...after, removed_leaders: removed, revoked_keys: revoked },
    });
    return after;
  });
}

/** The club's APCR template: its own, or the pt-BR default until it saves one. */
export async function getTemplate(q: Queryable, clubId: string) {
  const own = await repo.template(q, clubId);
  return { items: own.length ? own : DEFAULT_RISK_TEMPLATE, is_default: own.length === 0 };
}

export async function saveTemplate(db: Db, access: ClubAccess, input: z.output<typeof ZRiskTemplateInput>) {
  return db.transaction(async (tx) => {
    await repo.setTemplate(tx, access.clubId, input.items);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'camp.risk_template', entity: 'club', entityId: access.clubId, after: input.items });
    return getTemplate(tx, access.clubId);
  });
}

export interface LeaderGrant {
  event: repo.EventBasics;
  camp: repo.CampRow;
  memberId: string;
  until: string;
}

/**
 * The gate of every health read and every log write: the caller is a leader named on the saída (a
 * director who is not named is refused too), today is within the health window, the event stands.
 */
export async function requireLeader(q: Queryable, access: Pick<ClubAccess, 'clubId' | 'profileId'>, eventId: string): Promise<LeaderGrant> {
  const event = await mustGetEvent(q, access.clubId, eventId);
  const camp = await repo.getCamp(q, access.clubId, eventId);
  if (!camp) throw notFound(CAMP_MSG.notACamp);
  const memberId = await repo.leaderMemberOf(q, access.clubId, eventId, access.profileId);
  if (!memberId) throw forbidden(CAMP_MSG.notLeader);
  const window = healthWindow(event, camp.health_days_after);
  if (event.cancelled || event.today < window.from || event.today > window.until) throw forbidden(CAMP_MSG.outsideWindow);
  return { event, camp, memberId, until: window.until };
}

/** The roster with each participant's health summary from the ficha médica (consent in force) and the saída's medication schedule. */
export async function readRoster(q: Queryable, cipher: HealthCipher, clubId: string, eventId: string, until: string, startsOn: string): Promise<TCampRoster> {
  const rows = await repo.participants(q, clubId, eventId);
  const meds = await repo.medications(q, clubId, eventId);
  const insured = await insuredMembers(q, clubId, rows.map((r) => r.member_id), startsOn);
  const participants = rows.map((r): TCampParticipant => {
    const allowed = r.consent === 'granted' || r.consent === 'not_required';
    const form = allowed && r.ciphertext ? ZHealthForm.parse(JSON.parse(cipher.decrypt(r.ciphertext))) : null;
    return {
      member_id: r.member_id, profile_id: r.profile_id, full_name: r.full_name, unit_id: r.unit_id, unit_name: r.unit_name, authorised: r.authorised,
      insured: insured.has(r.member_id),
      under_16: isUnder({ birth_date: r.birth_date, adult_confirmed: r.adult_confirmed }, ECA_TRAVEL_AGE, startsOn),
      accompanying_adults: r.accompanying_adults,
      health: form ? {
        blood_type: form.blood_type, allergies: form.allergies, conditions: form.conditions, medications: form.medications,
        health_plan: form.health_plan, emergency_contacts: form.emergency_contacts,
      } : null,
      schedule: meds.filter((m) => m.member_id === r.member_id).map(({ member_id: _m, ...m }) => m),
    };
  });
  return { participants, health_until: until };
}

/** The roster for a named leader; the read is audited, naming everyone whose health summary went out. */
export async function getRoster(db: Db, cipher: HealthCipher, access: ClubAccess, eventId: string): Promise<TCampRoster> {
  const grant = await requireLeader(db, access, eventId);
  const roster = await readRoster(db, cipher, access.clubId, eventId, grant.until, grant.event.starts_on);
  await writeAudit(db, {
    clubId: access.clubId, actorId: access.profileId, action: 'camp.health_read', entity: 'event', entityId: eventId,
    after: { members: roster.participants.filter((p) => p.health).map((p) => p.member_id) },
  });
  return roster;
}

/** A participant's medication schedule for the saída (the direction or a named leader). */
export async function saveMedications(db: Db, access: ClubAccess, eventId: string, memberId: string, input: z.output<typeof ZMedicationsInput>) {
  if (!isUuid(memberId)) throw notFound(CAMP_MSG.notRegistered);
  // The direction fills the schedule before the saída; during it, a named leader.
  if (permissionScope(access.role, 'camps.manage') === null) await requireLeader(db, access, eventId);
  else if (!(await repo.getCamp(db, access.clubId, (await mustGetEvent(db, access.clubId, eventId)).id))) throw notFound(CAMP_MSG.notACamp);
  return db.transaction(async (tx) => {
    if (!(await repo.registeredMember(tx, access.clubId, eventId, memberId))) throw notFound(CAMP_MSG.notRegistered);
    await repo.setMedications(tx, access.clubId, eventId, memberId, input.items.map((i) => ({ ...i, times: [...new Set(i.times)].sort() })));
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'camp.medications', entity: 'event', entityId: eventId, after: { member_id: memberId, count: input.items.length } });
    const all = await repo.medications(tx, access.clubId, eventId);
    return all.filter((m) => m.member_id === memberId).map(({ member_id: _m, ...m }) => m);
  });
}

/**
 * ECA art. 83 (issue 49): when a guardian signs the authorisation of a saída for a child under 16 on its
 * first day, the authorisation names the adults who accompany them (leaders of the saída or typed names);
 * without them, a pt-BR 400 and the caller's transaction writes nothing. Called by the events domain
 * inside the signing transaction. Other events (not a saída) ignore the names.
 */
export async function recordCompanions(tx: Queryable, input: { clubId: string; eventId: string; memberId: string; authorisationId: string; names: string[] }): Promise<string[]> {
  const facts = await repo.companionFacts(tx, input.clubId, input.eventId, input.memberId);
  if (!facts?.is_camp) return [];
  const under16 = isUnder(facts, ECA_TRAVEL_AGE, facts.starts_on);
  if (under16 && input.names.length === 0) throw badRequest(CAMP_MSG.companionsRequired);
  if (input.names.length > 0) await repo.insertCompanions(tx, input.clubId, input.authorisationId, input.names);
  return input.names;
}

/** What the guardian's signing screen needs for a saída: whether the companions are required, and the leaders to pick. */
export async function companionsAsk(q: Queryable, clubId: string, eventId: string, memberId: string): Promise<{ is_camp: boolean; required: boolean; leaders: string[] }> {
  checkEventId(eventId);
  const facts = await repo.companionFacts(q, clubId, eventId, memberId);
  if (!facts || !(await repo.registeredMember(q, clubId, eventId, memberId))) throw notFound(EVENT_MSG.eventNotFound);
  if (!facts.is_camp) return { is_camp: false, required: false, leaders: [] };
  const names = (await repo.leaders(q, clubId, eventId)).map((l) => l.full_name);
  return { is_camp: true, required: isUnder(facts, ECA_TRAVEL_AGE, facts.starts_on), leaders: names };
}

/** The warning a registration for a saída gets when the member has no seguro covering its first day (it is not refused). */
export async function registrationWarnings(q: Queryable, clubId: string, eventId: string, registrationId: string): Promise<string[]> {
  const camp = await repo.getCamp(q, clubId, eventId);
  const event = camp ? await repo.getEventBasics(q, clubId, eventId) : null;
  const memberId = event ? await repo.registrationMember(q, clubId, eventId, registrationId) : null;
  if (!event || !memberId) return [];
  return (await isInsured(q, clubId, memberId, event.starts_on)) ? [] : [CAMP_MSG.uninsuredWarning];
}
