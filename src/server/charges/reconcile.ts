import type { z } from 'zod';
import type { Db, Queryable } from '../db/index.js';
import { formatMoney } from '../../shared/format-brl.js';
import { STATEMENT_MSG, type TStatementConfirmResult, type TStatementPreview, type ZStatementConfirm } from '../../shared/statement.js';
import { writeAudit } from '../audit/repo.js';
import { AppError, PG, badRequest, conflict, isPgError, notFound } from '../plugins/errors.js';
import { EventLoopYielder, parseStatement, StatementError } from './statement.js';
import { matchStatement } from './statement-match.js';
import * as repo from './repo.js';
import type { Actor } from './service.js';

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

function sumCents(values: string[]): string {
  const cents = values.reduce((acc, v) => acc + BigInt(v.replace('.', '')), 0n);
  const s = cents.toString().padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
}

/**
 * Records every confirmed pair through charge_payment_register (the manual payment's function: the
 * charge locked, never more than it owes, the income in the caixa) and marks its line imported, all in
 * one transaction: the first refusal rolls every pair back and says which line failed.
 */
export async function confirmStatement(db: Db, actor: Actor, input: z.output<typeof ZStatementConfirm>): Promise<TStatementConfirmResult> {
  const pairs = input.pairs;
  return db.transaction(async (tx) => {
    if ((await repo.importedFingerprints(tx, actor.clubId, pairs.map((p) => p.fingerprint))).size > 0) throw conflict(STATEMENT_MSG.alreadyImported);
    const paymentIds: string[] = [];
    for (const p of pairs) {
      try {
        const paymentId = await repo.registerPayment(tx, actor.clubId, {
          chargeId: p.charge_id, amount: p.amount, paidOn: p.date, method: input.method, cashAccountId: input.account_id, createdBy: actor.profileId,
        });
        await repo.insertStatementLine(tx, actor.clubId, { fingerprint: p.fingerprint, date: p.date, amount: p.amount, paymentId, createdBy: actor.profileId });
        paymentIds.push(paymentId);
      } catch (err) {
        if (isPgError(err)) {
          const where = `Lançamento de ${dayText(p.date)} (${formatMoney(p.amount)})`;
          if (err.code === PG.raise) throw new AppError('conflict', 409, `${where}: ${err.message} Nada foi gravado.`);
          if (err.code === 'P0002') throw notFound(`${where}: ${err.message} Nada foi gravado.`);
          // The same line confirmed by two requests at once: the second waits, then finds it taken.
          if (err.code === PG.uniqueViolation) throw conflict(STATEMENT_MSG.alreadyImported);
        }
        throw err;
      }
    }
    const total = sumCents(pairs.map((p) => p.amount));
    await writeAudit(tx, {
      clubId: actor.clubId, actorId: actor.profileId, action: 'charge.statement_import', entity: 'club', entityId: actor.clubId,
      after: { payments: paymentIds.length, total, account_id: input.account_id, method: input.method },
    });
    return { recorded: paymentIds.length, total, payment_ids: paymentIds };
  });
}
