import type { z } from 'zod';
import type { Db, Queryable } from '../db/index.js';
import { writeAudit } from '../audit/repo.js';
import { PG, badRequest, isPgError, conflict, notFound } from '../core/errors.js';
import { scopeOf, type ClubAccess } from '../core/access.js';
import { addCharge } from '../charges/service.js';
import type { Actor } from '../core/access.js';
import { notifyCreatedCharges } from '../charges/notices.js';
import { sumMoney } from '../../shared/money.js';
import {
  PAT_MSG, type TKit, type TKitOrder, type TKitPending, type TMemberSizes, type TMyPatrimonio,
  type ZDeliveryInput, type ZKitInput, type ZPieceGoneInput, type ZSizesInput,
} from '../../shared/patrimonio.js';
import * as repo from './repo.js';
import * as uniformRepo from './uniform-repo.js';
import { checkId } from './service.js';

/** Uniformes e kits (issue 50): sizes per member, kits, deliveries, 'quem ainda não recebeu', the order and its charges. */

/** The units a reader of 'uniforms.read' sees: all (null) or a counsellor's own. */
function unitFilter(access: ClubAccess): string | null {
  return scopeOf(access, 'uniforms.read') === 'unit' ? (access.unitId ?? null) : null;
}

export function listSizes(q: Queryable, access: ClubAccess): Promise<uniformRepo.MemberSizesRow[]> {
  return uniformRepo.listSizes(q, access.clubId, unitFilter(access));
}

export async function saveSizes(db: Db, actor: Actor, memberId: string, input: z.output<typeof ZSizesInput>): Promise<TMemberSizes> {
  checkId(memberId, PAT_MSG.memberNotFound);
  return db.transaction(async (tx) => {
    if (!(await uniformRepo.memberExists(tx, actor.clubId, memberId))) throw notFound(PAT_MSG.memberNotFound);
    await uniformRepo.upsertSizes(tx, actor.clubId, memberId, input, actor.profileId);
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'member_sizes.update', entity: 'club_member', entityId: memberId, after: input });
    return uniformRepo.sizesOf(tx, actor.clubId, memberId);
  });
}

/** The club's kits (the uniform first), each with its current pieces and the pieces taken out (their deliveries stay). */
export async function listKits(q: Queryable, clubId: string): Promise<TKit[]> {
  const kits = await uniformRepo.listKitRows(q, clubId);
  const items = await uniformRepo.listKitItems(q, clubId);
  const members = await uniformRepo.activeMemberCount(q, clubId);
  const of = (kitId: string, removed: boolean) => items.filter((i) => i.kit_id === kitId && i.removed === removed).map(({ kit_id: _kit, removed: _r, ...i }) => i);
  return kits.map((k) => ({ ...k, members, items: of(k.id, false), removed: of(k.id, true) }));
}

function kitConflict(err: unknown): never {
  if (isPgError(err) && err.code === PG.uniqueViolation && err.constraint === 'kits_club_name_key') throw conflict(PAT_MSG.kitNameTaken);
  if (isPgError(err) && err.code === PG.uniqueViolation && err.constraint === 'kits_club_uniform_key') throw conflict(PAT_MSG.uniformExists);
  throw err;
}

export async function createKit(db: Db, actor: Actor, input: z.output<typeof ZKitInput>): Promise<TKit> {
  try {
    return await db.transaction(async (tx) => {
      const id = await uniformRepo.insertKit(tx, actor.clubId, input.name, input.kind, actor.profileId);
      for (const [position, item] of input.items.entries()) {
        await uniformRepo.insertKitItem(tx, actor.clubId, id, item, position);
      }
      await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'kit.create', entity: 'kit', entityId: id, after: input });
      return mustGetKit(tx, actor.clubId, id);
    });
  } catch (err) {
    return kitConflict(err);
  }
}

/** Locks the kit row: edits and deliveries of one kit take turns (an edit while giving keeps one record each). */
async function lockKit(q: Queryable, clubId: string, kitId: string): Promise<{ id: string; name: string }> {
  checkId(kitId, PAT_MSG.kitNotFound);
  const kit = await uniformRepo.lockKit(q, clubId, kitId);
  if (!kit) throw notFound(PAT_MSG.kitNotFound);
  return kit;
}

/**
 * Edits a kit: renames it and its pieces, changes prices, adds pieces and takes pieces out. A piece taken
 * out is marked removed, never deleted: what was already given of it stays, under the name it had.
 */
export async function updateKit(db: Db, actor: Actor, kitId: string, input: z.output<typeof ZKitInput>): Promise<TKit> {
  try {
    return await db.transaction(async (tx) => {
      await lockKit(tx, actor.clubId, kitId);
      const before = await mustGetKit(tx, actor.clubId, kitId);
      const current = new Set(before.items.map((i) => i.id));
      const kept = new Set<string>();
      for (const item of input.items) {
        if (item.id === null) continue;
        if (!current.has(item.id) || kept.has(item.id)) throw badRequest(PAT_MSG.kitItemNotFound);
        kept.add(item.id);
      }
      await uniformRepo.updateKitRow(tx, actor.clubId, kitId, input.name, input.kind);
      const gone = [...current].filter((id) => !kept.has(id));
      if (gone.length > 0) {
        await uniformRepo.removeKitItems(tx, actor.clubId, kitId, gone);
      }
      for (const [position, item] of input.items.entries()) {
        if (item.id === null) {
          await uniformRepo.insertKitItem(tx, actor.clubId, kitId, item, position);
        } else {
          await uniformRepo.updateKitItem(tx, actor.clubId, kitId, item.id, item, position);
        }
      }
      const after = await mustGetKit(tx, actor.clubId, kitId);
      await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'kit.update', entity: 'kit', entityId: kitId, before, after });
      return after;
    });
  } catch (err) {
    return kitConflict(err);
  }
}

async function mustGetKit(q: Queryable, clubId: string, kitId: string): Promise<TKit> {
  checkId(kitId, PAT_MSG.kitNotFound);
  const kit = (await listKits(q, clubId)).find((k) => k.id === kitId);
  if (!kit) throw notFound(PAT_MSG.kitNotFound);
  return kit;
}

/** Records that these members received a piece of the kit on a day, with the size they wear; a second time is kept as the first. */
export async function deliver(db: Db, actor: Actor, kitId: string, input: z.output<typeof ZDeliveryInput>): Promise<TKit> {
  return db.transaction(async (tx) => {
    await lockKit(tx, actor.clubId, kitId);
    const kit = await mustGetKit(tx, actor.clubId, kitId);
    const item = kit.items.find((i) => i.id === input.kit_item_id.toLowerCase());
    if (!item) throw badRequest(PAT_MSG.kitItemNotFound);
    const ids = [...new Set(input.member_ids.map((m) => m.toLowerCase()))];
    const found = await uniformRepo.activeMembers(tx, actor.clubId, ids);
    if (found.length !== ids.length) throw badRequest(PAT_MSG.memberNotFound);
    await uniformRepo.insertDeliveries(tx, {
      clubId: actor.clubId, itemId: item.id, itemName: item.name, sizedBy: item.sized_by, memberIds: ids, deliveredOn: input.delivered_on, by: actor.profileId, source: input.source,
    });
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'kit.delivery', entity: 'kit', entityId: kitId, after: { kit_item_id: item.id, member_ids: ids, delivered_on: input.delivered_on, source: input.source } });
    return mustGetKit(tx, actor.clubId, kitId);
  });
}

/**
 * A member no longer has a piece (lost it, outgrew it, gave it back): the delivery stays in their history,
 * marked; the piece is missing again (in 'quem ainda não tem', the next order and the member's own page).
 */
export async function markPieceGone(db: Db, actor: Actor, kitId: string, input: z.output<typeof ZPieceGoneInput>): Promise<TKit> {
  return db.transaction(async (tx) => {
    await lockKit(tx, actor.clubId, kitId);
    const kit = await mustGetKit(tx, actor.clubId, kitId);
    const item = kit.items.find((i) => i.id === input.kit_item_id.toLowerCase());
    if (!item) throw badRequest(PAT_MSG.kitItemNotFound);
    const memberId = input.member_id.toLowerCase();
    const held = await uniformRepo.heldDelivery(tx, actor.clubId, item.id, memberId);
    if (!held) throw conflict(PAT_MSG.pieceNotHeld);
    if (input.gone_on > (await repo.today(tx, actor.clubId))) throw badRequest(PAT_MSG.goneInFuture);
    if (input.gone_on < held.delivered_on) throw badRequest(PAT_MSG.goneBeforeDelivery);
    await uniformRepo.markGone(tx, actor.clubId, item.id, memberId, input.gone_on, input.reason);
    await writeAudit(tx, {
      clubId: actor.clubId, actorId: actor.profileId, action: 'kit.piece_gone', entity: 'kit', entityId: kitId,
      before: { kit_item_id: item.id, member_id: memberId, ...held }, after: { kit_item_id: item.id, member_id: memberId, gone_on: input.gone_on, reason: input.reason },
    });
    return mustGetKit(tx, actor.clubId, kitId);
  });
}

/** 'Quem ainda não recebeu': per piece, per unit (a counsellor sees their own unit), and who has it now. */
export async function pending(q: Queryable, access: ClubAccess, kitId: string): Promise<TKitPending[]> {
  const kit = await mustGetKit(q, access.clubId, kitId);
  const rows = await uniformRepo.missing(q, access.clubId, kitId, unitFilter(access));
  const holders = await uniformRepo.holders(q, access.clubId, kitId, unitFilter(access));
  return kit.items.map((item) => {
    const units = new Map<string, TKitPending['units'][number]>();
    for (const r of rows.filter((x) => x.kit_item_id === item.id)) {
      const key = r.unit_id ?? '';
      const unit = units.get(key) ?? { unit_id: r.unit_id, unit_name: r.unit_name ?? 'Sem unidade', members: [] };
      unit.members.push({ member_id: r.member_id, name: r.name, size: r.size });
      units.set(key, unit);
    }
    const holding = holders.filter((h) => h.kit_item_id === item.id).map(({ member_id, name }) => ({ member_id, name }));
    return { kit_item_id: item.id, item_name: item.name, units: [...units.values()], holders: holding };
  });
}

/** The next purchase: the missing pieces of members not charged yet, by piece and size, with the cost. */
export async function order(q: Queryable, clubId: string, kitId: string): Promise<TKitOrder> {
  await mustGetKit(q, clubId, kitId);
  const rows = (await uniformRepo.missing(q, clubId, kitId, null));
  const open = rows.filter((r) => !r.charged);
  const lines = new Map<string, TKitOrder['lines'][number]>();
  for (const r of open) {
    const key = `${r.kit_item_id}|${r.size ?? ''}`;
    const line = lines.get(key) ?? { kit_item_id: r.kit_item_id, item_name: r.item_name, size: r.size, count: 0, price: r.price, total: '0.00' };
    line.count += 1;
    line.total = sumMoney([line.total, r.price]);
    lines.set(key, line);
  }
  const list = [...lines.values()];
  return {
    lines: list, total: sumMoney(list.map((l) => l.total)),
    members: new Set(open.map((r) => r.member_id)).size, already_charged: new Set(rows.filter((r) => r.charged).map((r) => r.member_id)).size,
  };
}

/**
 * Turns the order into one charge per member (what their missing pieces cost), through the charges
 * service; a member is charged once per kit. Free pieces (price 0) charge nothing.
 */
export async function chargeOrder(db: Db, actor: Actor, kitId: string, dueOn: string): Promise<{ charges: number; total: string }> {
  return db.transaction(async (tx) => {
    const lock = await uniformRepo.lockKit(tx, actor.clubId, kitId);
    if (!lock) throw notFound(PAT_MSG.kitNotFound);
    if (dueOn < (await repo.today(tx, actor.clubId))) throw badRequest(PAT_MSG.dueBeforeToday);
    const byMember = new Map<string, uniformRepo.MissingRow[]>();
    for (const r of (await uniformRepo.missing(tx, actor.clubId, kitId, null)).filter((x) => !x.charged && x.price !== '0.00')) {
      byMember.set(r.member_id, [...(byMember.get(r.member_id) ?? []), r]);
    }
    if (byMember.size === 0) throw conflict(PAT_MSG.nothingToCharge);
    const ids: string[] = [];
    const amounts: string[] = [];
    for (const [memberId, pieces] of byMember) {
      const amount = sumMoney(pieces.map((p) => p.price));
      const description = `${lock.name}: ${pieces.map((p) => (p.size ? `${p.item_name} (${p.size})` : p.item_name)).join(', ')}`.slice(0, 200);
      const charge = await addCharge(tx, actor, { profileId: pieces[0].profile_id, description, amount, dueDate: dueOn, origin: 'avulsa' });
      await uniformRepo.insertOrderCharge(tx, actor.clubId, kitId, memberId, charge.id);
      ids.push(charge.id);
      amounts.push(amount);
    }
    await notifyCreatedCharges(tx, actor.clubId, ids);
    const total = sumMoney(amounts);
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'kit.order_charges', entity: 'kit', entityId: kitId, after: { charge_ids: ids, total, due_on: dueOn } });
    return { charges: ids.length, total };
  });
}

/** A member's own page: their sizes, what of the kits they received, and what they hold on loan. */
export async function mine(q: Queryable, access: ClubAccess): Promise<TMyPatrimonio> {
  const me = await repo.memberOf(q, access.clubId, access.profileId);
  const empty = { camisa: null, calca_saia: null, sapato: null, bone: null };
  if (!me) return { member_id: null, sizes: empty, received: [], uniform: null, loans: [] };
  const sizes = await repo.memberSizesOf(q, me.id);
  const received = await repo.receivedBy(q, access.clubId, me.id);
  // The club's uniform, piece by piece: what they have (given or their own) and what they still lack.
  const pieces = await repo.uniformPiecesOf(q, access.clubId, me.id);
  const uniform = pieces.length === 0 ? null : { kit_name: pieces[0].kit_name, pieces: pieces.map(({ kit_name: _k, ...p }) => p) };
  // What they hold: lent to them as a leader, or to their unit.
  const loans = [
    ...(await repo.listLoans(q, access.clubId, { memberId: me.id, open: true })),
    ...(me.unit_id ? await repo.listLoans(q, access.clubId, { unitId: me.unit_id, open: true }) : []),
  ];
  return { member_id: me.id, sizes: sizes ?? empty, received, uniform, loans };
}
