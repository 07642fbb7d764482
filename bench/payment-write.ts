// Recording a payment as a write (issue 45), for bench/run.ts: POST /charges/:id/payments over HTTP under
// 50 connections, R$ 1,00 on a different open charge each time, against the statement that writes it
// without the server: `charge_payment_register` (the charge's paid amount, the payment and the caixa's
// income in one call), as the repository sends it, run by pgbench (PostgreSQL) or from node (PGlite).
//
// Targets: open charges with at least R$ 2,00 left in the first clubs of the platform (not the middle one
// the reads use, nor the big one), each club paying into its own first caixa; half go to HTTP, half to
// the baseline, so both write the same amount of work on the same kind of rows.
import type { Db, Queryable } from '../src/server/db/index.js';
import { registerPayment, type NewPayment } from '../src/server/charges/repo.js';
import { eachTarget, type ReplayShape, type Statement } from './programme-sign.js';

export type PayTarget = {
  c: string; // club
  h: string; // charge
  a: string; // the club's caixa
  d: string; // the club's director (who records it)
};

export const PAYMENT_AMOUNT = '1.00';
const METHOD = 'pix' as const;

/** Open charges of `clubs` clubs with R$ 2,00 or more left, split between HTTP and baseline. */
export async function payTargets(db: Db, clubs: number, skip: string[], limit: number): Promise<{ http: PayTarget[]; base: PayTarget[] }> {
  const rows = await db.query<PayTarget & { k: number }>(
    `WITH picked AS (SELECT id FROM clubs WHERE slug <> ALL($1::text[]) ORDER BY created_at DESC, id LIMIT $2)
     SELECT ch.club_id AS c, ch.id AS h,
            (SELECT a.id FROM cash_accounts a WHERE a.club_id = ch.club_id AND a.active ORDER BY a.created_at, a.id LIMIT 1) AS a,
            (SELECT d.profile_id FROM club_members d WHERE d.club_id = ch.club_id AND d.role = 'admin' ORDER BY d.created_at LIMIT 1) AS d,
            row_number() OVER (ORDER BY md5(ch.id::text))::int AS k
       FROM charges ch JOIN picked p ON p.id = ch.club_id
      WHERE ch.cancelled_at IS NULL AND ch.amount - ch.paid_amount >= 2
      ORDER BY k LIMIT $3`,
    [skip, clubs, limit * 2]);
  const usable = rows.filter((t) => t.a && t.d);
  return { http: usable.filter((t) => t.k % 2 === 1).slice(0, limit), base: usable.filter((t) => t.k % 2 === 0).slice(0, limit) };
}

const payment = (t: PayTarget): NewPayment => ({ chargeId: t.h, amount: PAYMENT_AMOUNT, paidOn: null, method: METHOD, cashAccountId: t.a, createdBy: t.d });

/** The statement the repository sends for one payment (recorded from registerPayment itself). */
export async function paymentStatement(t: PayTarget): Promise<Statement> {
  let recorded: Statement | null = null;
  const tap: Queryable = {
    query: <T>(sql: string, params: readonly unknown[] = []) => {
      recorded = { sql, params: [...params] };
      return Promise.resolve([{ id: '' }] as T[]);
    },
    exec: () => Promise.resolve(),
  };
  await registerPayment(tap, t.c, payment(t));
  if (!recorded) throw new Error('registerPayment sent no statement');
  return recorded;
}

/** The payment's targets as pgbench reads them: club, charge, caixa, director. */
export const PAY_SHAPE: ReplayShape = {
  table: 'bench_pay_targets',
  columns: [['c', 'uuid'], ['h', 'uuid'], ['a', 'uuid'], ['d', 'uuid']],
  arrays: [],
  ids: [],
};

/** The baseline from node: registerPayment for each target, `connections` at a time. */
export function paymentNodeBaseline(db: Db, targets: PayTarget[], connections: number): Promise<{ tps: number; latencies: number[] }> {
  return eachTarget(db, targets, connections, (t) => registerPayment(db, t.c, payment(t)));
}

/** How many of the targets' charges got a payment of the bench's amount by their club's director. */
export async function paymentsWritten(db: Db, targets: PayTarget[]): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(DISTINCT p.charge_id)::int AS n FROM charge_payments p
      WHERE p.charge_id = ANY($1::uuid[]) AND p.amount = $2::numeric AND p.created_by = ANY($3::uuid[])`,
    [targets.map((t) => t.h), PAYMENT_AMOUNT, [...new Set(targets.map((t) => t.d))]]);
  return row?.n ?? 0;
}
