import type { Queryable } from '../db/index.js';
import { clubTodayOf } from '../db/club-clock.js';
import type { TMyPatrimonio } from '../../shared/patrimonio.js';
import type { THistoryEntry, THistoryKind, TItem, TItemFile, TLoan, TPatrimonioSummary, TWrittenOff } from '../../shared/patrimonio.js';

/** SQL of patrimônio items, their files, history and loans (issue 50). */

export interface ItemRow {
  name: string;
  category: string;
  quantity: number;
  unit_value: string;
  acquired_on: string;
  acquisition: string;
  nfe_number: string | null;
  church_vote: string | null;
  location: string | null;
  condition: string;
  notes: string | null;
}

const ITEM_COLUMNS = `i.id, i.name, i.category, i.quantity, i.written_off,
  COALESCE(o.out, 0)::int AS out, (i.quantity - i.written_off - COALESCE(o.out, 0))::int AS available,
  i.unit_value, ((i.quantity - i.written_off) * i.unit_value)::text AS total_value,
  i.acquired_on, i.acquisition, i.nfe_number, i.church_vote, i.location, i.condition, i.notes,
  (SELECT f.id FROM patrimonio_files f WHERE f.club_id = i.club_id AND f.item_id = i.id AND f.kind = 'foto' ORDER BY f.created_at DESC, f.id LIMIT 1) AS photo_id,
  COALESCE(o.overdue, false) AS overdue, i.created_at, i.updated_at`;

const OPEN_LOANS = `LEFT JOIN LATERAL (
    SELECT sum(l.quantity)::int AS out, bool_or(l.due_on < ${clubTodayOf('$1')}) AS overdue
    FROM patrimonio_loans l WHERE l.club_id = i.club_id AND l.item_id = i.id AND l.returned_at IS NULL
  ) o ON true`;

/** The club's items by name (pt-BR order). */
export function listItems(q: Queryable, clubId: string): Promise<TItem[]> {
  return q.query<TItem>(
    `SELECT ${ITEM_COLUMNS} FROM patrimonio_items i ${OPEN_LOANS}
      WHERE i.club_id = $1 ORDER BY pt_sort_key(i.name) COLLATE "C", i.name, i.id`,
    [clubId],
  );
}

export async function getItem(q: Queryable, clubId: string, id: string): Promise<TItem | null> {
  const [row] = await q.query<TItem>(`SELECT ${ITEM_COLUMNS} FROM patrimonio_items i ${OPEN_LOANS} WHERE i.club_id = $1 AND i.id = $2`, [clubId, id]);
  return row ?? null;
}

/** Locks the item row: loans, returns and write-offs of one item take turns (two leaders, one last tent). */
export async function lockItem(q: Queryable, clubId: string, id: string): Promise<{ id: string; name: string; quantity: number; written_off: number; condition: string; out: number } | null> {
  const [row] = await q.query<{ id: string; name: string; quantity: number; written_off: number; condition: string }>(
    `SELECT id, name, quantity, written_off, condition FROM patrimonio_items WHERE club_id = $1 AND id = $2 FOR UPDATE`, [clubId, id],
  );
  if (!row) return null;
  const [o] = await q.query<{ out: number }>(
    `SELECT COALESCE(sum(quantity), 0)::int AS out FROM patrimonio_loans WHERE club_id = $1 AND item_id = $2 AND returned_at IS NULL`, [clubId, id],
  );
  return { ...row, out: o.out };
}

export async function insertItem(q: Queryable, clubId: string, row: ItemRow, by: string): Promise<string> {
  const [r] = await q.query<{ id: string }>(
    `INSERT INTO patrimonio_items (club_id, name, category, quantity, unit_value, acquired_on, acquisition, nfe_number, church_vote, location, condition, notes, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
    [clubId, row.name, row.category, row.quantity, row.unit_value, row.acquired_on, row.acquisition, row.nfe_number, row.church_vote, row.location, row.condition, row.notes, by],
  );
  return r.id;
}

export async function updateItem(q: Queryable, clubId: string, id: string, row: ItemRow): Promise<void> {
  await q.query(
    `UPDATE patrimonio_items SET name = $3, category = $4, quantity = $5, unit_value = $6, acquired_on = $7, acquisition = $8, nfe_number = $9,
       church_vote = $10, location = $11, condition = $12, notes = $13, updated_at = now()
     WHERE club_id = $1 AND id = $2`,
    [clubId, id, row.name, row.category, row.quantity, row.unit_value, row.acquired_on, row.acquisition, row.nfe_number, row.church_vote, row.location, row.condition, row.notes],
  );
}

export async function setCondition(q: Queryable, clubId: string, id: string, condition: string): Promise<void> {
  await q.query(`UPDATE patrimonio_items SET condition = $3, updated_at = now() WHERE club_id = $1 AND id = $2`, [clubId, id, condition]);
}

export async function addWrittenOff(q: Queryable, clubId: string, id: string, quantity: number): Promise<void> {
  await q.query(`UPDATE patrimonio_items SET written_off = written_off + $3, updated_at = now() WHERE club_id = $1 AND id = $2`, [clubId, id, quantity]);
}

export interface HistoryRow {
  kind: THistoryKind;
  conditionBefore?: string | null;
  conditionAfter?: string | null;
  quantity?: number | null;
  note?: string | null;
  churchVote?: string | null;
  loanId?: string | null;
  actorId: string;
}

/** The one writer of an item's history (append-only: the table refuses updates and deletes). */
export async function appendHistory(q: Queryable, clubId: string, itemId: string, h: HistoryRow): Promise<void> {
  await q.query(
    `INSERT INTO patrimonio_history (club_id, item_id, kind, condition_before, condition_after, quantity, note, church_vote, loan_id, actor_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [clubId, itemId, h.kind, h.conditionBefore ?? null, h.conditionAfter ?? null, h.quantity ?? null, h.note ?? null, h.churchVote ?? null, h.loanId ?? null, h.actorId],
  );
}

export function listHistory(q: Queryable, clubId: string, itemId: string): Promise<THistoryEntry[]> {
  return q.query<THistoryEntry>(
    `SELECT h.id, h.kind, h.condition_before, h.condition_after, h.quantity, h.note, h.church_vote, h.loan_id, p.full_name AS actor_name, h.at
       FROM patrimonio_history h LEFT JOIN profiles p ON p.id = h.actor_id
      WHERE h.club_id = $1 AND h.item_id = $2 ORDER BY h.at DESC, h.id`,
    [clubId, itemId],
  );
}

export function listFiles(q: Queryable, clubId: string, itemId: string): Promise<TItemFile[]> {
  return q.query<TItemFile>(
    `SELECT id, kind, name, mime, size, created_at FROM patrimonio_files WHERE club_id = $1 AND item_id = $2 ORDER BY created_at, id`, [clubId, itemId],
  );
}

export async function insertFile(q: Queryable, clubId: string, itemId: string, f: { kind: string; key: string; name: string; mime: string; size: number }, by: string): Promise<string> {
  const [r] = await q.query<{ id: string }>(
    `INSERT INTO patrimonio_files (club_id, item_id, kind, storage_key, name, mime, size, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [clubId, itemId, f.kind, f.key, f.name, f.mime, f.size, by],
  );
  return r.id;
}

/** Every item's photos, oldest first (the inventory CSV links each one). */
export async function photoIdsByItem(q: Queryable, clubId: string): Promise<Map<string, string[]>> {
  const rows = await q.query<{ item_id: string; id: string }>(
    `SELECT item_id, id FROM patrimonio_files WHERE club_id = $1 AND kind = 'foto' ORDER BY item_id, created_at, id`, [clubId],
  );
  const map = new Map<string, string[]>();
  for (const r of rows) map.set(r.item_id, [...(map.get(r.item_id) ?? []), r.id]);
  return map;
}

export async function getFile(q: Queryable, clubId: string, id: string): Promise<{ storage_key: string; name: string; mime: string } | null> {
  const [r] = await q.query<{ storage_key: string; name: string; mime: string }>(
    `SELECT storage_key, name, mime FROM patrimonio_files WHERE club_id = $1 AND id = $2`, [clubId, id],
  );
  return r ?? null;
}

const LOAN_COLUMNS = `l.id, l.item_id, i.name AS item_name, l.quantity, l.borrower_kind, l.borrower_name, l.unit_id, l.member_id, l.event_id, l.due_on,
  l.out_condition, l.out_at, p.full_name AS out_by_name, l.returned_at, l.return_condition, l.return_note,
  (l.returned_at IS NULL AND l.due_on < ${clubTodayOf('$1')}) AS overdue`;
const LOAN_FROM = `FROM patrimonio_loans l JOIN patrimonio_items i ON i.club_id = l.club_id AND i.id = l.item_id LEFT JOIN profiles p ON p.id = l.out_by`;

/** Loans: of one item (newest first), or every one still out (the soonest due first). */
export function listLoans(q: Queryable, clubId: string, filter: { itemId?: string; open?: boolean; memberId?: string; unitId?: string }): Promise<TLoan[]> {
  const where = ['l.club_id = $1'];
  const params: unknown[] = [clubId];
  if (filter.itemId) where.push(`l.item_id = $${params.push(filter.itemId)}`);
  if (filter.memberId) where.push(`l.member_id = $${params.push(filter.memberId)}`);
  if (filter.unitId) where.push(`l.unit_id = $${params.push(filter.unitId)}`);
  if (filter.open) where.push('l.returned_at IS NULL');
  const order = filter.open ? 'l.due_on, pt_sort_key(i.name) COLLATE "C", l.id' : 'l.out_at DESC, l.id';
  return q.query<TLoan>(`SELECT ${LOAN_COLUMNS} ${LOAN_FROM} WHERE ${where.join(' AND ')} ORDER BY ${order}`, params);
}

export async function lockLoan(q: Queryable, clubId: string, id: string): Promise<{ id: string; item_id: string; quantity: number; returned_at: string | null; unit_id: string | null; member_id: string | null; out_condition: string } | null> {
  const [r] = await q.query<{ id: string; item_id: string; quantity: number; returned_at: string | null; unit_id: string | null; member_id: string | null; out_condition: string }>(
    `SELECT id, item_id, quantity, returned_at, unit_id, member_id, out_condition FROM patrimonio_loans WHERE club_id = $1 AND id = $2 FOR UPDATE`, [clubId, id],
  );
  return r ?? null;
}

export async function insertLoan(q: Queryable, clubId: string, itemId: string, l: {
  quantity: number; kind: string; unitId: string | null; memberId: string | null; eventId: string | null; name: string; dueOn: string; condition: string;
}, by: string): Promise<string> {
  const [r] = await q.query<{ id: string }>(
    `INSERT INTO patrimonio_loans (club_id, item_id, quantity, borrower_kind, unit_id, member_id, event_id, borrower_name, due_on, out_condition, out_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [clubId, itemId, l.quantity, l.kind, l.unitId, l.memberId, l.eventId, l.name, l.dueOn, l.condition, by],
  );
  return r.id;
}

export async function returnLoan(q: Queryable, clubId: string, id: string, condition: string, note: string | null, by: string): Promise<void> {
  await q.query(
    `UPDATE patrimonio_loans SET returned_at = now(), return_condition = $3, return_note = $4, returned_by = $5 WHERE club_id = $1 AND id = $2`,
    [clubId, id, condition, note, by],
  );
}

/** The open loans of an item, oldest first (a check-in by item returns the oldest). */
export async function openLoanIds(q: Queryable, clubId: string, itemId: string): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `SELECT id FROM patrimonio_loans WHERE club_id = $1 AND item_id = $2 AND returned_at IS NULL ORDER BY out_at, id`, [clubId, itemId],
  );
  return rows.map((r) => r.id);
}

export async function today(q: Queryable, clubId: string): Promise<string> {
  const [r] = await q.query<{ today: string }>(`SELECT ${clubTodayOf('$1')} AS today`, [clubId]);
  return r.today;
}

/** Who may borrow: the club's units, its leaders (every function but 'member') and its events not over. */
export async function findBorrower(q: Queryable, clubId: string, kind: string, id: string): Promise<{ name: string; unit_id: string | null } | null> {
  const sql = {
    unidade: `SELECT name, id AS unit_id FROM units WHERE club_id = $1 AND id = $2`,
    lider: `SELECT p.full_name AS name, cm.unit_id FROM club_members cm JOIN profiles p ON p.id = cm.profile_id
             WHERE cm.club_id = $1 AND cm.id = $2 AND cm.role <> 'member' AND cm.active`,
    evento: `SELECT title AS name, NULL::uuid AS unit_id FROM events WHERE club_id = $1 AND id = $2 AND cancelled_at IS NULL`,
  }[kind];
  if (!sql) return null;
  const [r] = await q.query<{ name: string; unit_id: string | null }>(sql, [clubId, id]);
  return r ?? null;
}

export async function listBorrowers(q: Queryable, clubId: string) {
  const [units, leaders, events] = [
    await q.query<{ id: string; name: string }>(`SELECT id, name FROM units WHERE club_id = $1 AND active ORDER BY pt_sort_key(name) COLLATE "C", name, id`, [clubId]),
    await q.query<{ id: string; name: string }>(
      `SELECT cm.id, p.full_name AS name FROM club_members cm JOIN profiles p ON p.id = cm.profile_id
        WHERE cm.club_id = $1 AND cm.role <> 'member' AND cm.active ORDER BY pt_sort_key(p.full_name) COLLATE "C", p.full_name, cm.id`, [clubId],
    ),
    await q.query<{ id: string; name: string }>(
      `SELECT id, title AS name FROM events WHERE club_id = $1 AND cancelled_at IS NULL AND ends_on >= ${clubTodayOf('$1')} ORDER BY starts_on, id`, [clubId],
    ),
  ];
  return { units, leaders, events };
}

/** The caller's club_members row (a counsellor lends to their unit or to themselves). */
export async function memberOf(q: Queryable, clubId: string, profileId: string): Promise<{ id: string; unit_id: string | null } | null> {
  const [r] = await q.query<{ id: string; unit_id: string | null }>(`SELECT id, unit_id FROM club_members WHERE club_id = $1 AND profile_id = $2`, [clubId, profileId]);
  return r ?? null;
}

export async function summary(q: Queryable, clubId: string): Promise<TPatrimonioSummary> {
  const [r] = await q.query<TPatrimonioSummary>(
    `SELECT
       (SELECT count(*)::int FROM patrimonio_items WHERE club_id = $1 AND quantity > written_off) AS items,
       (SELECT COALESCE(sum(quantity - written_off), 0)::int FROM patrimonio_items WHERE club_id = $1) AS units,
       (SELECT COALESCE(sum((quantity - written_off) * unit_value), 0)::numeric(16,2)::text FROM patrimonio_items WHERE club_id = $1) AS total_value,
       (SELECT COALESCE(sum(quantity), 0)::int FROM patrimonio_loans WHERE club_id = $1 AND returned_at IS NULL) AS out,
       (SELECT count(*)::int FROM patrimonio_loans WHERE club_id = $1 AND returned_at IS NULL AND due_on < ${clubTodayOf('$1')}) AS overdue,
       (SELECT COALESCE(sum(h.quantity), 0)::int FROM patrimonio_history h JOIN clubs c ON c.id = h.club_id
         WHERE h.club_id = $1 AND h.kind IN ('baixa', 'perda') AND h.at >= date_trunc('year', now() AT TIME ZONE c.timezone) AT TIME ZONE c.timezone) AS written_off_this_year`,
    [clubId],
  );
  return r;
}

/** The write-offs and losses of a year in the club's calendar. */
export function writtenOff(q: Queryable, clubId: string, year: number): Promise<TWrittenOff[]> {
  return q.query<TWrittenOff>(
    `SELECT h.item_id, i.name AS item_name, h.kind, h.quantity, (h.quantity * i.unit_value)::text AS value, h.note, h.church_vote, h.at
       FROM patrimonio_history h JOIN patrimonio_items i ON i.club_id = h.club_id AND i.id = h.item_id JOIN clubs c ON c.id = h.club_id
      WHERE h.club_id = $1 AND h.kind IN ('baixa', 'perda')
        AND h.at >= make_timestamptz($2, 1, 1, 0, 0, 0, c.timezone) AND h.at < make_timestamptz($2 + 1, 1, 1, 0, 0, 0, c.timezone)
      ORDER BY h.at, h.id`,
    [clubId, year],
  );
}

/** A member's own sizes (none: undefined). */
export async function memberSizesOf(q: Queryable, memberId: string): Promise<TMyPatrimonio['sizes'] | undefined> {
  const [sizes] = await q.query<TMyPatrimonio['sizes']>(`SELECT camisa, calca_saia, sapato, bone FROM member_sizes WHERE member_id = $1`, [memberId]);
  return sizes;
}

/** What of the club's kits a member received, newest first. */
export function receivedBy(q: Queryable, clubId: string, memberId: string): Promise<TMyPatrimonio['received']> {
  return q.query<TMyPatrimonio['received'][number]>(
    `SELECT k.name AS kit_name, k.kind, d.item_name, d.delivered_on, d.size, d.source
       FROM kit_deliveries d JOIN kit_items ki ON ki.id = d.kit_item_id JOIN kits k ON k.id = ki.kit_id
      WHERE d.club_id = $1 AND d.member_id = $2 ORDER BY d.delivered_on DESC, ki.position`,
    [clubId, memberId],
  );
}

/** The club's uniform piece by piece for one member: what they have (given or their own) and what they lack (never had, or no longer have). */
export function uniformPiecesOf(q: Queryable, clubId: string, memberId: string): Promise<Array<{ kit_name: string } & NonNullable<TMyPatrimonio['uniform']>['pieces'][number]>> {
  return q.query<{ kit_name: string } & NonNullable<TMyPatrimonio['uniform']>['pieces'][number]>(
    `SELECT k.name AS kit_name, ki.id AS kit_item_id, ki.name, d.member_id IS NOT NULL AND d.gone_on IS NULL AS has, d.gone_reason,
            CASE WHEN d.gone_on IS NULL THEN d.delivered_on END AS since, CASE WHEN d.gone_on IS NULL THEN d.source END AS source,
            COALESCE(CASE WHEN d.gone_on IS NULL THEN d.size END, CASE ki.sized_by WHEN 'camisa' THEN s.camisa WHEN 'calca_saia' THEN s.calca_saia WHEN 'sapato' THEN s.sapato WHEN 'bone' THEN s.bone END) AS size
       FROM kits k JOIN kit_items ki ON ki.club_id = k.club_id AND ki.kit_id = k.id AND ki.removed_at IS NULL
       LEFT JOIN kit_deliveries d ON d.kit_item_id = ki.id AND d.member_id = $2
       LEFT JOIN member_sizes s ON s.member_id = $2
      WHERE k.club_id = $1 AND k.kind = 'uniforme' ORDER BY ki.position, ki.id`,
    [clubId, memberId],
  );
}
