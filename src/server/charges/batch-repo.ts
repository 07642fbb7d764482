import type { Queryable } from '../db/index.js';
import { maybeOne } from '../db/index.js';
import type { TChargeOrigin } from '../../shared/charges.js';
import type { TChargePayer, TChargeTarget } from '../../shared/charge-batches.js';

/** Functions a unit or the whole club charges: the club's youth (as generate_dues, migration 0612). */
const YOUTH = `cm.role IN ('member', 'Desbravador(a)')`;

export interface BatchFields {
  description: string;
  amount: string;
  dueDate: string;
  origin: TChargeOrigin;
}

export interface BatchRow {
  id: string;
  count: number;
  total: string;
}

/**
 * Claims the form's client_id for this club. Null when it was already claimed (a double click, a resend):
 * on PostgreSQL a concurrent claim waits here for the first transaction, then finds its row.
 */
export function claimBatch(q: Queryable, clubId: string, b: BatchFields & { clientId: string; target: TChargeTarget; unitId: string | null; createdBy: string }) {
  return maybeOne<{ id: string }>(
    q,
    `INSERT INTO charge_batches (club_id, client_id, target, unit_id, description, amount, due_date, origin, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (club_id, client_id) DO NOTHING RETURNING id`,
    [clubId, b.clientId, b.target, b.unitId, b.description, b.amount, b.dueDate, b.origin, b.createdBy],
  );
}

/** The batch a client_id made: how many charges and their total (exact numeric, past numeric(14,2) if need be). */
export function getBatch(q: Queryable, clubId: string, clientId: string) {
  return maybeOne<BatchRow>(
    q,
    `SELECT id, cardinality(charge_ids) AS count, (amount * cardinality(charge_ids))::text AS total
       FROM charge_batches WHERE club_id = $1 AND client_id = $2`,
    [clubId, clientId],
  );
}

/** Which of these profiles are active members of the club. */
export async function activeAmong(q: Queryable, clubId: string, profileIds: readonly string[]): Promise<string[]> {
  const rows = await q.query<{ profile_id: string }>(
    `SELECT profile_id FROM club_members WHERE club_id = $1 AND active AND profile_id = ANY ($2::uuid[])`, [clubId, profileIds],
  );
  return rows.map((r) => r.profile_id);
}

export async function unitExists(q: Queryable, clubId: string, unitId: string): Promise<boolean> {
  return (await maybeOne(q, `SELECT 1 FROM units WHERE club_id = $1 AND id = $2`, [clubId, unitId])) !== null;
}

/** The active youth of a unit, or of the whole club (unitId null). */
export async function youthOf(q: Queryable, clubId: string, unitId: string | null): Promise<string[]> {
  const rows = await q.query<{ profile_id: string }>(
    `SELECT cm.profile_id FROM club_members cm
      WHERE cm.club_id = $1 AND cm.active AND ${YOUTH} AND ($2::uuid IS NULL OR cm.unit_id = $2)`,
    [clubId, unitId],
  );
  return rows.map((r) => r.profile_id);
}

/**
 * The batch's charges, one per member, and one audit line per charge naming the batch, then the
 * batch's list of charges: three statements whatever the number of members.
 */
export async function insertBatchCharges(q: Queryable, clubId: string, batchId: string, profileIds: readonly string[], b: BatchFields, createdBy: string): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `INSERT INTO charges (club_id, profile_id, description, amount, due_date, origin, dues_month, created_by)
     SELECT $1, p, $3, $4, $5, $6, CASE WHEN $6 = 'mensalidade' THEN date_trunc('month', $5::date)::date END, $7
       FROM unnest($2::uuid[]) AS p
     RETURNING id`,
    [clubId, profileIds, b.description, b.amount, b.dueDate, b.origin, createdBy],
  );
  const ids = rows.map((r) => r.id);
  await q.query(
    `INSERT INTO audit_log (club_id, actor_id, action, entity, entity_id, after)
     SELECT ch.club_id, $2, 'charge.create', 'charge', ch.id::text,
            jsonb_build_object('batch_id', $3::uuid, 'short_code', ch.short_code, 'profile_id', ch.profile_id, 'description', ch.description,
                               'amount', ch.amount::text, 'due_date', ch.due_date::text, 'origin', ch.origin)
       FROM charges ch WHERE ch.club_id = $1 AND ch.id = ANY ($4::uuid[])`,
    [clubId, createdBy, batchId, ids],
  );
  await q.query(`UPDATE charge_batches SET charge_ids = $3::uuid[] WHERE club_id = $1 AND id = $2`, [clubId, batchId, ids]);
  return ids;
}

/** Every active member with their unit, names in pt-BR order: whom 'Nova cobrança' may charge. */
export function listPayers(q: Queryable, clubId: string) {
  return q.query<TChargePayer>(
    `SELECT cm.profile_id, p.full_name, cm.unit_id, u.name AS unit_name, (${YOUTH}) AS youth
       FROM club_members cm JOIN profiles p ON p.id = cm.profile_id LEFT JOIN units u ON u.id = cm.unit_id
      WHERE cm.club_id = $1 AND cm.active
      ORDER BY pt_sort_key(p.full_name) COLLATE "C", p.full_name, cm.profile_id`,
    [clubId],
  );
}
