import { z } from 'zod';
import type { Db, Queryable } from '../db/index.js';
import {
  FIN_MSG,
  UNCATEGORIZED_LABEL,
  type TCashAccount,
  type TChartAccount,
  type TChartTotalRow,
  type TSavingsGoal,
  type TTransaction,
  type ZTransactionQuery,
  type ZCreateCashAccount,
  type ZCreateChartAccount,
  type ZCreateTransaction,
  type ZSavingsGoalInput,
  type ZUpdateCashAccount,
  type ZUpdateChartAccount,
} from '../../shared/finance.js';
import { writeAudit } from '../audit/repo.js';
import { ZCursorDate, ZCursorTimestamp } from '../db/cursor.js';
import { decodeCursor } from '../core/cursor.js';
import { pageAnswer } from '../db/json-text.js';
import { AppError, PG, badRequest, conflict, isPgError, notFound } from '../core/errors.js';
import type { Actor } from '../core/access.js';
import * as repo from './repo.js';
import { isUuid } from '../../shared/ids.js';


/** A malformed id in a path can only be "not found". */
function checkId(id: string, message: string): void {
  if (!isUuid(id)) throw notFound(message);
}

/**
 * register_transaction raises P0001 for a rule the user broke (e.g. insufficient balance) and
 * P0002 for something missing; both carry a pt-BR message shown verbatim.
 */
function translateFinanceError(err: unknown): never {
  if (isPgError(err)) {
    if (err.code === PG.raise) throw badRequest(err.message);
    if (err.code === 'P0002') throw notFound(err.message);
  }
  throw err;
}

// ——— Cash accounts ———

export async function createCashAccount(db: Db, actor: Actor, input: z.output<typeof ZCreateCashAccount>): Promise<TCashAccount> {
  return db.transaction(async (tx) => {
    const { id } = await repo.insertCashAccount(tx, actor.clubId, input);
    const created = await mustGetCashAccount(tx, actor.clubId, id);
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'cash_account.create', entity: 'cash_account', entityId: id, after: created });
    return created;
  });
}

export async function updateCashAccount(db: Db, actor: Actor, id: string, input: z.output<typeof ZUpdateCashAccount>): Promise<TCashAccount> {
  checkId(id, FIN_MSG.cashAccountNotFound);
  return db.transaction(async (tx) => {
    const before = await mustGetCashAccount(tx, actor.clubId, id);
    await repo.updateCashAccount(tx, actor.clubId, id, input);
    const after = await mustGetCashAccount(tx, actor.clubId, id);
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'cash_account.update', entity: 'cash_account', entityId: id, before, after });
    return after;
  });
}

/** Soft delete: history keeps pointing at the account. */
export async function deactivateCashAccount(db: Db, actor: Actor, id: string): Promise<void> {
  checkId(id, FIN_MSG.cashAccountNotFound);
  await db.transaction(async (tx) => {
    const before = await mustGetCashAccount(tx, actor.clubId, id);
    await repo.deactivateCashAccount(tx, actor.clubId, id);
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'cash_account.deactivate', entity: 'cash_account', entityId: id, before });
  });
}

async function mustGetCashAccount(q: Queryable, clubId: string, id: string): Promise<TCashAccount> {
  const row = await repo.getCashAccount(q, clubId, id);
  if (!row) throw notFound(FIN_MSG.cashAccountNotFound);
  return row;
}

// ——— Savings goals ———

async function checkGoalOwner(q: Queryable, clubId: string, profileId: string | null): Promise<void> {
  if (profileId && !(await repo.isClubMember(q, clubId, profileId))) throw badRequest(FIN_MSG.memberNotFound);
}

export async function createSavingsGoal(db: Db, actor: Actor, input: z.output<typeof ZSavingsGoalInput>): Promise<TSavingsGoal> {
  return db.transaction(async (tx) => {
    await checkGoalOwner(tx, actor.clubId, input.profile_id);
    const { id } = await repo.insertSavingsGoal(tx, actor.clubId, input);
    const created = await mustGetGoal(tx, actor.clubId, id);
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'savings_goal.create', entity: 'savings_goal', entityId: id, after: created });
    return created;
  });
}

export async function updateSavingsGoal(db: Db, actor: Actor, id: string, input: z.output<typeof ZSavingsGoalInput>): Promise<TSavingsGoal> {
  checkId(id, FIN_MSG.goalNotFound);
  return db.transaction(async (tx) => {
    const before = await mustGetGoal(tx, actor.clubId, id);
    await checkGoalOwner(tx, actor.clubId, input.profile_id);
    await repo.updateSavingsGoal(tx, actor.clubId, id, input);
    const after = await mustGetGoal(tx, actor.clubId, id);
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'savings_goal.update', entity: 'savings_goal', entityId: id, before, after });
    return after;
  });
}

export async function deactivateSavingsGoal(db: Db, actor: Actor, id: string): Promise<void> {
  checkId(id, FIN_MSG.goalNotFound);
  await db.transaction(async (tx) => {
    const before = await mustGetGoal(tx, actor.clubId, id);
    await repo.deactivateSavingsGoal(tx, actor.clubId, id);
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'savings_goal.deactivate', entity: 'savings_goal', entityId: id, before });
  });
}

async function mustGetGoal(q: Queryable, clubId: string, id: string): Promise<TSavingsGoal> {
  const row = await repo.getSavingsGoal(q, clubId, id);
  if (!row) throw notFound(FIN_MSG.goalNotFound);
  return row;
}

// ——— Chart of accounts ———

function translateChartError(err: unknown): never {
  if (isPgError(err) && err.code === PG.uniqueViolation) throw conflict(FIN_MSG.chartDuplicate);
  throw err;
}

export async function createChartAccount(db: Db, actor: Actor, input: z.output<typeof ZCreateChartAccount>): Promise<TChartAccount> {
  try {
    return await db.transaction(async (tx) => {
      const created = await repo.insertChartAccount(tx, actor.clubId, input);
      await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'chart_account.create', entity: 'chart_account', entityId: created.id, after: created });
      return created;
    });
  } catch (err) {
    translateChartError(err);
  }
}

/** Rename and/or (de)activate; the type never changes, so past transactions keep their meaning. */
export async function updateChartAccount(db: Db, actor: Actor, id: string, input: z.output<typeof ZUpdateChartAccount>): Promise<TChartAccount> {
  checkId(id, FIN_MSG.chartNotFound);
  try {
    return await db.transaction(async (tx) => {
      const before = await repo.getChartAccount(tx, actor.clubId, id);
      if (!before) throw notFound(FIN_MSG.chartNotFound);
      const after = await repo.updateChartAccount(tx, actor.clubId, id, input);
      if (!after) throw notFound(FIN_MSG.chartNotFound);
      await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'chart_account.update', entity: 'chart_account', entityId: id, before, after });
      return after;
    });
  } catch (err) {
    translateChartError(err);
  }
}

// ——— Transactions ———

const ZTransactionCursor = z.tuple([ZCursorDate, ZCursorTimestamp, z.uuid()]);

/**
 * Finance's 'Lançamentos': one page (the first is the spec's last 20), the filters' total and the next
 * cursor, as the JSON text of the answer (ZTransactionPage).
 */
export async function listTransactionsJson(db: Db, clubId: string, query: z.output<typeof ZTransactionQuery>): Promise<string> {
  const after = decodeCursor(query.after, ZTransactionCursor);
  const filter = { cashAccountId: query.cash_account_id, type: query.type, from: query.from, to: query.to };
  return pageAnswer('transactions', await repo.listTransactionsPage(db, clubId, filter, after, query.limit));
}

/** Registers income or expense through register_transaction (which also writes audit_log). */
export async function registerTransaction(db: Db, actor: Actor, input: z.output<typeof ZCreateTransaction>): Promise<TTransaction> {
  let id: string;
  try {
    id = await repo.registerTransaction(db, {
      clubId: actor.clubId,
      cashAccountId: input.cash_account_id,
      profileId: input.profile_id,
      chartAccountId: input.chart_account_id,
      savingsGoalId: input.savings_goal_id,
      type: input.type,
      amount: input.amount,
      description: input.description,
      transactionDate: input.transaction_date,
      createdBy: actor.profileId,
    });
  } catch (err) {
    translateFinanceError(err);
  }
  return mustGetTransaction(db, actor.clubId, id);
}

/** "Estornar": records the opposite transaction so balances come back without a manual fix. */
export async function reverseTransaction(db: Db, actor: Actor, id: string): Promise<TTransaction> {
  checkId(id, FIN_MSG.transactionNotFound);
  let reversalId: string;
  try {
    reversalId = await repo.reverseTransaction(db, actor.clubId, id, actor.profileId);
  } catch (err) {
    // Two reversals racing: the unique index on reversal_of lets only one in.
    if (isPgError(err) && err.code === PG.uniqueViolation) throw new AppError('already_reversed', 409, 'Este lançamento já foi estornado.');
    translateFinanceError(err);
  }
  return mustGetTransaction(db, actor.clubId, reversalId);
}

/**
 * Deleting removes the transaction's effect on its caixa and cofre in the same statement, so a balance
 * always equals its transactions; the audit log keeps the transaction, who deleted it and why.
 */
export async function deleteTransaction(db: Db, actor: Actor, id: string, reason: string): Promise<void> {
  checkId(id, FIN_MSG.transactionNotFound);
  try {
    await repo.deleteTransaction(db, actor.clubId, id, actor.profileId, reason);
  } catch (err) {
    translateFinanceError(err);
  }
}

/** 'Corrigir saldo': a caixa that disagrees with its transactions (old deletes) takes their sum. */
export async function reconcileCashAccount(db: Db, actor: Actor, id: string): Promise<TCashAccount> {
  checkId(id, FIN_MSG.cashAccountNotFound);
  try {
    await repo.reconcileCashAccount(db, actor.clubId, id, actor.profileId);
  } catch (err) {
    translateFinanceError(err);
  }
  return mustGetCashAccount(db, actor.clubId, id);
}

async function mustGetTransaction(q: Queryable, clubId: string, id: string): Promise<TTransaction> {
  const row = await repo.getTransaction(q, clubId, id);
  if (!row) throw notFound(FIN_MSG.transactionNotFound);
  return row;
}

// ——— Reports ———

export async function totalsByChartAccount(db: Db, clubId: string, range: { from: string | null; to: string | null }): Promise<TChartTotalRow[]> {
  const rows = await repo.totalsByChartAccount(db, clubId, range);
  return rows.map((r) => ({ ...r, name: r.name ?? UNCATEGORIZED_LABEL }));
}
