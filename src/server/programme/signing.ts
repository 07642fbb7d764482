import type { Db, Queryable } from '../db/index.js';
import { AppError, badRequest, conflict, notFound } from '../core/errors.js';
import type { ClubAccess } from '../core/access.js';
import { writeAudit } from '../audit/repo.js';
import { PROGRAMME_MSG, type TProgrammeSettings, type TSignResult } from '../../shared/programme.js';
import { signerOf, signRefusal, type Signer } from './signers.js';
import * as repo from './repo.js';
import * as signingRepo from './signing-repo.js';
import { appendPointEvents } from '../progress/ledger-repo.js';
import { awardAutomaticBadgesOf, awardRankingBadges } from '../badges/engine.js';
import { notifyCompleted, notifyReady, notifySigned, type ReadyMember, type SignedForMember } from './notices.js';

const short = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text);

interface SignContext {
  tx: Queryable;
  access: ClubAccess;
  settings: TProgrammeSettings;
  signedOn: string;
  note: string | null;
  result: TSignResult;
  /** Members who got a signature in this request (linked ones too): their badges and one notice each. */
  signedFor: Map<string, SignedForMember>;
  /** Enrolments this request completed: 'pronto para investidura'. */
  ready: ReadyMember[];
}

/** A member and their enrolment (locked by the caller) in the item of the requisito being signed. */
interface Target {
  member: repo.MemberRef;
  enrolment: repo.EnrolmentRow;
}

/**
 * The points of a requisito (or, requirementId null, of a completion) for the enrolments given, through
 * the ledger's one writer, once each (a key the ledger holds already is skipped). Returns the points
 * written by enrolment.
 */
async function pointsOnce(c: SignContext, targets: Target[], requirementId: string | null, points: number, reason: string): Promise<Map<string, number>> {
  if (points <= 0 || targets.length === 0) return new Map();
  const written = await appendPointEvents(c.tx, targets.map((t) => ({
    clubId: c.access.clubId, profileId: t.member.profile_id, source: 'programme' as const, points, reason, createdBy: c.access.profileId,
    enrolmentId: t.enrolment.id, requirementId,
  })), { once: true });
  return new Map(written.map((w) => [w.programme_enrolment_id ?? '', w.points]));
}

/**
 * Signs one requisito for the enrolments given (all in the item of the requisito, locked by the
 * caller, in id order), in set form: the signatures in one INSERT … SELECT unnest (a cell signed
 * already is left as it was), their points in one more through the ledger's writer, once (the ledger's
 * net for the requisito is checked there); then the enrolments this completed, with their completion
 * points, in two more. A completed especialidade then signs, in the member's other enrolments, the requisitos
 * that asked for it. Statements per request do not grow with the number of members.
 */
async function signSet(c: SignContext, requirement: { id: string; text: string }, itemName: string, targets: Target[]): Promise<void> {
  if (targets.length === 0) return;
  const points = c.settings.points_per_requirement;
  const enrolmentIds = targets.map((t) => t.enrolment.id);
  const signed = await signingRepo.insertSignatures(c.tx, {
    clubId: c.access.clubId, requirementId: requirement.id, signedOn: c.signedOn, note: c.note, signedBy: c.access.profileId, enrolmentIds,
  });
  const signedIds = new Set(signed.map((r) => r.enrolment_id));
  const scored = await pointsOnce(c, targets.filter((t) => signedIds.has(t.enrolment.id)), requirement.id, points, `${itemName}: ${short(requirement.text)}`);
  const newly = new Map(signed.map((r) => [r.enrolment_id, scored.get(r.enrolment_id) ?? 0]));
  c.result.already += targets.length - newly.size;
  c.result.signed += newly.size;
  const fresh = targets.filter((t) => newly.has(t.enrolment.id));
  for (const t of fresh) {
    c.result.points += newly.get(t.enrolment.id) ?? 0;
    const told = c.signedFor.get(t.member.member_id) ?? { member: t.member, signed: [] };
    told.signed.push({ itemName, text: requirement.text });
    c.signedFor.set(t.member.member_id, told);
  }
  await completeDone(c, fresh, itemName);
}

/**
 * Marks complete the enrolments (of one item) whose every requisito is now signed, with their
 * completion points (once: the ledger's net for the completion is checked first);
 * then, for a completed especialidade, signs the requisitos that asked for it in the member's other
 * enrolments. Completions are taken in the order given, each followed by what it signed.
 */
async function completeDone(c: SignContext, targets: Target[], itemName: string): Promise<void> {
  const open = targets.filter((t) => !t.enrolment.completed_on);
  if (open.length === 0) return;
  const first = open[0].enrolment;
  const reqs = await repo.listRequirements(c.tx, c.access.clubId, [first.item_code]);
  if (!reqs.length) return;
  const points = first.kind === 'class' ? c.settings.points_per_class : c.settings.points_per_specialty;
  const done = await signingRepo.completeSigned(c.tx, c.access.clubId, open.map((t) => t.enrolment.id), c.signedOn, reqs.map((r) => r.id));
  const doneIds = new Set(done.map((d) => d.id));
  const scored = await pointsOnce(c, open.filter((t) => doneIds.has(t.enrolment.id)), null, points, `${itemName} concluída`);
  const completed = new Map(done.map((d) => [d.id, scored.get(d.id) ?? 0]));
  for (const { member, enrolment } of open) {
    if (!completed.has(enrolment.id)) continue;
    enrolment.completed_on = c.signedOn;
    c.result.completed.push(member.member_id);
    c.ready.push({ member, enrolmentId: enrolment.id, itemCode: enrolment.item_code, itemName, kind: enrolment.kind, completedOn: c.signedOn });
    c.result.points += completed.get(enrolment.id) ?? 0;
    if (enrolment.kind === 'specialty') await signLinked(c, member, enrolment.item_code);
  }
}
/** 'Completar a especialidade X' / 'uma especialidade da área Y', in the member's other enrolments. */
async function signLinked(c: SignContext, member: repo.MemberRef, specialtyCode: string): Promise<void> {
  const item = await repo.getItem(c.tx, specialtyCode);
  if (!item) return;
  const others = (await repo.memberEnrolments(c.tx, c.access.clubId, member.member_id)).filter((e) => e.item_code !== specialtyCode && !e.invested_on);
  if (!others.length) return;
  const locked = await signingRepo.lockEnrolmentsById(c.tx, c.access.clubId, others.map((e) => e.id));
  for (const enrolment of locked) {
    const reqs = await repo.listRequirements(c.tx, c.access.clubId, [enrolment.item_code]);
    const target = reqs.find((r) => r.link_specialty === specialtyCode) ?? reqs.find((r) => r.link_area !== null && r.link_area === item.area_code);
    if (!target) continue;
    const other = await repo.getItem(c.tx, enrolment.item_code);
    await signSet({ ...c, note: `Especialidade ${item.name} concluída` }, target, other?.name ?? enrolment.item_code, [{ member, enrolment }]);
  }
}

/**
 * Signs one requisito for the members listed ('assinar para todos os presentes' sends many), all or
 * nothing. Each member's enrolment row is locked, so two leaders signing at once leave one signature
 * and one set of points; a requisito already signed is left as it was. With a `client_id` (the grid's
 * offline queue) a resend of the same request answers what the first did and changes nothing, even
 * if the signature was undone in between (migration 0530).
 */
export async function sign(db: Db, access: ClubAccess, input: SignInput): Promise<TSignResult> {
  if (new Set(input.member_ids).size !== input.member_ids.length) throw badRequest(PROGRAMME_MSG.memberRepeated);
  const clientId = input.client_id;
  if (!clientId) return db.transaction(async (tx) => signInTx(tx, access, input));
  try {
    return await db.transaction(async (tx) => {
      const prior = await priorRequest(tx, access.clubId, clientId, input);
      if (prior) return prior;
      const result = await signInTx(tx, access, input);
      const claimed = await signingRepo.claimSignRequest(tx, { clubId: access.clubId, clientId, requirementId: input.requirement_id, memberIds: input.member_ids, result });
      // The same id sent twice at once: the other request committed first, and this one's writes go.
      if (!claimed) throw new ReplayedMeanwhile();
      await signingRepo.purgeSignRequests(tx, access.clubId);
      return result;
    });
  } catch (err) {
    if (!(err instanceof ReplayedMeanwhile)) throw err;
    const prior = await priorRequest(db, access.clubId, clientId, input);
    if (!prior) throw err;
    return prior;
  }
}

class ReplayedMeanwhile extends Error {}

/**
 * What a request with this client id answered before (a resend of the offline queue), or null when
 * it is the first; the id of another signature (another requisito or other members) is a conflict.
 */
async function priorRequest(q: Queryable, clubId: string, clientId: string, input: SignInput): Promise<TSignResult | null> {
  const row = await signingRepo.signRequest(q, clubId, clientId);
  if (!row) return null;
  const same = (a: string[], b: string[]) => a.length === b.length && [...a].map((x) => x.toLowerCase()).sort().join() === [...b].map((x) => x.toLowerCase()).sort().join();
  if (row.kind !== 'sign' || row.requirement_id.toLowerCase() !== input.requirement_id.toLowerCase() || !same(row.member_ids, input.member_ids)) {
    throw conflict(PROGRAMME_MSG.clientIdReused);
  }
  return typeof row.result === 'string' ? (JSON.parse(row.result) as TSignResult) : row.result;
}

export interface SignInput { requirement_id: string; member_ids: string[]; signed_on?: string; note?: string | null; client_id?: string }

/** {@link sign} inside the caller's transaction (a mark from the queue is signed with its own row). */
export async function signInTx(tx: Queryable, access: ClubAccess, input: SignInput): Promise<TSignResult> {
  {
    const requirement = await repo.getRequirement(tx, access.clubId, input.requirement_id);
    if (!requirement) throw notFound(PROGRAMME_MSG.requirementNotFound);
    // A platform requisito shown to this club must be the one the club uses (no list of its own).
    const inUse = await repo.listRequirements(tx, access.clubId, [requirement.item_code]);
    if (!inUse.some((r) => r.id === requirement.id)) throw notFound(PROGRAMME_MSG.requirementNotFound);
    const today = await repo.clubToday(tx, access.clubId);
    const signedOn = input.signed_on ?? today;
    if (signedOn > today) throw badRequest(PROGRAMME_MSG.dateInFuture);
    const members = new Map((await repo.findMembers(tx, access.clubId, input.member_ids)).map((m) => [m.member_id, m]));
    if (members.size !== input.member_ids.length) throw badRequest(PROGRAMME_MSG.memberUnknown);
    const signer: Signer = await signerOf(tx, access);
    for (const m of members.values()) {
      const refusal = signRefusal(signer, m, requirement.item_code);
      if (refusal) throw refusal;
    }
    // The members' rows first (id order), then their enrolments: two requests for one member (two
    // especialidades completing at once, each signing the other's linked requisito) wait in turn
    // instead of locking each other's enrolments, and the badge evaluation sees what the other wrote.
    await signingRepo.lockMembersForSigning(tx, access.clubId, input.member_ids);
    const enrolments = await repo.lockEnrolments(tx, access.clubId, requirement.item_code, input.member_ids);
    if (enrolments.length !== input.member_ids.length) throw badRequest(PROGRAMME_MSG.notEnrolled);
    const item = await repo.getItem(tx, requirement.item_code);
    const settings = await repo.getSettings(tx, access.clubId);
    const c: SignContext = { tx, access, settings, signedOn, note: input.note?.trim() || null, result: { signed: 0, already: 0, points: 0, completed: [] }, signedFor: new Map(), ready: [] };
    const targets = enrolments.flatMap((enrolment) => {
      const member = members.get(enrolment.member_id);
      return member ? [{ member, enrolment }] : [];
    });
    await signSet(c, requirement, item?.name ?? requirement.item_code, targets);
    if (c.result.signed) {
      await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'programme.sign', entity: 'programme_requirement', entityId: requirement.id, after: { item: requirement.item_code, members: input.member_ids.length, signed: c.result.signed, signed_on: signedOn, points: c.result.points } });
    }
    await awardBadgesOfSigned(tx, access.clubId, [...c.signedFor.values()].map((s) => s.member), c.result.points > 0);
    await notifySigned(tx, access.clubId, c.signedFor.values());
    await notifyCompleted(tx, access.clubId, c.ready);
    await notifyReady(tx, access.clubId, access.profileId, c.ready);
    // A mark waiting in the queue for a requisito signed here (in the grid, say) leaves the queue.
    if (c.result.signed) {
      await signingRepo.closePendingMarks(tx, access.clubId, requirement.id, enrolments.map((e) => e.id), access.profileId);
    }
    return c.result;
  }
}

/**
 * The automatic badges of the members this request signed for ('classe concluída' and the like, and
 * points badges), under the member locks taken by {@link signInTx}: a badge is evaluated after any
 * other request for that member committed, and the member badge is unique, so it is given once.
 */
async function awardBadgesOfSigned(tx: Queryable, clubId: string, members: repo.MemberRef[], pointsMoved: boolean): Promise<void> {
  await awardAutomaticBadgesOf(tx, clubId, members.map((m) => m.profile_id));
  if (pointsMoved) await awardRankingBadges(tx, clubId);
}

/** Reverses whatever the ledger still holds for a requisito (or, null, the completion) of an enrolment. */
async function reverse(tx: Queryable, access: ClubAccess, member: repo.MemberRef, enrolmentId: string, requirementId: string | null, reason: string): Promise<number> {
  const net = await repo.netPoints(tx, access.clubId, enrolmentId, requirementId);
  if (net === 0) return 0;
  await repo.appendPoints(tx, { clubId: access.clubId, member, enrolmentId, requirementId, points: -net, reason: `Estorno: ${reason}`, createdBy: access.profileId });
  return net;
}

type UnsignResult = { points_reversed: number };

/**
 * Undoes a signature: the row goes, its points and (if the enrolment was complete) the completion's
 * points are reversed in the ledger, and the audit log keeps who undid what. An invested item is history.
 * With a `client_id` (an undo from the grid's offline queue) the first answer is kept in
 * `programme_sign_requests` (kind 'unsign', migration 0545): a resend answers the same and reverses
 * nothing more, even if the requisito was signed again meanwhile. A refused undo keeps no answer.
 */
export async function unsign(db: Db, access: ClubAccess, signatureId: string, clientId?: string): Promise<UnsignResult> {
  if (!clientId) return db.transaction(async (tx) => (await unsignInTx(tx, access, signatureId)).result);
  try {
    return await db.transaction(async (tx) => {
      const prior = await priorUndo(tx, access.clubId, clientId, signatureId);
      if (prior) return prior;
      const { result, requirementId, memberId } = await unsignInTx(tx, access, signatureId);
      const claimed = await signingRepo.claimUndoRequest(tx, { clubId: access.clubId, clientId, requirementId, memberId, signatureId, result });
      if (!claimed) throw new ReplayedMeanwhile();
      return result;
    });
  } catch (err) {
    if (!(err instanceof ReplayedMeanwhile) && !(err instanceof AppError && err.status === 404)) throw err;
    // The same undo sent twice at once: the other committed first (this one found the row gone).
    const prior = await priorUndo(db, access.clubId, clientId, signatureId);
    if (!prior) throw err;
    return prior;
  }
}

/** What an undo with this client id answered before, or null; an id used for anything else is a conflict. */
async function priorUndo(q: Queryable, clubId: string, clientId: string, signatureId: string): Promise<UnsignResult | null> {
  const row = await signingRepo.undoRequest<UnsignResult>(q, clubId, clientId);
  if (!row) return null;
  if (row.kind !== 'unsign' || row.signature_id?.toLowerCase() !== signatureId.toLowerCase()) throw conflict(PROGRAMME_MSG.clientIdReusedUndo);
  const result = typeof row.result === 'string' ? (JSON.parse(row.result) as UnsignResult) : row.result;
  return { points_reversed: result.points_reversed };
}

async function unsignInTx(tx: Queryable, access: ClubAccess, signatureId: string): Promise<{ result: UnsignResult; requirementId: string; memberId: string }> {
  {
    const signature = await repo.getSignature(tx, access.clubId, signatureId);
    if (!signature) throw notFound(PROGRAMME_MSG.signatureNotFound);
    const enrolment = await repo.lockEnrolment(tx, access.clubId, signature.enrolment_id);
    const member = enrolment ? await repo.findMember(tx, access.clubId, enrolment.member_id) : null;
    if (!enrolment || !member) throw notFound(PROGRAMME_MSG.signatureNotFound);
    const refusal = signRefusal(await signerOf(tx, access), member, enrolment.item_code);
    if (refusal) throw refusal;
    if (enrolment.invested_on) throw new AppError('conflict', 409, 'Este item já foi investido: a assinatura faz parte do histórico.');
    // Re-read under the lock: a concurrent undo may have taken it already.
    if (!(await repo.getSignature(tx, access.clubId, signatureId))) throw notFound(PROGRAMME_MSG.signatureNotFound);
    await repo.deleteSignature(tx, access.clubId, signatureId);
    const item = await repo.getItem(tx, enrolment.item_code);
    const name = item?.name ?? enrolment.item_code;
    let reversed = await reverse(tx, access, member, enrolment.id, signature.requirement_id, `${name}: requisito desfeito`);
    if (enrolment.completed_on) {
      await repo.setCompleted(tx, access.clubId, enrolment.id, null);
      reversed += await reverse(tx, access, member, enrolment.id, null, `${name} concluída`);
    }
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'programme.unsign', entity: 'programme_requirement', entityId: signature.requirement_id, before: { member: member.full_name, item: enrolment.item_code, signed_on: signature.signed_on, signed_by: signature.signed_by_name }, after: { points_reversed: reversed } });
    return { result: { points_reversed: reversed }, requirementId: signature.requirement_id, memberId: member.member_id };
  }
}
