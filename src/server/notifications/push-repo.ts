import type { Queryable } from '../db/index.js';

/** What a lease left 'sending' is marked with (it may have been delivered: never sent again). */
export const INTERRUPTED = 'Envio interrompido (queda do servidor); não reenviado para não chegar duas vezes.';

export interface ClaimedRow {
  id: string;
  attempts: number;
  subscription_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  notification_id: string;
  title: string;
  body: string;
  link: string;
  club_id: string | null;
}

/**
 * Claims due pushes with a lease. A row still 'sending' after its lease ran out belonged to a sender
 * that stopped between sending and marking: it may have been delivered, so it becomes 'failed' (shown
 * to the super admin) instead of being claimed again: each push goes at most once.
 */
export async function claimDuePushes(q: Queryable, batch: number, interrupted = INTERRUPTED): Promise<ClaimedRow[]> {
  await q.query(
    `UPDATE push_deliveries SET status = 'failed', locked_until = NULL, last_error = $1 WHERE status = 'sending' AND locked_until < now()`,
    [interrupted]);
  return q.query<ClaimedRow>(
    `WITH claimed AS (
       UPDATE push_deliveries SET status = 'sending', locked_until = now() + interval '2 minutes', attempts = attempts + 1
        WHERE id IN (SELECT id FROM push_deliveries WHERE status = 'pending' AND next_attempt_at <= now()
                      ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING id, attempts, subscription_id, notification_id)
     SELECT c.id, c.attempts, c.subscription_id, s.endpoint, s.p256dh, s.auth, c.notification_id, n.title, n.body, n.link, n.club_id
       FROM claimed c JOIN push_subscriptions s ON s.id = c.subscription_id JOIN notifications n ON n.id = c.notification_id`,
    [batch]);
}

/** The batch's successes in one statement each: marking is what a crash may interrupt, keep it short. */
export async function markSent(q: Queryable, deliveryIds: string[], subscriptionIds: string[]): Promise<void> {
  await q.query(`UPDATE push_deliveries SET status = 'sent', sent_at = now(), locked_until = NULL, last_error = NULL WHERE id = ANY ($1::uuid[])`, [deliveryIds]);
  await q.query(`UPDATE push_subscriptions SET last_sent_at = now() WHERE id = ANY ($1::uuid[])`, [subscriptionIds]);
}

/** An expired subscription goes, its deliveries with it (ON DELETE CASCADE). */
export async function deleteSubscription(q: Queryable, subscriptionId: string): Promise<void> {
  await q.query(`DELETE FROM push_subscriptions WHERE id = $1`, [subscriptionId]);
}

/** A failed attempt: retried after `delayMs` ('pending') or given up ('failed'). */
export async function markAttempt(q: Queryable, id: string, status: 'failed' | 'pending', error: string, delayMs: number): Promise<void> {
  await q.query(
    `UPDATE push_deliveries SET status = $2, locked_until = NULL, last_error = $3,
            next_attempt_at = now() + make_interval(secs => $4::double precision / 1000) WHERE id = $1`,
    [id, status, error, delayMs]);
}
