import type { Queryable } from '../db/index.js';
import type { TKitKind, TMemberSizes, TSizeField } from '../../shared/patrimonio.js';

// Uniformes e kits (uniforms.ts): sizes, kits and their pieces, deliveries, the order's charges -----

const MEMBERS = `SELECT cm.id AS member_id, p.full_name AS name, cm.unit_id, u.name AS unit_name,
    s.camisa, s.calca_saia, s.sapato, s.bone
  FROM club_members cm JOIN profiles p ON p.id = cm.profile_id
  LEFT JOIN units u ON u.id = cm.unit_id
  LEFT JOIN member_sizes s ON s.member_id = cm.id
  WHERE cm.club_id = $1 AND cm.active AND ($2::uuid IS NULL OR cm.unit_id = $2)`;
const BY_NAME = `ORDER BY pt_sort_key(p.full_name) COLLATE "C", p.full_name, cm.id`;

export type MemberSizesRow = TMemberSizes & { unit_id: string | null };

/** The active members (of a unit, or all) by name, with their sizes. */
export function listSizes(q: Queryable, clubId: string, unitId: string | null): Promise<MemberSizesRow[]> {
  return q.query<MemberSizesRow>(`${MEMBERS} ${BY_NAME}`, [clubId, unitId]);
}

/** One active member with their sizes. */
export async function sizesOf(q: Queryable, clubId: string, memberId: string): Promise<MemberSizesRow> {
  const [row] = await q.query<MemberSizesRow>(`${MEMBERS} AND cm.id = $3`, [clubId, null, memberId]);
  return row;
}

/** Whether the member belongs to the club (active or not). */
export async function memberExists(q: Queryable, clubId: string, memberId: string): Promise<boolean> {
  const [m] = await q.query<{ id: string }>(`SELECT id FROM club_members WHERE club_id = $1 AND id = $2`, [clubId, memberId]);
  return Boolean(m);
}

export function upsertSizes(tx: Queryable, clubId: string, memberId: string, s: { camisa: string | null; calca_saia: string | null; sapato: string | null; bone: string | null }, by: string) {
  return tx.query(
    `INSERT INTO member_sizes (club_id, member_id, camisa, calca_saia, sapato, bone, updated_by) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (member_id) DO UPDATE SET camisa = EXCLUDED.camisa, calca_saia = EXCLUDED.calca_saia, sapato = EXCLUDED.sapato, bone = EXCLUDED.bone,
         updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [clubId, memberId, s.camisa, s.calca_saia, s.sapato, s.bone, by],
  );
}

/** The club's kits, the uniform first, then by name. */
export function listKitRows(q: Queryable, clubId: string) {
  return q.query<{ id: string; name: string; kind: TKitKind }>(
    `SELECT id, name, kind FROM kits WHERE club_id = $1 ORDER BY kind = 'uniforme' DESC, pt_sort_key(name) COLLATE "C", name, id`, [clubId]);
}

/** Every piece of the club's kits (those taken out too), with how many active members received it. */
export function listKitItems(q: Queryable, clubId: string) {
  return q.query<{ kit_id: string; id: string; name: string; price: string; sized_by: TSizeField | null; delivered: number; removed: boolean }>(
    `SELECT ki.kit_id, ki.id, ki.name, ki.price, ki.sized_by, ki.removed_at IS NOT NULL AS removed,
            (SELECT count(*)::int FROM kit_deliveries d JOIN club_members cm ON cm.id = d.member_id AND cm.active
              WHERE d.club_id = ki.club_id AND d.kit_item_id = ki.id AND d.gone_on IS NULL) AS delivered
       FROM kit_items ki WHERE ki.club_id = $1 ORDER BY ki.kit_id, ki.position, ki.removed_at NULLS FIRST, ki.id`,
    [clubId],
  );
}

export async function activeMemberCount(q: Queryable, clubId: string): Promise<number> {
  const [{ members }] = await q.query<{ members: number }>(`SELECT count(*)::int AS members FROM club_members WHERE club_id = $1 AND active`, [clubId]);
  return members;
}

export async function insertKit(tx: Queryable, clubId: string, name: string, kind: TKitKind, by: string): Promise<string> {
  const [{ id }] = await tx.query<{ id: string }>(`INSERT INTO kits (club_id, name, kind, created_by) VALUES ($1, $2, $3, $4) RETURNING id`,
    [clubId, name, kind, by]);
  return id;
}

export interface KitPiece {
  name: string;
  price: string;
  sized_by: TSizeField | null;
}

export function insertKitItem(tx: Queryable, clubId: string, kitId: string, item: KitPiece, position: number) {
  return tx.query(`INSERT INTO kit_items (club_id, kit_id, name, price, sized_by, position) VALUES ($1, $2, $3, $4, $5, $6)`,
    [clubId, kitId, item.name, item.price, item.sized_by, position]);
}

/** A kit's row, locked (edits, deliveries and the order's charges of one kit take turns), or null. */
export async function lockKit(q: Queryable, clubId: string, kitId: string) {
  const [kit] = await q.query<{ id: string; name: string }>(`SELECT id, name FROM kits WHERE club_id = $1 AND id = $2 FOR UPDATE`, [clubId, kitId]);
  return kit ?? null;
}

export function updateKitRow(tx: Queryable, clubId: string, kitId: string, name: string, kind: TKitKind) {
  return tx.query(`UPDATE kits SET name = $3, kind = $4 WHERE club_id = $1 AND id = $2`, [clubId, kitId, name, kind]);
}

/** Pieces taken out of a kit: marked removed, never deleted (their deliveries stay). */
export function removeKitItems(tx: Queryable, clubId: string, kitId: string, itemIds: string[]) {
  return tx.query(`UPDATE kit_items SET removed_at = now() WHERE club_id = $1 AND kit_id = $2 AND id = ANY ($3::uuid[])`, [clubId, kitId, itemIds]);
}

export function updateKitItem(tx: Queryable, clubId: string, kitId: string, itemId: string, item: KitPiece, position: number) {
  return tx.query(`UPDATE kit_items SET name = $4, price = $5, sized_by = $6, position = $7 WHERE club_id = $1 AND kit_id = $2 AND id = $3`,
    [clubId, kitId, itemId, item.name, item.price, item.sized_by, position]);
}

/** The active members among these. */
export function activeMembers(tx: Queryable, clubId: string, ids: string[]) {
  return tx.query<{ id: string }>(`SELECT id FROM club_members WHERE club_id = $1 AND id = ANY ($2::uuid[]) AND active`, [clubId, ids]);
}

/**
 * A piece given to these members on a day, each with the size they wear in it; a second time is kept as
 * the first, and a piece a member no longer had is theirs again from this day.
 */
export function insertDeliveries(tx: Queryable, d: { clubId: string; itemId: string; itemName: string; sizedBy: TSizeField | null; memberIds: string[]; deliveredOn: string; by: string; source: string }) {
  const sizeColumn = d.sizedBy ? `s.${d.sizedBy}` : 'NULL';
  return tx.query(
    `INSERT INTO kit_deliveries (club_id, kit_item_id, member_id, delivered_on, size, delivered_by, item_name, source)
       SELECT $1, $2, cm.id, $4, ${sizeColumn}, $5, $6, $7 FROM club_members cm LEFT JOIN member_sizes s ON s.member_id = cm.id
        WHERE cm.club_id = $1 AND cm.id = ANY ($3::uuid[])
       ON CONFLICT (kit_item_id, member_id) DO UPDATE SET delivered_on = EXCLUDED.delivered_on, size = EXCLUDED.size, delivered_by = EXCLUDED.delivered_by,
         item_name = EXCLUDED.item_name, source = EXCLUDED.source, gone_on = NULL, gone_reason = NULL
       WHERE kit_deliveries.gone_on IS NOT NULL`,
    [d.clubId, d.itemId, d.memberIds, d.deliveredOn, d.by, d.itemName, d.source],
  );
}

export interface MissingRow { member_id: string; profile_id: string; name: string; unit_id: string | null; unit_name: string | null; kit_item_id: string; item_name: string; price: string; size: string | null; charged: boolean }

/** Each (member, piece) of the kit the member has not received, with the size that piece is ordered in. */
export function missing(q: Queryable, clubId: string, kitId: string, unitId: string | null): Promise<MissingRow[]> {
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
        AND NOT EXISTS (SELECT 1 FROM kit_deliveries d WHERE d.kit_item_id = ki.id AND d.member_id = cm.id AND d.gone_on IS NULL)
      ORDER BY ki.position, pt_sort_key(COALESCE(u.name, '')) COLLATE "C", pt_sort_key(p.full_name) COLLATE "C", cm.id`,
    [clubId, kitId, unitId],
  );
}

/** Who has each piece of the kit now (active members; of a unit, or all), by name. */
export function holders(q: Queryable, clubId: string, kitId: string, unitId: string | null) {
  return q.query<{ kit_item_id: string; member_id: string; name: string }>(
    `SELECT d.kit_item_id, cm.id AS member_id, p.full_name AS name
       FROM kit_items ki
       JOIN kit_deliveries d ON d.kit_item_id = ki.id AND d.gone_on IS NULL
       JOIN club_members cm ON cm.id = d.member_id AND cm.active AND ($3::uuid IS NULL OR cm.unit_id = $3)
       JOIN profiles p ON p.id = cm.profile_id
      WHERE ki.club_id = $1 AND ki.kit_id = $2 AND ki.removed_at IS NULL
      ORDER BY pt_sort_key(p.full_name) COLLATE "C", p.full_name, cm.id`,
    [clubId, kitId, unitId],
  );
}

/** A member's delivery of a piece they still have, locked, or null. */
export async function heldDelivery(tx: Queryable, clubId: string, itemId: string, memberId: string) {
  const [row] = await tx.query<{ delivered_on: string; source: string; size: string | null }>(
    `SELECT delivered_on, source, size FROM kit_deliveries WHERE club_id = $1 AND kit_item_id = $2 AND member_id = $3 AND gone_on IS NULL FOR UPDATE`,
    [clubId, itemId, memberId],
  );
  return row ?? null;
}

/** The member no longer has the piece: the delivery stays, marked with the day and why. */
export function markGone(tx: Queryable, clubId: string, itemId: string, memberId: string, goneOn: string, reason: string) {
  return tx.query(`UPDATE kit_deliveries SET gone_on = $4, gone_reason = $5 WHERE club_id = $1 AND kit_item_id = $2 AND member_id = $3`,
    [clubId, itemId, memberId, goneOn, reason]);
}

/** The charge a member got for a kit's order (once per kit). */
export function insertOrderCharge(tx: Queryable, clubId: string, kitId: string, memberId: string, chargeId: string) {
  return tx.query(`INSERT INTO kit_order_charges (club_id, kit_id, member_id, charge_id) VALUES ($1, $2, $3, $4)`, [clubId, kitId, memberId, chargeId]);
}
