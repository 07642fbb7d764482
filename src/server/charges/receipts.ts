import type { Queryable } from '../db/index.js';
import { CHARGE_MSG, type TReceipt } from '../../shared/charges.js';
import { notFound } from '../core/errors.js';
import { isUuid } from '../../shared/ids.js';
import { amountInWords } from '../../shared/money-words.js';
import * as repo from './repo.js';


/**
 * The 'recibo' of a payment: who paid (when recorded) and whom it was for, the amount in figures and in
 * words, the club's full city. `profileId` limits it to that member's payments (the member
 * themselves, or a guardian for their child); null: any payment (the treasurer). Anything else is 404.
 */
export async function getReceipt(q: Queryable, clubId: string, paymentId: string, profileId: string | null): Promise<TReceipt> {
  if (!isUuid(paymentId)) throw notFound(CHARGE_MSG.paymentNotFound);
  const row = await repo.receiptRow(q, clubId, paymentId, profileId);
  if (!row) throw notFound(CHARGE_MSG.paymentNotFound);
  return { ...row, amount_in_words: amountInWords(row.amount) };
}

export { listPaymentsOf } from './repo.js';
