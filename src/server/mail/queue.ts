import { unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Queryable } from '../db/index.js';
import type { Mailer } from './mailer.js';
import * as repo from './repo.js';

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
  return repo.insertMail(q, { to: mail.to, subject: mail.subject.slice(0, 300), text: mail.text, html: mail.html ?? null });
}

/**
 * Sends the messages that are due, a batch at a time. Rows are claimed with a lease (locked_until), so
 * several instances never send one message twice, and a crashed sender's rows come back after it.
 * Returns how many were handled.
 */
export async function sendDueMail(q: Queryable, mailer: Mailer, batch = 20): Promise<number> {
  // A notification e-mail whose sender stopped between sending and marking may have gone: it is not
  // sent again (at most once, issue 36) but shown failed to the super admin.
  await repo.failInterruptedAtMostOnce(q);
  const rows = await repo.claimDueMail(q, batch);
  for (const r of rows) {
    try {
      const res = await mailer.send({ id: r.id, to: r.to_address, subject: r.subject, text: r.text_body, html: r.html_body, headers: r.headers });
      await repo.markMailSent(q, r.id, res.file ?? null);
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      const failed = r.attempts >= MAX_ATTEMPTS;
      await repo.markMailAttemptFailed(q, r.id, failed ? 'failed' : 'pending', message, retryDelayMs(r.attempts));
    }
  }
  return rows.length;
}

/** Sent and failed messages (and their .eml files) are kept this long, then swept. */
export const MAIL_KEEP_DAYS = 90;

/**
 * Drops messages older than {@link MAIL_KEEP_DAYS} that are done (sent or failed), with their outbox
 * files, and spent or expired recovery and e-mail-change links. Returns how many messages went.
 */
export async function sweepMail(q: Queryable, outboxDir: string, keepDays = MAIL_KEEP_DAYS): Promise<number> {
  const gone = await repo.deleteOldMail(q, keepDays);
  for (const g of gone) {
    if (g.message_file && /^[\w.-]+\.eml$/.test(g.message_file)) await unlink(path.join(outboxDir, g.message_file)).catch(() => {});
  }
  await repo.deleteExpiredLinks(q);
  return gone.length;
}
