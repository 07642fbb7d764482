import type { Db, Queryable } from '../db/index.js';
import { AppError, badRequest, forbidden, notFound } from '../core/errors.js';
import { writeAudit } from '../audit/repo.js';
import {
  PROGRAMME_MSG,
  suggestedClass,
  type TCard,
  type TCardEnrolment,
  type TCatalogue,
  type TEnrolmentRosterEntry,
  type TGrid,
  type TItem,
  type TProgrammeSettings,
  type TRequirement,
} from '../../shared/programme.js';
import { mayReadCard, signerOf, signRefusal, type Signer } from './signers.js';
import { can, type ClubAccess } from '../core/access.js';
import { presentToday } from '../meetings/repo.js';
import * as repo from './repo.js';
import * as reqRepo from './requirements-repo.js';

/** The catalogue is platform data written only by migrations: read once per process. */
let catalogue: Promise<TCatalogue> | null = null;
export function getCatalogue(q: Queryable): Promise<TCatalogue> {
  catalogue ??= Promise.all([repo.listSections(q), repo.listAreas(q), repo.listItems(q)])
    .then(([sections, areas, items]) => ({ sections, areas, items }))
    .catch((err: unknown) => {
      catalogue = null;
      throw err;
    });
  return catalogue;
}

async function requireItem(q: Queryable, code: string): Promise<TItem> {
  const item = (await getCatalogue(q)).items.find((i) => i.code === code);
  if (!item) throw notFound(PROGRAMME_MSG.itemNotFound);
  return item;
}

export async function updateSettings(db: Db, access: ClubAccess, input: TProgrammeSettings): Promise<TProgrammeSettings> {
  return db.transaction(async (tx) => {
    const before = await repo.getSettings(tx, access.clubId);
    await repo.putSettings(tx, access.clubId, input);
    const after = await repo.getSettings(tx, access.clubId);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'programme.settings', entity: 'club', entityId: access.clubId, before, after });
    return after;
  });
}

// ——— Requisitos ———

interface RequirementInput {
  section_code?: string | null;
  text: string;
  in_field: boolean;
  needs_evidence: boolean;
  link_specialty?: string | null;
  link_area?: string | null;
}

/** Checks the section and links against the catalogue; returns the fields to write. */
async function requirementFields(q: Queryable, input: RequirementInput): Promise<repo.RequirementFields> {
  const cat = await getCatalogue(q);
  const section = input.section_code ?? null;
  if (section && !cat.sections.some((s) => s.code === section)) throw badRequest(PROGRAMME_MSG.sectionInvalid);
  const linkSpecialty = input.link_specialty ?? null;
  if (linkSpecialty && !cat.items.some((i) => i.code === linkSpecialty && i.kind === 'specialty')) throw badRequest(PROGRAMME_MSG.linkSpecialtyInvalid);
  const linkArea = input.link_area ?? null;
  if (linkArea && !cat.areas.some((a) => a.code === linkArea)) throw badRequest(PROGRAMME_MSG.linkAreaInvalid);
  return { section_code: section, text: input.text, in_field: input.in_field, needs_evidence: input.needs_evidence, link_specialty: linkSpecialty, link_area: linkArea };
}

export async function listRequirements(db: Queryable, clubId: string, itemCode: string): Promise<TRequirement[]> {
  await requireItem(db, itemCode);
  return repo.listRequirements(db, clubId, [itemCode]);
}

export async function addRequirement(db: Db, access: ClubAccess, itemCode: string, input: RequirementInput): Promise<TRequirement> {
  await requireItem(db, itemCode);
  const fields = await requirementFields(db, input);
  return db.transaction(async (tx) => {
    await repo.lockItemList(tx, access.clubId, itemCode);
    await repo.copyPlatformList(tx, access.clubId, itemCode);
    const created = await repo.insertRequirement(tx, access.clubId, itemCode, await repo.nextPosition(tx, access.clubId, itemCode), fields);
    // A new requisito makes a completed enrolment incomplete again (its points stay until invested).
    await reqRepo.reopenCompleted(tx, access.clubId, itemCode);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'programme.requirement_create', entity: 'programme_requirement', entityId: created.id, after: created });
    return created;
  });
}

/** The club's own row for a requisito id (copying the platform's list first when the id is a platform row). */
async function ownRequirement(tx: Queryable, clubId: string, id: string): Promise<TRequirement> {
  const found = await repo.getRequirement(tx, clubId, id);
  if (!found) throw notFound(PROGRAMME_MSG.requirementNotFound);
  await repo.lockItemList(tx, clubId, found.item_code);
  if (!found.platform) return found;
  const moved = await repo.copyPlatformList(tx, clubId, found.item_code);
  const own = await repo.getRequirement(tx, clubId, moved.get(id) ?? '00000000-0000-4000-8000-000000000000');
  // The club already had its own list: a platform id is not one of its requisitos.
  if (!own) throw notFound(PROGRAMME_MSG.requirementNotFound);
  return own;
}

export async function updateRequirement(db: Db, access: ClubAccess, id: string, input: RequirementInput): Promise<TRequirement> {
  const fields = await requirementFields(db, input);
  return db.transaction(async (tx) => {
    const before = await ownRequirement(tx, access.clubId, id);
    const after = await repo.updateRequirement(tx, access.clubId, before.id, fields);
    if (!after) throw notFound(PROGRAMME_MSG.requirementNotFound);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'programme.requirement_update', entity: 'programme_requirement', entityId: after.id, before, after });
    return after;
  });
}

/** Removes a requisito; the points its signatures gave are reversed first (an invested item's stay). */
export async function removeRequirement(db: Db, access: ClubAccess, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await ownRequirement(tx, access.clubId, id);
    const signed = await reqRepo.signedEnrolmentsOf(tx, access.clubId, before.id);
    for (const s of signed) {
      if (s.invested_on) continue;
      const net = await repo.netPoints(tx, access.clubId, s.enrolment_id, before.id);
      if (net) await repo.appendPoints(tx, { clubId: access.clubId, member: s, enrolmentId: s.enrolment_id, requirementId: before.id, points: -net, reason: 'Estorno: requisito removido', createdBy: access.profileId });
    }
    await repo.deleteRequirement(tx, access.clubId, before.id);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'programme.requirement_delete', entity: 'programme_requirement', entityId: before.id, before });
  });
}

export async function reorderRequirements(db: Db, access: ClubAccess, itemCode: string, ids: string[]): Promise<TRequirement[]> {
  await requireItem(db, itemCode);
  return db.transaction(async (tx) => {
    await repo.lockItemList(tx, access.clubId, itemCode);
    const moved = await repo.copyPlatformList(tx, access.clubId, itemCode);
    const wanted = ids.map((id) => moved.get(id) ?? id);
    const current = await repo.listRequirements(tx, access.clubId, [itemCode]);
    const known = new Set(current.map((r) => r.id));
    if (new Set(wanted).size !== wanted.length || wanted.length !== current.length || wanted.some((id) => !known.has(id))) throw badRequest(PROGRAMME_MSG.orderInvalid);
    for (const [i, id] of wanted.entries()) await repo.setPosition(tx, access.clubId, id, i + 1);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'programme.requirement_reorder', entity: 'programme_item', entityId: null, after: { item: itemCode, count: wanted.length } });
    return repo.listRequirements(tx, access.clubId, [itemCode]);
  });
}

// ——— Enrolments ———

/** The class track of a class: an advanced class runs beside a regular (or leadership) one. */
const trackOf = (item: Pick<TItem, 'class_kind'>) => (item.class_kind === 'avancada' ? 'avancada' : 'regular');

/**
 * Checks one member's enrolment in an item against what they already have (the member's row locked
 * by the caller): not twice in an item, the catalogue's pre-requisito, one class em andamento per
 * track. An advanced class runs beside its regular class (issue 43: Amigo and Amigo da Natureza in
 * the same year): being enrolled in the regular class is enough to start it; any other pre-requisito
 * (Líder Máster asks for Líder) must be completed or invested.
 */
async function enrolmentRefusal(q: Queryable, item: TItem, existing: repo.EnrolmentRow[]): Promise<AppError | null> {
  if (existing.some((e) => e.item_code === item.code)) return new AppError('conflict', 409, PROGRAMME_MSG.alreadyEnrolled);
  const cat = await getCatalogue(q);
  if (item.prerequisite) {
    const advanced = item.kind === 'class' && item.class_kind === 'avancada';
    const done = existing.some((e) => e.item_code === item.prerequisite && (advanced || e.completed_on || e.invested_on));
    const name = cat.items.find((i) => i.code === item.prerequisite)?.name ?? item.prerequisite;
    if (!done) return badRequest(PROGRAMME_MSG.prerequisiteMissing(item.name, name));
  }
  if (item.kind === 'class') {
    const track = trackOf(item);
    const busy = existing.some((e) => {
      const other = e.kind === 'class' && !e.invested_on ? cat.items.find((i) => i.code === e.item_code) : undefined;
      return other !== undefined && trackOf(other) === track;
    });
    if (busy) return new AppError('conflict', 409, PROGRAMME_MSG.classInProgress);
  }
  return null;
}

export async function enrol(db: Db, access: ClubAccess, memberId: string, itemCode: string): Promise<TCardEnrolment> {
  const item = await requireItem(db, itemCode);
  return db.transaction(async (tx) => {
    const member = await repo.findMember(tx, access.clubId, memberId);
    if (!member) throw notFound(PROGRAMME_MSG.memberUnknown);
    const settings = await repo.getSettings(tx, access.clubId);
    if (!settings.programmes.includes(item.programme)) throw badRequest(PROGRAMME_MSG.programmeNotChosen);
    // Locks the member row: two enrolments of one member at once queue here instead of colliding.
    await repo.lockMember(tx, access.clubId, member.member_id);
    const refusal = await enrolmentRefusal(tx, item, await repo.memberEnrolments(tx, access.clubId, member.member_id));
    if (refusal) throw refusal;
    const enrolment = await repo.insertEnrolment(tx, access.clubId, member.member_id, item, await repo.clubToday(tx, access.clubId), access.profileId);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'programme.enrol', entity: 'member', entityId: member.member_id, after: { item: item.code, name: member.full_name } });
    return cardEnrolment(tx, access.clubId, enrolment, item);
  });
}

/**
 * Enrols a list of members (a unit, the suggestions) in one item, all or none, in one transaction:
 * the first member refused names who and why, and nothing is written.
 */
export async function enrolMany(db: Db, access: ClubAccess, memberIds: string[], itemCode: string): Promise<{ enrolled: number }> {
  if (new Set(memberIds.map((m) => m.toLowerCase())).size !== memberIds.length) throw badRequest(PROGRAMME_MSG.memberRepeated);
  const item = await requireItem(db, itemCode);
  return db.transaction(async (tx) => {
    const settings = await repo.getSettings(tx, access.clubId);
    if (!settings.programmes.includes(item.programme)) throw badRequest(PROGRAMME_MSG.programmeNotChosen);
    // The members' rows in id order, as a signature takes them: bulk and single enrolments queue.
    const locked = await repo.lockActiveMembers(tx, access.clubId, memberIds);
    if (locked.length !== memberIds.length) throw badRequest(PROGRAMME_MSG.memberUnknown);
    const members = new Map((await repo.findMembers(tx, access.clubId, memberIds)).map((m) => [m.member_id, m]));
    const today = await repo.clubToday(tx, access.clubId);
    for (const id of memberIds) {
      const member = members.get(id) ?? members.get(id.toLowerCase());
      if (!member) throw badRequest(PROGRAMME_MSG.memberUnknown);
      const refusal = await enrolmentRefusal(tx, item, await repo.memberEnrolments(tx, access.clubId, member.member_id));
      if (refusal) throw new AppError(refusal.code, refusal.status, `${member.full_name}: ${refusal.message}`);
      await repo.insertEnrolment(tx, access.clubId, member.member_id, item, today, access.profileId);
    }
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'programme.enrol', entity: 'programme_item', entityId: null, after: { item: item.code, members: memberIds.length } });
    return { enrolled: memberIds.length };
  });
}

/** Every active member (of a unit, or all) with the class their age calls for and their classes em andamento. */
export async function enrolmentRoster(db: Queryable, clubId: string, unitId: string | null): Promise<TEnrolmentRosterEntry[]> {
  const [rows, cat, settings, today] = await Promise.all([repo.rosterMembers(db, clubId, unitId), getCatalogue(db), repo.getSettings(db, clubId), repo.clubToday(db, clubId)]);
  const nameOf = (code: string | null) => (code ? cat.items.find((i) => i.code === code)?.name ?? code : null);
  return rows.map((r) => {
    const suggested = suggestedClass(cat.items, settings.programmes, r.birth_date, today);
    return {
      member_id: r.member_id, full_name: r.full_name, unit_id: r.unit_id, unit_name: r.unit_name,
      suggested_class: suggested, suggested_class_name: nameOf(suggested),
      classes: r.classes.map((code) => ({ code, name: nameOf(code) ?? code })),
    };
  });
}

/**
 * Removes an enrolment (a kid put in the wrong class). With signatures it asks for `confirmed`: the
 * signatures and marks go with it and the points they gave (and the completion's) are reversed
 * through the ledger, with the audit log keeping what was undone. An invested item is history.
 */
export async function unenrol(db: Db, access: ClubAccess, enrolmentId: string, confirmed = false): Promise<{ signatures_removed: number; points_reversed: number }> {
  return db.transaction(async (tx) => {
    const found = await repo.getEnrolment(tx, access.clubId, enrolmentId);
    if (!found) throw notFound(PROGRAMME_MSG.enrolmentNotFound);
    // The member's row, then the enrolment, as a signature locks them: no signature slips in between.
    await repo.lockMember(tx, access.clubId, found.member_id);
    const enrolment = await repo.lockEnrolment(tx, access.clubId, enrolmentId);
    if (!enrolment) throw notFound(PROGRAMME_MSG.enrolmentNotFound);
    if (enrolment.invested_on) throw new AppError('conflict', 409, PROGRAMME_MSG.enrolmentInvested);
    const signatures = await repo.signaturesOf(tx, access.clubId, [enrolment.id]);
    if (signatures.length && !confirmed) throw new AppError('conflict', 409, PROGRAMME_MSG.enrolmentHasSignatures(signatures.length), { signatures: signatures.length });
    const member = await repo.findMember(tx, access.clubId, enrolment.member_id);
    if (!member) throw notFound(PROGRAMME_MSG.enrolmentNotFound);
    const item = (await getCatalogue(tx)).items.find((i) => i.code === enrolment.item_code);
    let reversed = 0;
    for (const requirementId of await repo.ledgerRequirementsOf(tx, access.clubId, enrolment.id)) {
      const net = await repo.netPoints(tx, access.clubId, enrolment.id, requirementId);
      if (!net) continue;
      await repo.appendPoints(tx, { clubId: access.clubId, member, enrolmentId: enrolment.id, requirementId, points: -net, reason: `Estorno: inscrição em ${item?.name ?? enrolment.item_code} removida`, createdBy: access.profileId });
      reversed += net;
    }
    await repo.deleteEnrolment(tx, access.clubId, enrolment.id);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'programme.unenrol', entity: 'member', entityId: enrolment.member_id, before: { item: enrolment.item_code, name: member.full_name, signatures: signatures.length }, after: { points_reversed: reversed } });
    return { signatures_removed: signatures.length, points_reversed: reversed };
  });
}

// ——— The cartão ———

async function cardEnrolment(q: Queryable, clubId: string, e: repo.EnrolmentRow, item: TItem, reqs?: TRequirement[], sigs?: repo.SignatureRow[], marks?: repo.MarkRow[]): Promise<TCardEnrolment> {
  const requirements = reqs ?? (await repo.listRequirements(q, clubId, [e.item_code]));
  const signatures = new Map((sigs ?? (await repo.signaturesOf(q, clubId, [e.id]))).filter((s) => s.enrolment_id === e.id).map((s) => [s.requirement_id, s]));
  // The latest mark per requisito (the query orders oldest first).
  const markOf = new Map((marks ?? []).filter((m) => m.enrolment_id === e.id).map((m) => [m.requirement_id, m]));
  const cat = await getCatalogue(q);
  const rows = requirements.map((r) => {
    const s = signatures.get(r.id);
    const m = markOf.get(r.id);
    return {
      ...r,
      signature: s ? { id: s.id, requirement_id: s.requirement_id, signed_on: s.signed_on, note: s.note, signed_by_name: s.signed_by_name } : null,
      mark: m && !s ? { id: m.id, status: m.status, note: m.note, reason: m.reason, has_evidence: m.has_evidence, created_at: m.created_at } : null,
    };
  });
  const sectionCodes = [...new Set(rows.map((r) => r.section_code))];
  const sections = sectionCodes.map((code) => {
    const inSection = rows.filter((r) => r.section_code === code);
    return { code, name: cat.sections.find((s) => s.code === code)?.name ?? 'Requisitos', progress: { signed: inSection.filter((r) => r.signature).length, total: inSection.length } };
  });
  const signed = rows.filter((r) => r.signature).length;
  return {
    id: e.id, item, started_on: e.started_on, completed_on: e.completed_on, invested_on: e.invested_on,
    ready: !e.invested_on && rows.length > 0 && signed === rows.length,
    progress: { signed, total: rows.length }, sections, requirements: rows,
  };
}

export async function getCard(db: Queryable, access: ClubAccess, memberId: string): Promise<TCard> {
  const member = await repo.findMember(db, access.clubId, memberId);
  if (!member) throw notFound(PROGRAMME_MSG.memberUnknown);
  const signer = await signerOf(db, access);
  if (!mayReadCard(signer, member)) throw forbidden(PROGRAMME_MSG.cardForbidden);
  // The birth date is the member record's (/members/:id/family, 'club.settings'): the member and the
  // direction see it; an instructor or counsellor gets 403 there, so not here either (issue 43). The
  // class it suggests also goes to whoever enrols ('programme.manage').
  const own = member.profile_id === access.profileId;
  const birthDate = own || can(access, 'club.settings');
  return buildCard(db, access.clubId, member, (code) => signRefusal(signer, member, code) === null, { birthDate, suggestion: birthDate || can(access, 'programme.manage') });
}

/** The cartão of a member as a reader sees it (also the guardian's view in /familia, which signs nothing). */
export async function buildCard(db: Queryable, clubId: string, member: repo.MemberRef, maySign: (itemCode: string) => boolean, show: { birthDate: boolean; suggestion: boolean }): Promise<TCard> {
  const [enrolments, cat, settings, today] = await Promise.all([
    repo.memberEnrolments(db, clubId, member.member_id), getCatalogue(db), repo.getSettings(db, clubId), repo.clubToday(db, clubId),
  ]);
  const reqs = await repo.listRequirements(db, clubId, [...new Set(enrolments.map((e) => e.item_code))]);
  const sigs = await repo.signaturesOf(db, clubId, enrolments.map((e) => e.id));
  const marks = await repo.marksOf(db, clubId, enrolments.map((e) => e.id));
  const cards: TCardEnrolment[] = [];
  for (const e of enrolments) {
    const item = cat.items.find((i) => i.code === e.item_code);
    if (item) cards.push(await cardEnrolment(db, clubId, e, item, reqs.filter((r) => r.item_code === e.item_code), sigs, marks));
  }
  const suggested = show.suggestion ? suggestedClass(cat.items, settings.programmes, member.birth_date, today) : null;
  return {
    member: { member_id: member.member_id, full_name: member.full_name, unit_id: member.unit_id, birth_date: show.birthDate ? member.birth_date : null },
    suggested_class: suggested,
    suggested_class_name: suggested ? cat.items.find((i) => i.code === suggested)?.name ?? suggested : null,
    enrolments: cards,
    can_sign: enrolments.some((e) => !e.invested_on && maySign(e.item_code)),
  };
}

// ——— The instructor's grid and the prontos ———

export async function getGrid(db: Queryable, access: ClubAccess, itemCode: string, unitId: string | null): Promise<TGrid> {
  const item = await requireItem(db, itemCode);
  const signer = await signerOf(db, access);
  // A counsellor's grid is their unit's, whatever was asked.
  const unit = access.role === 'counselor' ? signer.unitId : unitId;
  const [requirements, members] = await Promise.all([repo.listRequirements(db, access.clubId, [itemCode]), repo.enrolledMembers(db, access.clubId, itemCode, unit)]);
  const [signatures, present] = await Promise.all([repo.signaturesOf(db, access.clubId, members.map((m) => m.enrolment_id)), presentToday(db, access.clubId)]);
  const rows = members.map((m) => ({ member: m, refusal: signRefusal(signer, m, itemCode) }));
  const enrolled = new Set(members.map((m) => m.member_id));
  return {
    item,
    requirements,
    members: rows.map(({ member: m, refusal }) => ({ member_id: m.member_id, full_name: m.full_name, unit_id: m.unit_id, enrolment_id: m.enrolment_id, can_sign: refusal === null })),
    signatures: signatures.map((s) => ({ id: s.id, enrolment_id: s.enrolment_id, requirement_id: s.requirement_id, signed_on: s.signed_on })),
    read_only_reason: readOnlyReason(signer, item, rows.map((r) => r.refusal)),
    present_today: present ? present.filter((id) => enrolled.has(id)) : null,
  };
}

/** Why a grid whose rows the caller signs none of is read-only (an instructor not assigned to the item, say). */
function readOnlyReason(signer: Signer, item: TItem, refusals: (AppError | null)[]): string | null {
  if (!refusals.length || refusals.some((r) => r === null)) return null;
  if (signer.access.role === 'instructor' && !signer.assigned.has(item.code)) return PROGRAMME_MSG.gridReadOnlyInstructor(item.name);
  return PROGRAMME_MSG.gridReadOnly(refusals[0]?.message ?? '');
}

export async function setInstructors(db: Db, access: ClubAccess, itemCode: string, memberIds: string[]) {
  await requireItem(db, itemCode);
  const unique = [...new Set(memberIds)];
  return db.transaction(async (tx) => {
    const found = await repo.activeMembers(tx, access.clubId, unique);
    if (found.length !== unique.length) throw badRequest(PROGRAMME_MSG.instructorInvalid);
    await repo.replaceInstructors(tx, access.clubId, itemCode, unique);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'programme.instructors', entity: 'programme_item', entityId: null, after: { item: itemCode, count: unique.length } });
    return repo.listInstructors(tx, access.clubId, itemCode);
  });
}

/** The classes and especialidades assigned to one member (the member's functions: Instrutor(a)). */
export async function getInstructorItems(db: Queryable, clubId: string, memberId: string): Promise<{ item_codes: string[] }> {
  const member = await repo.findMember(db, clubId, memberId);
  if (!member) throw notFound(PROGRAMME_MSG.memberUnknown);
  return { item_codes: await repo.itemsOfInstructor(db, clubId, member.member_id) };
}

/** Replaces the classes and especialidades one member instructs (and so signs, as an instructor). */
export async function setInstructorItems(db: Db, access: ClubAccess, memberId: string, itemCodes: string[]): Promise<{ item_codes: string[] }> {
  const cat = await getCatalogue(db);
  const unique = [...new Set(itemCodes)];
  if (unique.some((code) => !cat.items.some((i) => i.code === code))) throw badRequest(PROGRAMME_MSG.instructorItemsInvalid);
  return db.transaction(async (tx) => {
    // By club-member or profile id (the member's page is addressed by profile).
    const ref = await repo.findMember(tx, access.clubId, memberId);
    const member = ref ? await repo.lockActiveMember(tx, access.clubId, ref.member_id) : null;
    if (!member) throw notFound(PROGRAMME_MSG.memberUnknown);
    const before = await repo.itemsOfInstructor(tx, access.clubId, member.id);
    await repo.replaceItemsOfInstructor(tx, access.clubId, member.id, unique);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'programme.instructors', entity: 'member', entityId: member.id, before: { items: before }, after: { items: unique } });
    return { item_codes: await repo.itemsOfInstructor(tx, access.clubId, member.id) };
  });
}
