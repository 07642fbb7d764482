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
  PAT_MSG, type TKit, type TKitKind, type TKitOrder, type TKitPending, type TMemberSizes, type TMyPatrimonio, type TSizeField,
  type ZDeliveryInput, type ZKitInput, type ZSizesInput,
} from '../../shared/patrimonio.js';
import * as repo from './repo.js';
import { checkId } from './service.js';

/** Uniformes e kits (issue 50): sizes per member, kits, deliveries, 'quem ainda não recebeu', the order and its charges. */

/** The units a reader of 'uniforms.read' sees: all (null) or a counsellor's own. */
function unitFilter(access: ClubAccess): string | null {
  return scopeOf(access, 'uniforms.read') === 'unit' ? (access.unitId ?? null) : null;
}

const MEMBERS = `SELECT cm.id AS member_id, p.full_name AS name, cm.unit_id, u.name AS unit_name,
    s.camisa, s.calca_saia, s.sapato, s.bone
  FROM club_members cm JOIN profiles p ON p.id = cm.profile_id
  LEFT JOIN units u ON u.id = cm.unit_id
  LEFT JOIN member_sizes s ON s.member_id = cm.id
  WHERE cm.club_id = $1 AND cm.active AND ($2::uuid IS NULL OR cm.unit_id = $2)`;
const BY_NAME = `ORDER BY pt_sort_key(p.full_name) COLLATE "C", p.full_name, cm.id`;

type MemberRow = TMemberSizes & { unit_id: string | null };

export function listSizes(q: Queryable, access: ClubAccess): Promise<MemberRow[]> {
  return q.query<MemberRow>(`${MEMBERS} ${BY_NAME}`, [access.clubId, unitFilter(access)]);
}

export async function saveSizes(db: Db, actor: Actor, memberId: string, input: z.output<typeof ZSizesInput>): Promise<TMemberSizes> {
  checkId(memberId, PAT_MSG.memberNotFound);
  return db.transaction(async (tx) => {
    const [m] = await tx.query<{ id: string }>(`SELECT id FROM club_members WHERE club_id = $1 AND id = $2`, [actor.clubId, memberId]);
    if (!m) throw notFound(PAT_MSG.memberNotFound);
    await tx.query(
      `INSERT INTO member_sizes (club_id, member_id, camisa, calca_saia, sapato, bone, updated_by) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (member_id) DO UPDATE SET camisa = EXCLUDED.camisa, calca_saia = EXCLUDED.calca_saia, sapato = EXCLUDED.sapato, bone = EXCLUDED.bone,
         updated_by = EXCLUDED.updated_by, updated_at = now()`,
      [actor.clubId, memberId, input.camisa, input.calca_saia, input.sapato, input.bone, actor.profileId],
    );
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'member_sizes.update', entity: 'club_member', entityId: memberId, after: input });
    const [row] = await tx.query<MemberRow>(`${MEMBERS} AND cm.id = $3`, [actor.clubId, null, memberId]);
    return row;
  });
}

/** The club's kits (the uniform first), each with its current pieces and the pieces taken out (their deliveries stay). */
export async function listKits(q: Queryable, clubId: string): Promise<TKit[]> {
  const kits = await q.query<{ id: string; name: string; kind: TKitKind }>(
    `SELECT id, name, kind FROM kits WHERE club_id = $1 ORDER BY kind = 'uniforme' DESC, pt_sort_key(name) COLLATE "C", name, id`, [clubId]);
  const items = await q.query<{ kit_id: string; id: string; name: string; price: string; sized_by: TSizeField | null; delivered: number; removed: boolean }>(
    `SELECT ki.kit_id, ki.id, ki.name, ki.price, ki.sized_by, ki.removed_at IS NOT NULL AS removed,
            (SELECT count(*)::int FROM kit_deliveries d JOIN club_members cm ON cm.id = d.member_id AND cm.active WHERE d.club_id = ki.club_id AND d.kit_item_id = ki.id) AS delivered
       FROM kit_items ki WHERE ki.club_id = $1 ORDER BY ki.kit_id, ki.position, ki.removed_at NULLS FIRST, ki.id`,
    [clubId],
  );
  const [{ members }] = await q.query<{ members: number }>(`SELECT count(*)::int AS members FROM club_members WHERE club_id = $1 AND active`, [clubId]);
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
      const [{ id }] = await tx.query<{ id: string }>(`INSERT INTO kits (club_id, name, kind, created_by) VALUES ($1, $2, $3, $4) RETURNING id`,
        [actor.clubId, input.name, input.kind, actor.profileId]);
      for (const [position, item] of input.items.entries()) {
        await tx.query(`INSERT INTO kit_items (club_id, kit_id, name, price, sized_by, position) VALUES ($1, $2, $3, $4, $5, $6)`,
          [actor.clubId, id, item.name, item.price, item.sized_by, position]);
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
  const [kit] = await q.query<{ id: string; name: string }>(`SELECT id, name FROM kits WHERE club_id = $1 AND id = $2 FOR UPDATE`, [clubId, kitId]);
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
      await tx.query(`UPDATE kits SET name = $3, kind = $4 WHERE club_id = $1 AND id = $2`, [actor.clubId, kitId, input.name, input.kind]);
      const gone = [...current].filter((id) => !kept.has(id));
      if (gone.length > 0) {
        await tx.query(`UPDATE kit_items SET removed_at = now() WHERE club_id = $1 AND kit_id = $2 AND id = ANY ($3::uuid[])`, [actor.clubId, kitId, gone]);
      }
      for (const [position, item] of input.items.entries()) {
        if (item.id === null) {
          await tx.query(`INSERT INTO kit_items (club_id, kit_id, name, price, sized_by, position) VALUES ($1, $2, $3, $4, $5, $6)`,
            [actor.clubId, kitId, item.name, item.price, item.sized_by, position]);
        } else {
          await tx.query(`UPDATE kit_items SET name = $4, price = $5, sized_by = $6, position = $7 WHERE club_id = $1 AND kit_id = $2 AND id = $3`,
            [actor.clubId, kitId, item.id, item.name, item.price, item.sized_by, position]);
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
    const found = await tx.query<{ id: string }>(`SELECT id FROM club_members WHERE club_id = $1 AND id = ANY ($2::uuid[]) AND active`, [actor.clubId, ids]);
    if (found.length !== ids.length) throw badRequest(PAT_MSG.memberNotFound);
    const sizeColumn = item.sized_by ? `s.${item.sized_by}` : 'NULL';
    await tx.query(
      `INSERT INTO kit_deliveries (club_id, kit_item_id, member_id, delivered_on, size, delivered_by, item_name, source)
       SELECT $1, $2, cm.id, $4, ${sizeColumn}, $5, $6, $7 FROM club_members cm LEFT JOIN member_sizes s ON s.member_id = cm.id
        WHERE cm.club_id = $1 AND cm.id = ANY ($3::uuid[])
       ON CONFLICT (kit_item_id, member_id) DO NOTHING`,
      [actor.clubId, item.id, ids, input.delivered_on, actor.profileId, item.name, input.source],
    );
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'kit.delivery', entity: 'kit', entityId: kitId, after: { kit_item_id: item.id, member_ids: ids, delivered_on: input.delivered_on, source: input.source } });
    return mustGetKit(tx, actor.clubId, kitId);
  });
}

interface MissingRow { member_id: string; profile_id: string; name: string; unit_id: string | null; unit_name: string | null; kit_item_id: string; item_name: string; price: string; size: string | null; charged: boolean }

/** Each (member, piece) of the kit the member has not received, with the size that piece is ordered in. */
async function missing(q: Queryable, clubId: string, kitId: string, unitId: string | null): Promise<MissingRow[]> {
  return q.query<MissingRow>(
    `SELECT cm.id AS member_id, cm.profile_id, p.full_name AS name, cm.unit_id, u.name AS unit_name, ki.id AS kit_item_id, ki.name AS item_name, ki.price,
            CASE ki.sized_by WHEN 'camisa' THEN s.camisa WHEN 'calca_saia' THEN s.calca_saia WHEN 'sapato' THEN s.sapato WHEN 'bone' THEN s.bone END AS size,
            EXISTS (SELECT 1 FROM kit_order_charges oc WHERE oc.kit_id = ki.kit_id AND oc.member_id = cm.id) AS charged
       FROM kit_items ki
       JOIN club_members cm ON cm.club_id = ki.club_id AND cm.active AND ($3::uuid IS NULL OR cm.unit_id = $3)
       JOIN profiles p ON p.id = cm.profile_id
       LEFT JOIN units u ON u.id = cm.unit_id
       LEFT JOIN member_sizes s ON s.member_id = cm.id
      WHERE ki.club_id = $1 AND ki.kit_id = $2 AND ki.removed_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM kit_deliveries d WHERE d.kit_item_id = ki.id AND d.member_id = cm.id)
      ORDER BY ki.position, pt_sort_key(COALESCE(u.name, '')) COLLATE "C", pt_sort_key(p.full_name) COLLATE "C", cm.id`,
    [clubId, kitId, unitId],
  );
}

/** 'Quem ainda não recebeu': per piece, per unit (a counsellor sees their own unit). */
export async function pending(q: Queryable, access: ClubAccess, kitId: string): Promise<TKitPending[]> {
  const kit = await mustGetKit(q, access.clubId, kitId);
  const rows = await missing(q, access.clubId, kitId, unitFilter(access));
  return kit.items.map((item) => {
    const units = new Map<string, TKitPending['units'][number]>();
    for (const r of rows.filter((x) => x.kit_item_id === item.id)) {
      const key = r.unit_id ?? '';
      const unit = units.get(key) ?? { unit_id: r.unit_id, unit_name: r.unit_name ?? 'Sem unidade', members: [] };
      unit.members.push({ member_id: r.member_id, name: r.name, size: r.size });
      units.set(key, unit);
    }
    return { kit_item_id: item.id, item_name: item.name, units: [...units.values()] };
  });
}

/** The next purchase: the missing pieces of members not charged yet, by piece and size, with the cost. */
export async function order(q: Queryable, clubId: string, kitId: string): Promise<TKitOrder> {
  await mustGetKit(q, clubId, kitId);
  const rows = (await missing(q, clubId, kitId, null));
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
    const [lock] = await tx.query<{ id: string; name: string }>(`SELECT id, name FROM kits WHERE club_id = $1 AND id = $2 FOR UPDATE`, [actor.clubId, kitId]);
    if (!lock) throw notFound(PAT_MSG.kitNotFound);
    if (dueOn < (await repo.today(tx, actor.clubId))) throw badRequest(PAT_MSG.dueBeforeToday);
    const byMember = new Map<string, MissingRow[]>();
    for (const r of (await missing(tx, actor.clubId, kitId, null)).filter((x) => !x.charged && x.price !== '0.00')) {
      byMember.set(r.member_id, [...(byMember.get(r.member_id) ?? []), r]);
    }
    if (byMember.size === 0) throw conflict(PAT_MSG.nothingToCharge);
    const ids: string[] = [];
    const amounts: string[] = [];
    for (const [memberId, pieces] of byMember) {
      const amount = sumMoney(pieces.map((p) => p.price));
      const description = `${lock.name}: ${pieces.map((p) => (p.size ? `${p.item_name} (${p.size})` : p.item_name)).join(', ')}`.slice(0, 200);
      const charge = await addCharge(tx, actor, { profileId: pieces[0].profile_id, description, amount, dueDate: dueOn, origin: 'avulsa' });
      await tx.query(`INSERT INTO kit_order_charges (club_id, kit_id, member_id, charge_id) VALUES ($1, $2, $3, $4)`, [actor.clubId, kitId, memberId, charge.id]);
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
