import type { Db, Queryable } from '../db/index.js';
import { AppError, badRequest, conflict, notFound } from '../plugins/errors.js';
import type { ClubAccess } from '../plugins/access.js';
import { writeAudit } from '../audit/repo.js';
import { PROGRAMME_MSG, type TProgrammeSettings, type TSignResult } from '../../shared/programme.js';
import { signerOf, signRefusal, type Signer } from './signers.js';
import * as repo from './repo.js';
import { awardAutomaticBadges, awardRankingBadges } from '../badges/engine.js';
import { notifyReady, notifySigned, type ReadyMember, type SignedForMember } from './notices.js';

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

/**
 * Signs one requisito of an enrolment (the enrolment row is locked by the caller), gives its points
 * once, and completes the enrolment when it was the last one. Returns whether a signature was written.
 */
async function signOne(c: SignContext, member: repo.MemberRef, enrolment: repo.EnrolmentRow, requirement: { id: string; text: string }, itemName: string): Promise<boolean> {
  const row = await repo.insertSignature(c.tx, c.access.clubId, { enrolmentId: enrolment.id, requirementId: requirement.id, signedOn: c.signedOn, note: c.note, signedBy: c.access.profileId });
  if (!row) {
    c.result.already += 1;
    return false;
  }
  c.result.signed += 1;
  const told = c.signedFor.get(member.member_id) ?? { member, signed: [] };
  told.signed.push({ itemName, text: requirement.text });
  c.signedFor.set(member.member_id, told);
  const points = c.settings.points_per_requirement;
  if (points > 0 && (await repo.netPoints(c.tx, c.access.clubId, enrolment.id, requirement.id)) === 0) {
    await repo.appendPoints(c.tx, { clubId: c.access.clubId, member, enrolmentId: enrolment.id, requirementId: requirement.id, points, reason: `${itemName}: ${short(requirement.text)}`, createdBy: c.access.profileId });
    c.result.points += points;
  }
  await completeIfDone(c, member, enrolment, itemName);
  return true;
}

/**
 * Marks the enrolment complete when every requisito is signed, with its completion points (once:
 * the ledger's net for the completion is checked first); then signs, in the member's other
 * enrolments, the requisitos that asked for this especialidade or one of its area.
 */
async function completeIfDone(c: SignContext, member: repo.MemberRef, enrolment: repo.EnrolmentRow, itemName: string): Promise<void> {
  if (enrolment.completed_on) return;
  const reqs = await repo.listRequirements(c.tx, c.access.clubId, [enrolment.item_code]);
  if (!reqs.length) return;
  const { n } = await repo.signedCount(c.tx, c.access.clubId, enrolment.id, reqs.map((r) => r.id));
  if (n < reqs.length) return;
  await repo.setCompleted(c.tx, c.access.clubId, enrolment.id, c.signedOn);
  enrolment.completed_on = c.signedOn;
  c.result.completed.push(member.member_id);
  c.ready.push({ member, enrolmentId: enrolment.id, itemCode: enrolment.item_code, itemName, completedOn: c.signedOn });
  const points = enrolment.kind === 'class' ? c.settings.points_per_class : c.settings.points_per_specialty;
  if (points > 0 && (await repo.netPoints(c.tx, c.access.clubId, enrolment.id, null)) === 0) {
    await repo.appendPoints(c.tx, { clubId: c.access.clubId, member, enrolmentId: enrolment.id, requirementId: null, points, reason: `${itemName} concluída`, createdBy: c.access.profileId });
    c.result.points += points;
  }
  if (enrolment.kind === 'specialty') await signLinked(c, member, enrolment.item_code);
}

/** 'Completar a especialidade X' / 'uma especialidade da área Y', in the member's other enrolments. */
async function signLinked(c: SignContext, member: repo.MemberRef, specialtyCode: string): Promise<void> {
  const item = await repo.getItem(c.tx, specialtyCode);
  if (!item) return;
  const others = (await repo.memberEnrolments(c.tx, c.access.clubId, member.member_id)).filter((e) => e.item_code !== specialtyCode && !e.invested_on);
  if (!others.length) return;
  const locked = await c.tx.query<repo.EnrolmentRow>(
    `SELECT id, member_id, item_code, kind, started_on, completed_on, invested_on FROM programme_enrolments WHERE club_id = $1 AND id = ANY($2::uuid[]) ORDER BY id FOR UPDATE`,
    [c.access.clubId, others.map((e) => e.id)],
  );
  for (const enrolment of locked) {
    const reqs = await repo.listRequirements(c.tx, c.access.clubId, [enrolment.item_code]);
    const target = reqs.find((r) => r.link_specialty === specialtyCode) ?? reqs.find((r) => r.link_area !== null && r.link_area === item.area_code);
    if (!target) continue;
    const other = await repo.getItem(c.tx, enrolment.item_code);
    await signOne({ ...c, note: `Especialidade ${item.name} concluída` }, member, enrolment, target, other?.name ?? enrolment.item_code);
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
      const [claimed] = await tx.query<{ client_id: string }>(
        `INSERT INTO programme_sign_requests (club_id, client_id, requirement_id, member_ids, result) VALUES ($1, $2, $3, $4::uuid[], $5::jsonb)
         ON CONFLICT (club_id, client_id) DO NOTHING RETURNING client_id`,
        [access.clubId, clientId, input.requirement_id, input.member_ids, JSON.stringify(result)],
      );
      // The same id sent twice at once: the other request committed first, and this one's writes go.
      if (!claimed) throw new ReplayedMeanwhile();
      await tx.query(`DELETE FROM programme_sign_requests WHERE club_id = $1 AND created_at < now() - interval '90 days'`, [access.clubId]);
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
  const [row] = await q.query<{ requirement_id: string; member_ids: string[]; result: TSignResult | string }>(
    'SELECT requirement_id, member_ids, result FROM programme_sign_requests WHERE club_id = $1 AND client_id = $2',
    [clubId, clientId],
  );
  if (!row) return null;
  const same = (a: string[], b: string[]) => a.length === b.length && [...a].map((x) => x.toLowerCase()).sort().join() === [...b].map((x) => x.toLowerCase()).sort().join();
  if (row.requirement_id.toLowerCase() !== input.requirement_id.toLowerCase() || !same(row.member_ids, input.member_ids)) {
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
    await tx.query('SELECT 1 FROM club_members WHERE club_id = $1 AND id = ANY($2::uuid[]) ORDER BY id FOR UPDATE', [access.clubId, input.member_ids]);
    const enrolments = await repo.lockEnrolments(tx, access.clubId, requirement.item_code, input.member_ids);
    if (enrolments.length !== input.member_ids.length) throw badRequest(PROGRAMME_MSG.notEnrolled);
    const item = await repo.getItem(tx, requirement.item_code);
    const settings = await repo.getSettings(tx, access.clubId);
    const c: SignContext = { tx, access, settings, signedOn, note: input.note?.trim() || null, result: { signed: 0, already: 0, points: 0, completed: [] }, signedFor: new Map(), ready: [] };
    for (const enrolment of enrolments) {
      const member = members.get(enrolment.member_id);
      if (!member) continue;
      await signOne(c, member, enrolment, requirement, item?.name ?? requirement.item_code);
    }
    if (c.result.signed) {
      await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'programme.sign', entity: 'programme_requirement', entityId: requirement.id, after: { item: requirement.item_code, members: input.member_ids.length, signed: c.result.signed, signed_on: signedOn, points: c.result.points } });
    }
    await awardBadgesOfSigned(tx, access.clubId, [...c.signedFor.values()].map((s) => s.member), c.result.points > 0);
    await notifySigned(tx, access.clubId, c.signedFor.values());
    await notifyReady(tx, access.clubId, access.profileId, c.ready);
    // A mark waiting in the queue for a requisito signed here (in the grid, say) leaves the queue.
    if (c.result.signed) {
      await tx.query(`UPDATE programme_marks SET status = 'signed', decided_by = $4, decided_at = now()
        WHERE club_id = $1 AND requirement_id = $2 AND status = 'pending' AND enrolment_id = ANY($3::uuid[])`, [access.clubId, requirement.id, enrolments.map((e) => e.id), access.profileId]);
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
  for (const m of members) await awardAutomaticBadges(tx, clubId, m.profile_id);
  if (pointsMoved) await awardRankingBadges(tx, clubId);
}

/** Reverses whatever the ledger still holds for a requisito (or, null, the completion) of an enrolment. */
async function reverse(tx: Queryable, access: ClubAccess, member: repo.MemberRef, enrolmentId: string, requirementId: string | null, reason: string): Promise<number> {
  const net = await repo.netPoints(tx, access.clubId, enrolmentId, requirementId);
  if (net === 0) return 0;
  await repo.appendPoints(tx, { clubId: access.clubId, member, enrolmentId, requirementId, points: -net, reason: `Estorno: ${reason}`, createdBy: access.profileId });
  return net;
}

/**
 * Undoes a signature: the row goes, its points and (if the enrolment was complete) the completion's
 * points are reversed in the ledger, and the audit log keeps who undid what. An invested item is history.
 */
export async function unsign(db: Db, access: ClubAccess, signatureId: string): Promise<{ points_reversed: number }> {
  return db.transaction(async (tx) => {
    const signature = await repo.getSignature(tx, access.clubId, signatureId);
    if (!signature) throw notFound(PROGRAMME_MSG.signatureNotFound);
    const [enrolment] = await tx.query<repo.EnrolmentRow>(
      'SELECT id, member_id, item_code, kind, started_on, completed_on, invested_on FROM programme_enrolments WHERE club_id = $1 AND id = $2 FOR UPDATE',
      [access.clubId, signature.enrolment_id],
    );
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
    return { points_reversed: reversed };
  });
}
