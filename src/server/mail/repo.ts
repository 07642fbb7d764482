import type { Queryable } from '../db/index.js';
import { maybeOne } from '../db/index.js';

export async function insertMail(q: Queryable, m: { to: string; subject: string; text: string; html: string | null }): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO mail_queue (to_address, subject, text_body, html_body) VALUES ($1, $2, $3, $4) RETURNING id`,
    [m.to, m.subject, m.text, m.html],
  );
  return row.id;
}

export interface QueuedRow {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  headers: Record<string, string> | null;
  attempts: number;
}

/** At-most-once messages whose sender stopped mid-send: marked failed, never sent again. */
export async function failInterruptedAtMostOnce(q: Queryable): Promise<void> {
  await q.query(
    `UPDATE mail_queue SET status = 'failed', locked_until = NULL, last_error = 'Envio interrompido; não reenviado para não chegar duas vezes.'
      WHERE status = 'sending' AND at_most_once AND locked_until < now()`);
}

/** Claims up to `batch` due messages with a two-minute lease (SKIP LOCKED), counting the attempt. */
export function claimDueMail(q: Queryable, batch: number) {
  return q.query<QueuedRow>(
    `UPDATE mail_queue SET status = 'sending', locked_until = now() + interval '2 minutes', attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM mail_queue
         WHERE (status = 'pending' AND next_attempt_at <= now()) OR (status = 'sending' AND locked_until < now() AND NOT at_most_once)
         ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED)
      RETURNING id, to_address, subject, text_body, html_body, headers, attempts`,
    [batch],
  );
}

export async function markMailSent(q: Queryable, id: string, messageFile: string | null): Promise<void> {
  await q.query(
    `UPDATE mail_queue SET status = 'sent', sent_at = now(), locked_until = NULL, last_error = NULL, message_file = $2 WHERE id = $1`,
    [id, messageFile],
  );
}

/** A failed attempt: back to pending after `retryInMs`, or failed for good. */
export async function markMailAttemptFailed(q: Queryable, id: string, status: 'failed' | 'pending', error: string, retryInMs: number): Promise<void> {
  await q.query(
    `UPDATE mail_queue SET status = $2, locked_until = NULL, last_error = $3,
            next_attempt_at = now() + make_interval(secs => $4::double precision / 1000) WHERE id = $1`,
    [id, status, error, retryInMs],
  );
}

export interface OutboxRow {
  id: string;
  to_address: string;
  subject: string;
  status: 'pending' | 'sending' | 'sent' | 'failed';
  attempts: number;
  last_error: string | null;
  message_file: string | null;
  created_at: string;
  sent_at: string | null;
  next_attempt_at: string;
}

export function listOutbox(q: Queryable, limit = 200): Promise<OutboxRow[]> {
  return q.query<OutboxRow>(
    `SELECT id, to_address, subject, status, attempts, last_error, message_file, created_at, sent_at, next_attempt_at
       FROM mail_queue ORDER BY created_at DESC LIMIT $1`,
    [limit],
  );
}

/** One message of the outbox with its text. */
export function getOutboxMessage(q: Queryable, id: string) {
  return maybeOne<OutboxRow & { text_body: string }>(
    q,
    `SELECT id, to_address, subject, status, attempts, last_error, message_file, created_at, sent_at, next_attempt_at, text_body
       FROM mail_queue WHERE id = $1`,
    [id],
  );
}

/** A failed message is tried again now (super admin's "Tentar novamente"). */
export async function retryMail(q: Queryable, id: string): Promise<boolean> {
  const rows = await q.query(`UPDATE mail_queue SET status = 'pending', next_attempt_at = now(), attempts = 0 WHERE id = $1 AND status = 'failed' RETURNING id`, [id]);
  return rows.length > 0;
}

/** Done (sent or failed) messages older than `keepDays` go; their outbox file names. */
export function deleteOldMail(q: Queryable, keepDays: number) {
  return q.query<{ message_file: string | null }>(
    `DELETE FROM mail_queue WHERE status IN ('sent', 'failed') AND created_at < now() - make_interval(days => $1) RETURNING message_file`,
    [keepDays],
  );
}

/** Recovery and e-mail-change links expired more than a day ago. */
export async function deleteExpiredLinks(q: Queryable): Promise<void> {
  await q.query(`DELETE FROM password_reset_tokens WHERE expires_at < now() - interval '1 day'`);
  await q.query(`DELETE FROM email_change_tokens WHERE expires_at < now() - interval '1 day'`);
}

/** What a club invitation's e-mail says: club, its time zone, role, expiry and who invited. */
export function findInvitationMailData(q: Queryable, invitationId: string, clubId: string) {
  return maybeOne<{ club_name: string; timezone: string; role: string; expires_at: Date; inviter: string | null }>(q, `
      SELECT c.name AS club_name, c.timezone, i.role, i.expires_at, p.full_name AS inviter
        FROM club_invitations i JOIN clubs c ON c.id = i.club_id LEFT JOIN profiles p ON p.id = i.created_by
       WHERE i.id = $1 AND i.club_id = $2`, [invitationId, clubId]);
}
