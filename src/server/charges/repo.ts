import type { Queryable } from '../db/index.js';
import { maybeOne, one } from '../db/index.js';
import type { TCharge, TChargeOrigin, TChargePayment, TDebtor, TMyPayment, TPaymentMethod, TReceipt } from '../../shared/charges.js';
import type { TPixSettings } from '../../shared/pix.js';
import { clubDate, clubTodayOf } from '../db/club-clock.js';
import type { MatchCharge, MatchPayer } from './statement-match.js';

/** The club's calendar day, for 'vencida' (a charge due today is not late yet). */
const CLUB_TODAY = clubTodayOf('ch.club_id');

const CHARGE_SELECT = `
  SELECT ch.id, ch.short_code, ch.profile_id, p.full_name AS member_name, ch.description, ch.amount, ch.paid_amount,
         CASE WHEN ch.cancelled_at IS NULL THEN ch.amount - ch.paid_amount ELSE 0 END::numeric(14,2) AS open_amount,
         ch.due_date, ch.origin,
         CASE WHEN ch.cancelled_at IS NOT NULL THEN 'cancelada'
              WHEN ch.paid_amount >= ch.amount THEN 'paga'
              WHEN ch.paid_amount > 0 THEN 'paga_em_parte'
              ELSE 'aberta' END AS status,
         (ch.cancelled_at IS NULL AND ch.paid_amount < ch.amount AND ch.due_date < ${CLUB_TODAY}) AS overdue,
         ch.cancel_reason, ch.created_at
    FROM charges ch
    JOIN profiles p ON p.id = ch.profile_id`;

export interface ChargeFilter {
  profileId?: string;
  origin?: TChargeOrigin;
  status?: string;
}

/** SQL condition of a status filter ('vencida' = open and past due). */
function statusCondition(status: string | undefined): string {
  switch (status) {
    case 'cancelada': return 'AND ch.cancelled_at IS NOT NULL';
    case 'paga': return 'AND ch.cancelled_at IS NULL AND ch.paid_amount >= ch.amount';
    case 'paga_em_parte': return 'AND ch.cancelled_at IS NULL AND ch.paid_amount > 0 AND ch.paid_amount < ch.amount';
    case 'aberta': return 'AND ch.cancelled_at IS NULL AND ch.paid_amount = 0';
    case 'vencida': return `AND ch.cancelled_at IS NULL AND ch.paid_amount < ch.amount AND ch.due_date < ${CLUB_TODAY}`;
    default: return '';
  }
}

/** One page of a club's charges, latest due date first; `after` is the last row's (due_date, id). */
export function listCharges(q: Queryable, clubId: string, f: ChargeFilter, after: [string, string] | null, limit: number) {
  return q.query<TCharge>(
    `${CHARGE_SELECT}
      WHERE ch.club_id = $1
        AND ($2::uuid IS NULL OR ch.profile_id = $2)
        AND ($3::text IS NULL OR ch.origin = $3)
        AND ($4::date IS NULL OR (ch.due_date, ch.id) < ($4::date, $5::uuid))
        ${statusCondition(f.status)}
      ORDER BY ch.due_date DESC, ch.id DESC
      LIMIT $6`,
    [clubId, f.profileId ?? null, f.origin ?? null, after?.[0] ?? null, after?.[1] ?? null, limit + 1],
  );
}

/** A member's charges that still owe something (their own screen, /familia), oldest due first. */
export function listOpenCharges(q: Queryable, clubId: string, profileId: string) {
  return q.query<TCharge>(
    `${CHARGE_SELECT}
      WHERE ch.club_id = $1 AND ch.profile_id = $2 AND ch.cancelled_at IS NULL AND ch.paid_amount < ch.amount
      ORDER BY ch.due_date, ch.id`,
    [clubId, profileId],
  );
}

export function getCharge(q: Queryable, clubId: string, id: string) {
  return maybeOne<TCharge>(q, `${CHARGE_SELECT} WHERE ch.club_id = $1 AND ch.id = $2`, [clubId, id]);
}

export function listPayments(q: Queryable, clubId: string, chargeId: string) {
  return q.query<TChargePayment>(
    `SELECT cp.id, cp.charge_id, cp.amount, cp.paid_on, cp.method, cp.cash_account_id, ca.name AS cash_account_name,
            cp.transaction_id, cp.reversed_at, cp.payer_name, cp.created_at
       FROM charge_payments cp JOIN cash_accounts ca ON ca.id = cp.cash_account_id
      WHERE cp.club_id = $1 AND cp.charge_id = $2
      ORDER BY cp.created_at, cp.id`,
    [clubId, chargeId],
  );
}

/** Whether the profile is an active member of the club (charges are for members). */
export async function isActiveMember(q: Queryable, clubId: string, profileId: string): Promise<boolean> {
  const row = await maybeOne(q, `SELECT 1 FROM club_members WHERE club_id = $1 AND profile_id = $2 AND active`, [clubId, profileId]);
  return row !== null;
}

export interface NewCharge {
  profileId: string;
  description: string;
  amount: string;
  dueDate: string;
  origin: TChargeOrigin;
  createdBy: string;
  /** An event's charge: the event and the registration it pays for. */
  eventId?: string;
  registrationId?: string;
}

export function insertCharge(q: Queryable, clubId: string, c: NewCharge) {
  return one<{ id: string }>(
    q,
    `INSERT INTO charges (club_id, profile_id, description, amount, due_date, origin, dues_month, created_by, event_id, event_registration_id)
     VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $6 = 'mensalidade' THEN date_trunc('month', $5::date)::date END, $7, $8, $9)
     RETURNING id`,
    [clubId, c.profileId, c.description, c.amount, c.dueDate, c.origin, c.createdBy, c.eventId ?? null, c.registrationId ?? null],
  );
}

/** Locks the charge for a cancellation (payments wait; a concurrent payment then sees it cancelled). */
export function lockCharge(q: Queryable, clubId: string, id: string) {
  return maybeOne<{ paid_amount: string; cancelled: boolean }>(
    q,
    `SELECT paid_amount, cancelled_at IS NOT NULL AS cancelled FROM charges WHERE club_id = $1 AND id = $2 FOR UPDATE`,
    [clubId, id],
  );
}

export async function cancelCharge(q: Queryable, clubId: string, id: string, reason: string): Promise<void> {
  await q.query(
    `UPDATE charges SET cancelled_at = now(), cancel_reason = $3, updated_at = now() WHERE club_id = $1 AND id = $2`,
    [clubId, id, reason],
  );
}

export interface NewPayment {
  chargeId: string;
  amount: string;
  paidOn: string | null;
  method: TPaymentMethod;
  cashAccountId: string;
  createdBy: string;
}

/** charge_payment_register (migration 0600): the payment and its income transaction in one statement. */
export async function registerPayment(q: Queryable, clubId: string, p: NewPayment): Promise<string> {
  const row = await one<{ id: string }>(
    q,
    `SELECT charge_payment_register($1, $2, $3::numeric,
              coalesce($4::date, ${clubTodayOf('$1')}), $5, $6, $7) AS id`,
    [clubId, p.chargeId, p.amount, p.paidOn, p.method, p.cashAccountId, p.createdBy],
  );
  return row.id;
}

/** Who paid (the receipt names them); set in the payment's own transaction. */
export async function setPaymentPayer(q: Queryable, clubId: string, paymentId: string, payerName: string): Promise<void> {
  await q.query(`UPDATE charge_payments SET payer_name = $3 WHERE club_id = $1 AND id = $2`, [clubId, paymentId, payerName]);
}

/** The names of a member's guardians on record, in pt-BR order: who usually pays. */
export async function guardianNames(q: Queryable, clubId: string, profileId: string): Promise<string[]> {
  const rows = await q.query<{ full_name: string }>(
    `SELECT DISTINCT mg.full_name FROM member_guardians mg JOIN club_members cm ON cm.id = mg.member_id
      WHERE mg.club_id = $1 AND cm.club_id = $1 AND cm.profile_id = $2 AND btrim(mg.full_name) <> ''
      ORDER BY mg.full_name`,
    [clubId, profileId],
  );
  return rows.map((r) => r.full_name).sort((a, b) => a.localeCompare(b, 'pt-BR'));
}

export async function reversePayment(q: Queryable, clubId: string, paymentId: string, createdBy: string): Promise<void> {
  await q.query(`SELECT charge_payment_reverse($1, $2, $3)`, [clubId, paymentId, createdBy]);
}

export function getPaymentChargeId(q: Queryable, clubId: string, paymentId: string) {
  return maybeOne<{ charge_id: string }>(q, `SELECT charge_id FROM charge_payments WHERE club_id = $1 AND id = $2`, [clubId, paymentId]);
}

// ——— PIX ———

export function getPixSettings(q: Queryable, clubId: string) {
  return maybeOne<TPixSettings>(
    q, `SELECT pix_key, key_type, beneficiary_name, city, updated_at FROM club_pix_settings WHERE club_id = $1`, [clubId],
  );
}

export async function upsertPixSettings(q: Queryable, clubId: string, s: { key: string; type: string; name: string; city: string; by: string }): Promise<void> {
  await q.query(
    `INSERT INTO club_pix_settings (club_id, pix_key, key_type, beneficiary_name, city, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (club_id) DO UPDATE SET pix_key = $2, key_type = $3, beneficiary_name = $4, city = $5, updated_by = $6, updated_at = now()`,
    [clubId, s.key, s.type, s.name, s.city, s.by],
  );
}

export async function clubName(q: Queryable, clubId: string): Promise<string> {
  return (await one<{ name: string }>(q, `SELECT name FROM clubs WHERE id = $1`, [clubId])).name;
}

// ——— 'Quem deve' ———

/**
 * Every active member with something open, the total, the oldest due date and the age buckets (days
 * late in the club's calendar), with the guardian a reminder goes to; names in pt-BR order.
 */
export function listDebtors(q: Queryable, clubId: string, f: { unitId?: string; origin?: TChargeOrigin; profileId?: string; eventId?: string }) {
  return q.query<TDebtor>(
    `WITH today AS (SELECT ${clubDate()} AS d FROM clubs c WHERE c.id = $1),
     open AS (
       SELECT ch.profile_id, ch.amount - ch.paid_amount AS owed, (SELECT d FROM today) - ch.due_date AS late
         FROM charges ch
        WHERE ch.club_id = $1 AND ch.cancelled_at IS NULL AND ch.paid_amount < ch.amount
          AND ($3::text IS NULL OR ch.origin = $3) AND ($4::uuid IS NULL OR ch.profile_id = $4)
          AND ($5::uuid IS NULL OR ch.event_id = $5)
     )
     SELECT o.profile_id, p.full_name AS member_name, cm.unit_id, u.name AS unit_name,
            sum(o.owed)::numeric(14,2) AS open_total, count(*)::int AS open_count,
            ((SELECT d FROM today) - max(o.late))::date AS oldest_due,
            coalesce(sum(o.owed) FILTER (WHERE o.late <= 0), 0)::numeric(14,2) AS not_due,
            coalesce(sum(o.owed) FILTER (WHERE o.late BETWEEN 1 AND 30), 0)::numeric(14,2) AS late_30,
            coalesce(sum(o.owed) FILTER (WHERE o.late BETWEEN 31 AND 60), 0)::numeric(14,2) AS late_60,
            coalesce(sum(o.owed) FILTER (WHERE o.late > 60), 0)::numeric(14,2) AS late_over_60,
            g.full_name AS contact_name, g.phone AS contact_phone
       FROM open o
       JOIN club_members cm ON cm.club_id = $1 AND cm.profile_id = o.profile_id AND cm.active
       JOIN profiles p ON p.id = o.profile_id
       LEFT JOIN units u ON u.id = cm.unit_id
       LEFT JOIN LATERAL (
         SELECT mg.full_name, mg.phone FROM member_guardians mg
          WHERE mg.club_id = $1 AND mg.member_id = cm.id AND mg.phone IS NOT NULL AND btrim(mg.phone) <> ''
          ORDER BY mg.accepted_at IS NULL, mg.created_at LIMIT 1
       ) g ON true
      WHERE ($2::uuid IS NULL OR cm.unit_id = $2)
      GROUP BY o.profile_id, p.full_name, cm.unit_id, u.name, g.full_name, g.phone
      ORDER BY pt_sort_key(p.full_name) COLLATE "C", o.profile_id`,
    [clubId, f.unitId ?? null, f.origin ?? null, f.profileId ?? null, f.eventId ?? null],
  );
}

// ——— Conciliação do extrato ———

/** The club's charges that still owe something: what a statement line may be matched to. */
export function listMatchableCharges(q: Queryable, clubId: string) {
  return q.query<MatchCharge>(
    `SELECT ch.id, ch.profile_id, ch.short_code, p.full_name AS member_name, ch.description, (ch.amount - ch.paid_amount)::numeric(14,2) AS open_amount, ch.due_date
       FROM charges ch JOIN profiles p ON p.id = ch.profile_id
      WHERE ch.club_id = $1 AND ch.cancelled_at IS NULL AND ch.paid_amount < ch.amount
      ORDER BY ch.due_date, ch.id`,
    [clubId],
  );
}

/** The names a credit may carry for each member who owes something: the member's own and their guardians'. */
export function listMatchablePayers(q: Queryable, clubId: string) {
  return q.query<MatchPayer>(
    `WITH owing AS (
       SELECT DISTINCT profile_id FROM charges
        WHERE club_id = $1 AND cancelled_at IS NULL AND paid_amount < amount
     )
     SELECT o.profile_id, p.full_name AS name, false AS guardian FROM owing o JOIN profiles p ON p.id = o.profile_id
     UNION ALL
     SELECT o.profile_id, mg.full_name AS name, true AS guardian
       FROM owing o
       JOIN club_members cm ON cm.club_id = $1 AND cm.profile_id = o.profile_id
       JOIN member_guardians mg ON mg.club_id = $1 AND mg.member_id = cm.id`,
    [clubId],
  );
}

/** Which of these statement lines the club has already confirmed. */
export async function importedFingerprints(q: Queryable, clubId: string, fingerprints: string[]): Promise<Set<string>> {
  const rows = await q.query<{ fingerprint: string }>(
    `SELECT fingerprint FROM statement_lines WHERE club_id = $1 AND fingerprint = ANY($2::text[])`, [clubId, fingerprints],
  );
  return new Set(rows.map((r) => r.fingerprint));
}

/** A confirmed line: a charge's payment (positive) or an expense of the caixa (negative, no `how`). */
export async function insertStatementLine(
  q: Queryable, clubId: string,
  l: { fingerprint: string; date: string; amount: string; paymentId?: string; transactionId?: string; how?: string | null; createdBy: string },
): Promise<void> {
  await q.query(
    `INSERT INTO statement_lines (club_id, fingerprint, line_date, amount, payment_id, transaction_id, how, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [clubId, l.fingerprint, l.date, l.amount, l.paymentId ?? null, l.transactionId ?? null, l.how ?? null, l.createdBy],
  );
}

/** Who confirmed a line, and the first of these that is already confirmed (for the conflict message). */
export function statementLineHolder(q: Queryable, clubId: string, fingerprints: string[]) {
  return maybeOne<{ fingerprint: string; line_date: string; amount: string; created_by_name: string | null }>(
    q,
    `SELECT sl.fingerprint, sl.line_date::text AS line_date, sl.amount, p.full_name AS created_by_name
       FROM statement_lines sl LEFT JOIN profiles p ON p.id = sl.created_by
      WHERE sl.club_id = $1 AND sl.fingerprint = ANY($2::text[])
      ORDER BY sl.created_at LIMIT 1`,
    [clubId, fingerprints],
  );
}

/** An outgoing statement line as an expense of the caixa, through register_transaction (balance, audit). */
export async function registerStatementExpense(
  q: Queryable, clubId: string, e: { cashAccountId: string; chartAccountId: string; amount: string; description: string; date: string; createdBy: string },
): Promise<string> {
  const row = await one<{ id: string }>(
    q,
    `SELECT register_transaction(
       p_club_id => $1, p_cash_account_id => $2, p_profile_id => NULL, p_chart_account_id => $3,
       p_savings_goal_id => NULL, p_type => 'expense', p_amount => $4::numeric, p_description => $5,
       p_transaction_date => $6::date, p_created_by => $7) AS id`,
    [clubId, e.cashAccountId, e.chartAccountId, e.amount, e.description, e.date, e.createdBy],
  );
  return row.id;
}

/** One payment as its 'recibo' shows it (without the amount in words); `profileId` null: any member's. */
export function receiptRow(q: Queryable, clubId: string, paymentId: string, profileId: string | null) {
  return maybeOne<Omit<TReceipt, 'amount_in_words'>>(
    q,
    `SELECT cp.id AS payment_id,
            ch.short_code || '-' || (SELECT count(*) FROM charge_payments o
                                      WHERE o.club_id = cp.club_id AND o.charge_id = cp.charge_id AND (o.created_at, o.id) <= (cp.created_at, cp.id))::text AS number,
            c.name AS club_name, c.logo_url AS club_logo_url, px.city AS club_city, p.full_name AS member_name, cp.payer_name,
            ch.description, ch.origin, cp.amount::text AS amount, cp.paid_on::text AS paid_on, cp.method,
            cp.reversed_at IS NOT NULL AS reversed, ch.amount::text AS charge_amount,
            (CASE WHEN ch.cancelled_at IS NULL THEN ch.amount - ch.paid_amount ELSE 0 END)::numeric(14,2)::text AS charge_open_amount
       FROM charge_payments cp
       JOIN charges ch ON ch.club_id = cp.club_id AND ch.id = cp.charge_id
       JOIN clubs c ON c.id = cp.club_id
       JOIN profiles p ON p.id = ch.profile_id
       LEFT JOIN club_pix_settings px ON px.club_id = cp.club_id
      WHERE cp.club_id = $1 AND cp.id = $2 AND ($3::uuid IS NULL OR ch.profile_id = $3)`,
    [clubId, paymentId, profileId],
  );
}

/** A member's payments that stand (not reversed), newest first: each opens its receipt. */
export function listPaymentsOf(q: Queryable, clubId: string, profileId: string) {
  return q.query<TMyPayment>(
    `SELECT cp.id, ch.description, cp.amount::text AS amount, cp.paid_on::text AS paid_on, cp.method
       FROM charges ch JOIN charge_payments cp ON cp.club_id = ch.club_id AND cp.charge_id = ch.id
      WHERE ch.club_id = $1 AND ch.profile_id = $2 AND cp.reversed_at IS NULL
      ORDER BY cp.paid_on DESC, cp.created_at DESC, cp.id
      LIMIT 100`,
    [clubId, profileId],
  );
}
