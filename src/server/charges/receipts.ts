import { maybeOne, type Queryable } from '../db/index.js';
import { CHARGE_MSG, type TMyPayment, type TReceipt } from '../../shared/charges.js';
import { notFound } from '../core/errors.js';
import { isUuid } from '../../shared/ids.js';
import { amountInWords } from '../../shared/money-words.js';


/**
 * The 'recibo' of a payment: who paid (when recorded) and whom it was for, the amount in figures and in
 * words, the club's full city. `profileId` limits it to that member's payments (the member
 * themselves, or a guardian for their child); null: any payment (the treasurer). Anything else is 404.
 */
export async function getReceipt(q: Queryable, clubId: string, paymentId: string, profileId: string | null): Promise<TReceipt> {
  if (!isUuid(paymentId)) throw notFound(CHARGE_MSG.paymentNotFound);
  const row = await maybeOne<Omit<TReceipt, 'amount_in_words'>>(
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
  if (!row) throw notFound(CHARGE_MSG.paymentNotFound);
  return { ...row, amount_in_words: amountInWords(row.amount) };
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
