import type { Db, Queryable } from '../db/index.js';
import { AppError, badRequest, forbidden, notFound } from '../plugins/errors.js';
import type { ClubAccess } from '../plugins/access.js';
import { writeAudit } from '../audit/repo.js';
import {
  PROGRAMME_MSG,
  suggestedClass,
  type TCard,
  type TCardEnrolment,
  type TCatalogue,
  type TGrid,
  type TItem,
  type TProgrammeSettings,
  type TRequirement,
} from '../../shared/programme.js';
import { mayReadCard, signerOf, signRefusal } from './signers.js';
import * as repo from './repo.js';

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
    await tx.query('UPDATE programme_enrolments SET completed_on = NULL WHERE club_id = $1 AND item_code = $2 AND invested_on IS NULL AND completed_on IS NOT NULL', [access.clubId, itemCode]);
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
    const signed = await tx.query<{ enrolment_id: string; profile_id: string; unit_id: string | null; full_name: string; member_id: string; birth_date: string | null; invested_on: string | null }>(
      `SELECT s.enrolment_id, cm.profile_id, cm.unit_id, p.full_name, cm.id AS member_id, cm.birth_date, e.invested_on
         FROM programme_signatures s JOIN programme_enrolments e ON e.id = s.enrolment_id JOIN club_members cm ON cm.id = e.member_id JOIN profiles p ON p.id = cm.profile_id
        WHERE s.club_id = $1 AND s.requirement_id = $2 ORDER BY e.id FOR UPDATE OF e`,
      [access.clubId, before.id],
    );
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

export async function enrol(db: Db, access: ClubAccess, memberId: string, itemCode: string): Promise<TCardEnrolment> {
  const item = await requireItem(db, itemCode);
  return db.transaction(async (tx) => {
    const member = await repo.findMember(tx, access.clubId, memberId);
    if (!member) throw notFound(PROGRAMME_MSG.memberUnknown);
    const settings = await repo.getSettings(tx, access.clubId);
    if (!settings.programmes.includes(item.programme)) throw badRequest(PROGRAMME_MSG.programmeNotChosen);
    const existing = await repo.memberEnrolments(tx, access.clubId, member.member_id);
    if (existing.some((e) => e.item_code === item.code)) throw new AppError('conflict', 409, PROGRAMME_MSG.alreadyEnrolled);
    // The catalogue's pre-requisito (an advanced class asks for its regular class): completed or invested.
    if (item.prerequisite) {
      const done = existing.some((e) => e.item_code === item.prerequisite && (e.completed_on || e.invested_on));
      const name = (await getCatalogue(tx)).items.find((i) => i.code === item.prerequisite)?.name ?? item.prerequisite;
      if (!done) throw badRequest(PROGRAMME_MSG.prerequisiteMissing(item.name, name));
    }
    if (item.kind === 'class' && existing.some((e) => e.kind === 'class' && !e.invested_on)) throw new AppError('conflict', 409, PROGRAMME_MSG.classInProgress);
    // Locks the member row: two enrolments of one member at once queue here instead of colliding.
    await tx.query('SELECT id FROM club_members WHERE club_id = $1 AND id = $2 FOR UPDATE', [access.clubId, member.member_id]);
    const enrolment = await repo.insertEnrolment(tx, access.clubId, member.member_id, item, await repo.clubToday(tx, access.clubId), access.profileId);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'programme.enrol', entity: 'member', entityId: member.member_id, after: { item: item.code, name: member.full_name } });
    return cardEnrolment(tx, access.clubId, enrolment, item);
  });
}

export async function unenrol(db: Db, access: ClubAccess, enrolmentId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const enrolment = await repo.getEnrolment(tx, access.clubId, enrolmentId);
    if (!enrolment) throw notFound(PROGRAMME_MSG.enrolmentNotFound);
    if ((await repo.signaturesOf(tx, access.clubId, [enrolment.id])).length) throw new AppError('conflict', 409, PROGRAMME_MSG.enrolmentHasSignatures);
    await repo.deleteEnrolment(tx, access.clubId, enrolment.id);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'programme.unenrol', entity: 'member', entityId: enrolment.member_id, before: { item: enrolment.item_code } });
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
  return buildCard(db, access.clubId, member, (code) => signRefusal(signer, member, code) === null);
}

/** The cartão of a member as a reader sees it (also the guardian's view in /familia, which signs nothing). */
export async function buildCard(db: Queryable, clubId: string, member: repo.MemberRef, maySign: (itemCode: string) => boolean): Promise<TCard> {
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
  return {
    member: { member_id: member.member_id, full_name: member.full_name, unit_id: member.unit_id, birth_date: member.birth_date },
    suggested_class: suggestedClass(cat.items, settings.programmes, member.birth_date, today),
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
  const signatures = await repo.signaturesOf(db, access.clubId, members.map((m) => m.enrolment_id));
  return {
    item,
    requirements,
    members: members.map((m) => ({ member_id: m.member_id, full_name: m.full_name, unit_id: m.unit_id, enrolment_id: m.enrolment_id, can_sign: signRefusal(signer, m, itemCode) === null })),
    signatures: signatures.map((s) => ({ id: s.id, enrolment_id: s.enrolment_id, requirement_id: s.requirement_id, signed_on: s.signed_on })),
  };
}

export async function setInstructors(db: Db, access: ClubAccess, itemCode: string, memberIds: string[]) {
  await requireItem(db, itemCode);
  const unique = [...new Set(memberIds)];
  return db.transaction(async (tx) => {
    const found = await tx.query<{ id: string }>('SELECT id FROM club_members WHERE club_id = $1 AND active AND id = ANY($2::uuid[])', [access.clubId, unique]);
    if (found.length !== unique.length) throw badRequest(PROGRAMME_MSG.instructorInvalid);
    await repo.replaceInstructors(tx, access.clubId, itemCode, unique);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'programme.instructors', entity: 'programme_item', entityId: null, after: { item: itemCode, count: unique.length } });
    return repo.listInstructors(tx, access.clubId, itemCode);
  });
}
