import type { z } from 'zod';
import type { Db, Queryable } from '../db/index.js';
import { formatMoney } from '../../shared/format-brl.js';
import { sumMoney } from '../../shared/money.js';
import { PERMISSION_MSG } from '../../shared/permissions.js';
import {
  STATEMENT_MSG, STATEMENT_SEARCH_LIMIT, type TStatementCharge, type TStatementConfirmResult, type TStatementPreview, type ZStatementConfirm,
} from '../../shared/statement.js';
import { can, type ClubAccess } from '../core/access.js';
import { writeAudit } from '../audit/repo.js';
import { AppError, PG, badRequest, conflict, forbidden, isPgError, notFound } from '../core/errors.js';
import { EventLoopYielder, parseStatement, StatementError } from './statement.js';
import { matchStatement, nameTokens } from './statement-match.js';
import * as repo from './repo.js';

/**
 * 'Conciliar extrato' (issue 35): the statement is read and matched against the open charges; nothing
 * is written. The treasurer then confirms the pairs they accept.
 */
export async function previewStatement(q: Queryable, clubId: string, content: string): Promise<TStatementPreview> {
  // Read a few milliseconds at a time: the server keeps answering everyone else meanwhile (issue 43).
  const loop = new EventLoopYielder();
  let parsed;
  try {
    parsed = await parseStatement(content);
  } catch (err) {
    if (err instanceof StatementError) throw badRequest(err.message);
    throw err;
  }
  const charges = await repo.listMatchableCharges(q, clubId);
  const payers = await repo.listMatchablePayers(q, clubId);
  const imported = await repo.importedFingerprints(q, clubId, parsed.lines.map((l) => l.fingerprint));
  return { format: parsed.format, lines: await matchStatement(parsed.lines, charges, imported, { payers, loop }) };
}

const dayText = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const lineName = (date: string, amount: string) => `Lançamento de ${dayText(date)} (${formatMoney(amount)})`;

/** A line found already confirmed inside the transaction: answered, after the rollback, with who took it. */
class LineTaken extends Error {
  constructor(readonly fingerprints: string[]) { super('statement line taken'); }
}

/**
 * Open charges to pick for a line by hand ('Escolher cobrança'): every word typed must begin a word of the
 * member's name, the description or the short code (accents and case ignored); the oldest due first.
 */
export async function searchOpenCharges(q: Queryable, clubId: string, search: string | undefined): Promise<TStatementCharge[]> {
  const words = nameTokens(search ?? '');
  const charges = await repo.listMatchableCharges(q, clubId);
  const found: TStatementCharge[] = [];
  for (const c of charges) {
    const haystack = nameTokens(`${c.member_name} ${c.description} ${c.short_code}`);
    if (!words.every((w) => haystack.some((h) => h.startsWith(w)))) continue;
    found.push({ id: c.id, short_code: c.short_code, member_name: c.member_name, description: c.description, open_amount: c.open_amount, due_date: c.due_date });
    if (found.length === STATEMENT_SEARCH_LIMIT) break;
  }
  return found;
}

/**
 * Records every confirmed pair through charge_payment_register (the manual payment's function: the
 * charge locked, never more than it owes, the income in the caixa) and every outgoing line through
 * register_transaction as an expense of its category, marking each line confirmed, all in one
 * transaction: the first refusal rolls everything back and says which line failed. A line confirmed
 * meanwhile by someone else (two treasurers at once) is a 409 naming it and who confirmed it.
 */
export async function confirmStatement(db: Db, actor: ClubAccess, input: z.output<typeof ZStatementConfirm>): Promise<TStatementConfirmResult> {
  const { pairs, expenses } = input;
  if (expenses.length > 0 && !can(actor, 'finance.manage')) throw forbidden(PERMISSION_MSG.forbidden('finance.manage'));
  const fingerprints = [...pairs, ...expenses].map((p) => p.fingerprint);
  try {
    return await db.transaction(async (tx) => {
      const taken = await repo.importedFingerprints(tx, actor.clubId, fingerprints);
      if (taken.size > 0) throw new LineTaken([...taken]);
      const paymentIds: string[] = [];
      const transactionIds: string[] = [];
      const record = async (fingerprint: string, where: string, write: () => Promise<void>) => {
        try {
          await write();
        } catch (err) {
          if (isPgError(err)) {
            if (err.code === PG.raise) throw new AppError('conflict', 409, `${where}: ${err.message} Nada foi gravado.`);
            if (err.code === 'P0002') throw notFound(`${where}: ${err.message} Nada foi gravado.`);
            // The same line confirmed by two requests at once: the second waits, then finds it taken.
            if (err.code === PG.uniqueViolation) throw new LineTaken([fingerprint]);
          }
          throw err;
        }
      };
      // Money in before money out, so the caixa's balance rule sees the day's receipts.
      for (const p of pairs) {
        await record(p.fingerprint, lineName(p.date, p.amount), async () => {
          const paymentId = await repo.registerPayment(tx, actor.clubId, {
            chargeId: p.charge_id, amount: p.amount, paidOn: p.date, method: input.method, cashAccountId: input.account_id, createdBy: actor.profileId,
          });
          await repo.insertStatementLine(tx, actor.clubId, { fingerprint: p.fingerprint, date: p.date, amount: p.amount, paymentId, how: p.how ?? null, createdBy: actor.profileId });
          paymentIds.push(paymentId);
        });
      }
      for (const e of expenses) {
        await record(e.fingerprint, `Saída de ${dayText(e.date)} (${formatMoney(e.amount)})`, async () => {
          const transactionId = await repo.registerStatementExpense(tx, actor.clubId, {
            cashAccountId: input.account_id, chartAccountId: e.chart_account_id, amount: e.amount, description: e.description, date: e.date, createdBy: actor.profileId,
          });
          await repo.insertStatementLine(tx, actor.clubId, { fingerprint: e.fingerprint, date: e.date, amount: `-${e.amount}`, transactionId, createdBy: actor.profileId });
          transactionIds.push(transactionId);
        });
      }
      const total = sumMoney(pairs.map((p) => p.amount));
      const expensesTotal = sumMoney(expenses.map((e) => e.amount));
      await writeAudit(tx, {
        clubId: actor.clubId, actorId: actor.profileId, action: 'charge.statement_import', entity: 'club', entityId: actor.clubId,
        after: {
          payments: paymentIds.length, total, expenses: transactionIds.length, expenses_total: expensesTotal, account_id: input.account_id, method: input.method,
          lines: [
            ...pairs.map((p, i) => ({ fingerprint: p.fingerprint, how: p.how ?? null, charge_id: p.charge_id, payment_id: paymentIds[i] })),
            ...expenses.map((e, i) => ({ fingerprint: e.fingerprint, chart_account_id: e.chart_account_id, transaction_id: transactionIds[i] })),
          ],
        },
      });
      return { recorded: paymentIds.length, total, payment_ids: paymentIds, expenses: transactionIds.length, expenses_total: expensesTotal, transaction_ids: transactionIds };
    });
  } catch (err) {
    if (!(err instanceof LineTaken)) throw err;
    const holder = await repo.statementLineHolder(db, actor.clubId, err.fingerprints);
    if (!holder) throw conflict(STATEMENT_MSG.alreadyImported);
    const amount = holder.amount.startsWith('-') ? holder.amount.slice(1) : holder.amount;
    throw conflict(STATEMENT_MSG.alreadyImportedBy(lineName(holder.line_date, amount), holder.created_by_name));
  }
}
