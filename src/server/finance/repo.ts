import type { Queryable } from '../db/index.js';
import { maybeOne, one } from '../db/index.js';
import { isoUtc, jsonPage, type JsonPage } from '../db/json-text.js';
import { clubCurrent, clubDate, clubNextPeriodStart } from '../db/club-clock.js';
import type {
  TCashAccount,
  TChartAccount,
  TFinanceMember,
  TFinanceSummary,
  TSavingsGoal,
  TTransaction,
  TTransactionType,
} from '../../shared/finance.js';

// ——— Cash accounts ———

const CASH_ACCOUNT_SELECT = `
  SELECT ca.id, ca.name, ca.description, ca.initial_balance, ca.current_balance, ca.active, ca.created_at,
         v.expected_balance, ca.current_balance - v.expected_balance AS difference,
         ca.current_balance = v.expected_balance AS reconciled, v.transactions_count
    FROM cash_accounts ca
    JOIN v_cash_account_conciliation v ON v.cash_account_id = ca.id`;

export function listCashAccounts(q: Queryable, clubId: string) {
  return q.query<TCashAccount>(`${CASH_ACCOUNT_SELECT} WHERE ca.club_id = $1 AND ca.active ORDER BY pt_sort_key(ca.name) COLLATE "C", ca.name, ca.created_at`, [clubId]);
}

export function getCashAccount(q: Queryable, clubId: string, id: string) {
  return maybeOne<TCashAccount>(q, `${CASH_ACCOUNT_SELECT} WHERE ca.club_id = $1 AND ca.id = $2 AND ca.active`, [clubId, id]);
}

/** Current balance starts equal to the initial balance (spec 3). */
export function insertCashAccount(q: Queryable, clubId: string, a: { name: string; description: string | null; initial_balance: string }) {
  return one<{ id: string }>(
    q,
    `INSERT INTO cash_accounts (club_id, name, description, initial_balance, current_balance)
     VALUES ($1, $2, $3, $4, $4) RETURNING id`,
    [clubId, a.name, a.description, a.initial_balance],
  );
}

export async function updateCashAccount(q: Queryable, clubId: string, id: string, a: { name: string; description: string | null }): Promise<boolean> {
  const rows = await q.query(
    `UPDATE cash_accounts SET name = $3, description = $4, updated_at = now()
      WHERE club_id = $1 AND id = $2 AND active RETURNING id`,
    [clubId, id, a.name, a.description],
  );
  return rows.length > 0;
}

export async function deactivateCashAccount(q: Queryable, clubId: string, id: string): Promise<boolean> {
  const rows = await q.query(
    `UPDATE cash_accounts SET active = false, updated_at = now() WHERE club_id = $1 AND id = $2 AND active RETURNING id`,
    [clubId, id],
  );
  return rows.length > 0;
}

// ——— Savings goals ———

const GOAL_SELECT = `
  SELECT g.id, g.name, g.description, g.goal_amount, g.current_amount, g.start_date, g.end_date,
         g.profile_id, p.full_name AS profile_name, g.active, g.created_at,
         round(g.current_amount * 100 / g.goal_amount)::int AS percent
    FROM savings_goals g
    LEFT JOIN profiles p ON p.id = g.profile_id`;

/** Spec 7: a member's goals plus the club's when a profile is given, otherwise the club's only; or every goal. */
export function listSavingsGoals(q: Queryable, clubId: string, filter: { profileId: string | null; all: boolean }) {
  if (filter.all) {
    return q.query<TSavingsGoal>(`${GOAL_SELECT} WHERE g.club_id = $1 AND g.active ORDER BY g.profile_id NULLS FIRST, pt_sort_key(g.name) COLLATE "C", g.name`, [clubId]);
  }
  return q.query<TSavingsGoal>(
    `${GOAL_SELECT} WHERE g.club_id = $1 AND g.active AND (g.profile_id IS NULL OR g.profile_id = $2)
      ORDER BY g.profile_id NULLS FIRST, pt_sort_key(g.name) COLLATE "C", g.name`,
    [clubId, filter.profileId],
  );
}

/** One member's own active goals ('Meus Cofres'). */
export function listOwnSavingsGoals(q: Queryable, clubId: string, profileId: string) {
  return q.query<TSavingsGoal>(`${GOAL_SELECT} WHERE g.club_id = $1 AND g.active AND g.profile_id = $2 ORDER BY pt_sort_key(g.name) COLLATE "C", g.name`, [clubId, profileId]);
}

export function getSavingsGoal(q: Queryable, clubId: string, id: string) {
  return maybeOne<TSavingsGoal>(q, `${GOAL_SELECT} WHERE g.club_id = $1 AND g.id = $2 AND g.active`, [clubId, id]);
}

interface GoalFields {
  name: string;
  description: string | null;
  goal_amount: string;
  start_date: string | null;
  end_date: string | null;
  profile_id: string | null;
}

export function insertSavingsGoal(q: Queryable, clubId: string, g: GoalFields) {
  return one<{ id: string }>(
    q,
    `INSERT INTO savings_goals (club_id, name, description, goal_amount, current_amount, start_date, end_date, profile_id)
     VALUES ($1, $2, $3, $4, 0, $5, $6, $7) RETURNING id`,
    [clubId, g.name, g.description, g.goal_amount, g.start_date, g.end_date, g.profile_id],
  );
}

/** Everything but current_amount, which only register_transaction moves. */
export async function updateSavingsGoal(q: Queryable, clubId: string, id: string, g: GoalFields): Promise<boolean> {
  const rows = await q.query(
    `UPDATE savings_goals SET name = $3, description = $4, goal_amount = $5, start_date = $6, end_date = $7,
            profile_id = $8, updated_at = now()
      WHERE club_id = $1 AND id = $2 AND active RETURNING id`,
    [clubId, id, g.name, g.description, g.goal_amount, g.start_date, g.end_date, g.profile_id],
  );
  return rows.length > 0;
}

export async function deactivateSavingsGoal(q: Queryable, clubId: string, id: string): Promise<boolean> {
  const rows = await q.query(
    `UPDATE savings_goals SET active = false, updated_at = now() WHERE club_id = $1 AND id = $2 AND active RETURNING id`,
    [clubId, id],
  );
  return rows.length > 0;
}

// ——— Members (for the goal filter and the transaction form) ———

export function listMembers(q: Queryable, clubId: string) {
  return q.query<TFinanceMember>(
    `SELECT p.id AS profile_id, p.full_name FROM club_members cm JOIN profiles p ON p.id = cm.profile_id
      WHERE cm.club_id = $1 AND cm.active ORDER BY pt_sort_key(p.full_name) COLLATE "C", p.full_name, p.id`,
    [clubId],
  );
}

export async function isClubMember(q: Queryable, clubId: string, profileId: string): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM club_members WHERE club_id = $1 AND profile_id = $2', [clubId, profileId]);
  return rows.length > 0;
}

// ——— Chart of accounts ———

const CHART_COLUMNS = 'id, name, type, active, created_at';

export function listChartAccounts(q: Queryable, clubId: string, includeInactive: boolean) {
  return q.query<TChartAccount>(
    `SELECT ${CHART_COLUMNS} FROM chart_of_accounts WHERE club_id = $1 AND ($2 OR active) ORDER BY pt_sort_key(name) COLLATE "C", name, type`,
    [clubId, includeInactive],
  );
}

export function getChartAccount(q: Queryable, clubId: string, id: string) {
  return maybeOne<TChartAccount>(q, `SELECT ${CHART_COLUMNS} FROM chart_of_accounts WHERE club_id = $1 AND id = $2`, [clubId, id]);
}

export function insertChartAccount(q: Queryable, clubId: string, c: { name: string; type: TTransactionType }) {
  return one<TChartAccount>(
    q,
    `INSERT INTO chart_of_accounts (club_id, name, type) VALUES ($1, $2, $3) RETURNING ${CHART_COLUMNS}`,
    [clubId, c.name, c.type],
  );
}

export function updateChartAccount(q: Queryable, clubId: string, id: string, c: { name?: string; active?: boolean }) {
  return maybeOne<TChartAccount>(
    q,
    `UPDATE chart_of_accounts SET name = coalesce($3, name), active = coalesce($4, active), updated_at = now()
      WHERE club_id = $1 AND id = $2 RETURNING ${CHART_COLUMNS}`,
    [clubId, id, c.name ?? null, c.active ?? null],
  );
}

export async function createDefaultChartOfAccounts(q: Queryable, clubId: string): Promise<void> {
  await q.query('SELECT create_default_chart_of_accounts($1)', [clubId]);
}

// ——— Transactions ———

const TRANSACTION_COLUMNS = `t.id, t.type, t.amount, t.description, t.transaction_date, t.created_at,
         t.cash_account_id, ca.name AS cash_account_name,
         t.profile_id, p.full_name AS profile_name,
         t.chart_account_id, coa.name AS chart_account_name,
         t.savings_goal_id, g.name AS savings_goal_name,
         t.created_by, t.reversal_of,
         (SELECT r.id FROM transactions r WHERE r.reversal_of = t.id) AS reversed_by`;
const TRANSACTION_JOINS = `
    JOIN cash_accounts ca ON ca.id = t.cash_account_id
    LEFT JOIN profiles p ON p.id = t.profile_id
    LEFT JOIN chart_of_accounts coa ON coa.id = t.chart_account_id
    LEFT JOIN savings_goals g ON g.id = t.savings_goal_id`;
const TRANSACTION_SELECT = `SELECT ${TRANSACTION_COLUMNS} FROM transactions t ${TRANSACTION_JOINS}`;

export interface TransactionFilter {
  cashAccountId: string | null;
  type: TTransactionType | undefined;
  from: string | null;
  to: string | null;
}

/**
 * $1 club, $2 cash account, $3 type, $4 from, $5 to: only the conditions in use are written (an unused
 * parameter is only checked to be null). One statement text per combination lets PostgreSQL keep a
 * generic plan for each; with `($2 IS NULL OR …)` in the text it planned every execution again
 * (about 1.9 ms, twice the execution, on the generated platform).
 */
function transactionFilter(f: TransactionFilter): string {
  return [
    't.club_id = $1',
    f.cashAccountId === null ? '$2::uuid IS NULL' : 't.cash_account_id = $2::uuid',
    f.type === undefined ? '$3::text IS NULL' : 't.type = $3',
    f.from === null ? '$4::date IS NULL' : 't.transaction_date >= $4::date',
    f.to === null ? '$5::date IS NULL' : 't.transaction_date <= $5::date',
  ].join(' AND ');
}

/** ZTransaction's columns, in its order, as JSON text: the amount as its decimal text, created_at as the driver writes it. */
const TRANSACTION_JSON_COLUMNS = TRANSACTION_COLUMNS
  .replace('t.amount', 't.amount::text AS amount')
  .replace('t.created_at', `${isoUtc('t.created_at')} AS created_at`);

/**
 * One page, newest first: by date, then by creation (spec 7), then id, keyset on that order (index
 * transactions_club_keyset_idx), and the filters' total: one statement, the rows written as JSON by the
 * database.
 */
export function listTransactionsPage(q: Queryable, clubId: string, f: TransactionFilter, after: readonly [string, string, string] | null, limit: number): Promise<JsonPage> {
  const filter = [clubId, f.cashAccountId, f.type ?? null, f.from, f.to];
  const where = transactionFilter(f);
  const keyset = after === null
    ? '$6::date IS NULL AND $7::timestamptz IS NULL AND $8::uuid IS NULL'
    : '(t.transaction_date, t.created_at, t.id) < ($6::date, $7::timestamptz, $8::uuid)';
  return jsonPage(q, {
    count: `SELECT count(*)::int AS total FROM transactions t WHERE ${where}`,
    page: `WITH ids AS (
       SELECT t.id FROM transactions t
        WHERE ${where} AND ${keyset}
        ORDER BY t.transaction_date DESC, t.created_at DESC, t.id DESC
        LIMIT $9
     )
     SELECT row_to_json(x)::text AS j, t.transaction_date::text AS k0, t.created_at::text AS k1, t.id AS k2
       FROM ids JOIN transactions t ON t.id = ids.id ${TRANSACTION_JOINS},
            LATERAL (SELECT ${TRANSACTION_JSON_COLUMNS}) x
      ORDER BY t.transaction_date DESC, t.created_at DESC, t.id DESC`,
  }, [...filter, after?.[0] ?? null, after?.[1] ?? null, after?.[2] ?? null, limit + 1], limit, 3);
}

export function getTransaction(q: Queryable, clubId: string, id: string) {
  return maybeOne<TTransaction>(q, `${TRANSACTION_SELECT} WHERE t.club_id = $1 AND t.id = $2`, [clubId, id]);
}

export interface RegisterTransactionArgs {
  clubId: string;
  cashAccountId: string;
  profileId: string | null;
  chartAccountId: string | null;
  savingsGoalId: string | null;
  type: TTransactionType;
  amount: string;
  description: string;
  transactionDate: string | null;
  createdBy: string;
}

/** Calls the plpgsql function: the only path by which balances change. Returns the new id. */
export async function registerTransaction(q: Queryable, a: RegisterTransactionArgs): Promise<string> {
  const row = await one<{ id: string }>(
    q,
    `SELECT register_transaction(
       p_club_id => $1, p_cash_account_id => $2, p_profile_id => $3, p_chart_account_id => $4,
       p_savings_goal_id => $5, p_type => $6, p_amount => $7::numeric, p_description => $8,
       p_transaction_date => $9::date, p_created_by => $10) AS id`,
    [a.clubId, a.cashAccountId, a.profileId, a.chartAccountId, a.savingsGoalId, a.type, a.amount, a.description, a.transactionDate, a.createdBy],
  );
  return row.id;
}

export async function reverseTransaction(q: Queryable, clubId: string, transactionId: string, createdBy: string): Promise<string> {
  const row = await one<{ id: string }>(q, 'SELECT reverse_transaction($1, $2, $3) AS id', [clubId, transactionId, createdBy]);
  return row.id;
}

/** Removes the transaction and its effect on the caixa and cofre, audited with who and why (delete_transaction). */
export async function deleteTransaction(q: Queryable, clubId: string, id: string, actorId: string, reason: string): Promise<void> {
  await q.query('SELECT delete_transaction($1, $2, $3, $4)', [clubId, id, actorId, reason]);
}

/** Sets a caixa's balance to what its transactions give (reconcile_cash_account). */
export async function reconcileCashAccount(q: Queryable, clubId: string, id: string, actorId: string): Promise<void> {
  await q.query('SELECT reconcile_cash_account($1, $2, $3)', [clubId, id, actorId]);
}

// ——— Summary and reports ———

export function summary(q: Queryable, clubId: string) {
  return one<TFinanceSummary>(
    q,
    `SELECT (SELECT coalesce(sum(current_balance), 0.00)::numeric(16,2) FROM cash_accounts WHERE club_id = $1 AND active) AS total_balance,
            (SELECT count(*)::int FROM cash_accounts WHERE club_id = $1 AND active) AS cash_accounts,
            (SELECT count(*)::int FROM savings_goals WHERE club_id = $1 AND active) AS savings_goals`,
    [clubId],
  );
}

/*
 * A reversal counts against the type it undoes: the reversal (an expense) of an income lowers
 * that month's income instead of inflating its expenses.
 */
const EFFECTIVE = `
  SELECT t.*,
         CASE WHEN t.reversal_of IS NULL THEN t.type WHEN t.type = 'income' THEN 'expense' ELSE 'income' END AS effective_type,
         CASE WHEN t.reversal_of IS NULL THEN t.amount ELSE -t.amount END AS effective_amount
    FROM transactions t WHERE t.club_id = $1`;

/**
 * Income and expense per month for the last 12 months (club's local calendar), oldest first, and 'a
 * receber': what the club's charges still owed at the month's end (today, for the current month) and
 * the part of it past due then. Rebuilt from the charges' history, as the club's calendar saw it: a
 * charge counts from its creation (or its due date, if entered later), until it is cancelled; a
 * payment from its date until it is reversed.
 */
export function monthlyReport(q: Queryable, clubId: string) {
  return q.query<{ month: string; income: string; expense: string; receivable: string; overdue: string }>(
    `WITH cur AS (SELECT ${clubCurrent('month')}::date AS m, ${clubDate()} AS today, c.timezone FROM clubs c WHERE c.id = $1),
          months AS (SELECT generate_series(m - interval '11 months', m, interval '1 month')::date AS m FROM cur),
          eff AS (${EFFECTIVE} AND t.transaction_date >= (SELECT min(m) FROM months)),
          money AS (
            SELECT months.m,
                   round(coalesce(sum(eff.effective_amount) FILTER (WHERE eff.effective_type = 'income'), 0), 2) AS income,
                   round(coalesce(sum(eff.effective_amount) FILTER (WHERE eff.effective_type = 'expense'), 0), 2) AS expense
              FROM months
              LEFT JOIN eff ON date_trunc('month', eff.transaction_date)::date = months.m
             GROUP BY months.m
          ),
          moves AS (
            SELECT least(${clubDate('ch.created_at', 'cur')}, ch.due_date) AS on_date, ch.amount AS delta, ch.due_date
              FROM charges ch, cur WHERE ch.club_id = $1
            UNION ALL
            SELECT ${clubDate('ch.cancelled_at', 'cur')}, -ch.amount, ch.due_date
              FROM charges ch, cur WHERE ch.club_id = $1 AND ch.cancelled_at IS NOT NULL
            UNION ALL
            SELECT cp.paid_on, -cp.amount, ch.due_date
              FROM charge_payments cp JOIN charges ch ON ch.club_id = cp.club_id AND ch.id = cp.charge_id WHERE cp.club_id = $1
            UNION ALL
            SELECT ${clubDate('cp.reversed_at', 'cur')}, cp.amount, ch.due_date
              FROM charge_payments cp JOIN charges ch ON ch.club_id = cp.club_id AND ch.id = cp.charge_id, cur
             WHERE cp.club_id = $1 AND cp.reversed_at IS NOT NULL
          ),
          -- 'A receber' at D = Σ moves dated up to D; its overdue part also needs the due date before D,
          -- i.e. greatest(date, due date + 1) up to D. Each move lands in the month it starts counting
          -- (older ones in the first month) and a running sum gives every month's end in one pass. (A date
          -- truncated as a timestamp: as timestamptz each row would go through the time zone.)
          first AS (SELECT min(m) AS m FROM months),
          r AS (SELECT greatest(date_trunc('month', mv.on_date::timestamp)::date, first.m) AS m, sum(mv.delta) AS d
                  FROM moves mv, cur, first WHERE mv.on_date <= cur.today GROUP BY 1),
          o AS (SELECT greatest(date_trunc('month', greatest(mv.on_date, mv.due_date + 1)::timestamp)::date, first.m) AS m, sum(mv.delta) AS d
                  FROM moves mv, cur, first WHERE greatest(mv.on_date, mv.due_date + 1) <= cur.today GROUP BY 1),
          owed AS (
            SELECT months.m, sum(coalesce(r.d, 0)) OVER w AS receivable, sum(coalesce(o.d, 0)) OVER w AS overdue
              FROM months LEFT JOIN r ON r.m = months.m LEFT JOIN o ON o.m = months.m
            WINDOW w AS (ORDER BY months.m)
          )
     SELECT to_char(money.m, 'YYYY-MM') AS month, money.income, money.expense,
            owed.receivable::numeric(14,2) AS receivable, owed.overdue::numeric(14,2) AS overdue
       FROM money JOIN owed ON owed.m = money.m
      ORDER BY money.m`,
    [clubId],
  );
}

/** How long until the club's next day begins, in its time zone: the current month's 'a receber' is as of today. */
export async function untilNextClubDayMs(q: Queryable, clubId: string): Promise<number> {
  const row = await one<{ ms: string }>(
    q,
    `SELECT floor(1000 * extract(epoch FROM ${clubNextPeriodStart('day')} - now()))::text AS ms
       FROM clubs c WHERE c.id = $1`,
    [clubId],
  );
  return Number(row.ms);
}

/** Net totals per chart account (uncategorised grouped per type), optionally within a date range. */
export function totalsByChartAccount(q: Queryable, clubId: string, range: { from: string | null; to: string | null }) {
  return q.query<{ chart_account_id: string | null; name: string | null; type: TTransactionType; total: string }>(
    `WITH eff AS (${EFFECTIVE} AND ($2::date IS NULL OR t.transaction_date >= $2) AND ($3::date IS NULL OR t.transaction_date <= $3))
     SELECT eff.chart_account_id, coa.name, eff.effective_type AS type, round(sum(eff.effective_amount), 2) AS total
       FROM eff LEFT JOIN chart_of_accounts coa ON coa.id = eff.chart_account_id
      GROUP BY eff.chart_account_id, coa.name, eff.effective_type
      ORDER BY eff.effective_type DESC, sum(eff.effective_amount) DESC, pt_sort_key(coa.name) COLLATE "C" NULLS LAST, coa.name`,
    [clubId, range.from, range.to],
  );
}

export interface CsvTransactionRow {
  transaction_date: string;
  type: TTransactionType;
  amount: string;
  description: string;
  cash_account_name: string;
  chart_account_name: string | null;
  profile_name: string | null;
  savings_goal_name: string | null;
  reversal_of: string | null;
}

export function transactionsInRange(q: Queryable, clubId: string, from: string, to: string) {
  return q.query<CsvTransactionRow>(
    `${TRANSACTION_SELECT} WHERE t.club_id = $1 AND t.transaction_date BETWEEN $2 AND $3
      ORDER BY t.transaction_date, t.created_at, t.id`,
    [clubId, from, to],
  );
}
