import { unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Queryable } from '../db/index.js';
import type { Mailer } from './mailer.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

/** Attempts before a message is marked failed (shown to the super admin in "Caixa de saída"). */
export const MAX_ATTEMPTS = 6;
/** Wait before retry n (1-based): 30 s, 1 min, 2 min, 4 min, 8 min. */
export const retryDelayMs = (attempts: number) => 30_000 * 2 ** Math.max(0, attempts - 1);

/**
 * Queues one e-mail. Works with the request's transaction: if the transaction rolls back, nothing is
 * sent. The send happens later, in the mail worker, so it never blocks or breaks the request.
 */
export async function enqueueMail(q: Queryable, mail: OutgoingMail): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO mail_queue (to_address, subject, text_body, html_body) VALUES ($1, $2, $3, $4) RETURNING id`,
    [mail.to, mail.subject.slice(0, 300), mail.text, mail.html ?? null],
  );
  return row.id;
}

interface QueuedRow {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  headers: Record<string, string> | null;
  attempts: number;
}

/**
 * Sends the messages that are due, a batch at a time. Rows are claimed with a lease (locked_until), so
 * several instances never send one message twice, and a crashed sender's rows come back after it.
 * Returns how many were handled.
 */
export async function sendDueMail(q: Queryable, mailer: Mailer, batch = 20): Promise<number> {
  // A notification e-mail whose sender stopped between sending and marking may have gone: it is not
  // sent again (at most once, issue 36) but shown failed to the super admin.
  await q.query(
    `UPDATE mail_queue SET status = 'failed', locked_until = NULL, last_error = 'Envio interrompido; não reenviado para não chegar duas vezes.'
      WHERE status = 'sending' AND at_most_once AND locked_until < now()`);
  const rows = await q.query<QueuedRow>(
    `UPDATE mail_queue SET status = 'sending', locked_until = now() + interval '2 minutes', attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM mail_queue
         WHERE (status = 'pending' AND next_attempt_at <= now()) OR (status = 'sending' AND locked_until < now() AND NOT at_most_once)
         ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED)
      RETURNING id, to_address, subject, text_body, html_body, headers, attempts`,
    [batch],
  );
  for (const r of rows) {
    try {
      const res = await mailer.send({ id: r.id, to: r.to_address, subject: r.subject, text: r.text_body, html: r.html_body, headers: r.headers });
      await q.query(
        `UPDATE mail_queue SET status = 'sent', sent_at = now(), locked_until = NULL, last_error = NULL, message_file = $2 WHERE id = $1`,
        [r.id, res.file ?? null],
      );
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      const failed = r.attempts >= MAX_ATTEMPTS;
      await q.query(
        `UPDATE mail_queue SET status = $2, locked_until = NULL, last_error = $3,
                next_attempt_at = now() + make_interval(secs => $4::double precision / 1000) WHERE id = $1`,
        [r.id, failed ? 'failed' : 'pending', message, retryDelayMs(r.attempts)],
      );
    }
  }
  return rows.length;
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

/** A failed message is tried again now (super admin's "Tentar novamente"). */
export async function retryMail(q: Queryable, id: string): Promise<boolean> {
  const rows = await q.query(`UPDATE mail_queue SET status = 'pending', next_attempt_at = now(), attempts = 0 WHERE id = $1 AND status = 'failed' RETURNING id`, [id]);
  return rows.length > 0;
}

/** Sent and failed messages (and their .eml files) are kept this long, then swept. */
export const MAIL_KEEP_DAYS = 90;

/**
 * Drops messages older than {@link MAIL_KEEP_DAYS} that are done (sent or failed), with their outbox
 * files, and spent or expired recovery and e-mail-change links. Returns how many messages went.
 */
export async function sweepMail(q: Queryable, outboxDir: string, keepDays = MAIL_KEEP_DAYS): Promise<number> {
  const gone = await q.query<{ message_file: string | null }>(
    `DELETE FROM mail_queue WHERE status IN ('sent', 'failed') AND created_at < now() - make_interval(days => $1) RETURNING message_file`,
    [keepDays],
  );
  for (const g of gone) {
    if (g.message_file && /^[\w.-]+\.eml$/.test(g.message_file)) await unlink(path.join(outboxDir, g.message_file)).catch(() => {});
  }
  await q.query(`DELETE FROM password_reset_tokens WHERE expires_at < now() - interval '1 day'`);
  await q.query(`DELETE FROM email_change_tokens WHERE expires_at < now() - interval '1 day'`);
  return gone.length;
}
