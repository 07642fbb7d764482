import type { z } from 'zod';
import type { Db, Queryable } from '../db/index.js';
import { CHARGE_BATCH_MAX, CHARGE_BATCH_MSG, type TChargeBatchResult, type ZCreateChargeBatch } from '../../shared/charge-batches.js';
import { PG, badRequest, conflict, isPgError, notFound } from '../core/errors.js';
import * as repo from './batch-repo.js';
import { notifyBatchCharges } from './notices.js';
import type { Actor } from '../core/access.js';

/** Who a batch charges: the chosen members (all active), or the youth of a unit or of the club. */
async function payersOf(tx: Queryable, clubId: string, target: z.output<typeof ZCreateChargeBatch>['target']): Promise<string[]> {
  if (target.kind === 'members') {
    const wanted = [...new Set(target.profile_ids.map((id) => id.toLowerCase()))];
    const active = await repo.activeAmong(tx, clubId, wanted);
    if (active.length !== wanted.length) throw badRequest(CHARGE_BATCH_MSG.membersNotFound);
    return active;
  }
  const youth = await repo.youthOf(tx, clubId, target.kind === 'unit' ? target.unit_id : null);
  if (youth.length === 0) throw badRequest(CHARGE_BATCH_MSG.nobody);
  if (youth.length > CHARGE_BATCH_MAX) throw badRequest(CHARGE_BATCH_MSG.tooManyPayers);
  return youth;
}

/**
 * 'Nova cobrança' for many (issue 43): one charge per member, one audit line per charge, one notice per
 * member and one per guardian, all in one transaction: every charge or none. The form's client_id is
 * claimed first, so a double click or a resend answers the first batch and charges nobody twice.
 */
export async function createChargeBatch(db: Db, actor: Actor, input: z.output<typeof ZCreateChargeBatch>): Promise<TChargeBatchResult> {
  const fields = { description: input.description, amount: input.amount, dueDate: input.due_date, origin: input.origin };
  try {
    return await db.transaction(async (tx) => {
      // Before the claim: the batch row refers to the unit.
      if (input.target.kind === 'unit' && !(await repo.unitExists(tx, actor.clubId, input.target.unit_id))) throw notFound(CHARGE_BATCH_MSG.unitNotFound);
      const claimed = await repo.claimBatch(tx, actor.clubId, {
        ...fields, clientId: input.client_id, target: input.target.kind, unitId: input.target.kind === 'unit' ? input.target.unit_id : null, createdBy: actor.profileId,
      });
      if (!claimed) {
        const first = await repo.getBatch(tx, actor.clubId, input.client_id);
        if (!first) throw new Error('charge batch claimed but not found');
        return { batch_id: first.id, count: first.count, total: first.total, replayed: true };
      }
      const payers = await payersOf(tx, actor.clubId, input.target);
      const ids = await repo.insertBatchCharges(tx, actor.clubId, claimed.id, payers, fields, actor.profileId);
      await notifyBatchCharges(tx, actor.clubId, claimed.id, ids);
      const done = await repo.getBatch(tx, actor.clubId, input.client_id);
      if (!done) throw new Error('charge batch vanished inside its own transaction');
      return { batch_id: done.id, count: done.count, total: done.total, replayed: false };
    });
  } catch (err) {
    // A monthly due for a member who already has that month's (the unique index of migration 0600).
    if (isPgError(err) && err.code === PG.uniqueViolation && err.constraint === 'charges_dues_month_key') throw conflict(CHARGE_BATCH_MSG.duesTaken);
    throw err;
  }
}

export { listPayers } from './batch-repo.js';
