import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type nodemailer from 'nodemailer';
import { requireLazily } from '../lazy-module.js';

/** One message as the queue hands it to a {@link Mailer}. */
export interface MailMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** Extra headers (List-Unsubscribe of notification e-mails). */
  headers?: Record<string, string> | null;
}

/** Sends one message; throws when it could not (the queue retries later). */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  /** Returns the outbox file name when the message was written to disk instead of sent. */
  send(message: MailMessage): Promise<{ file?: string }>;
  close(): void;
}

// nodemailer is loaded with the first message, not at start.
const loadNodemailer = () => requireLazily('nodemailer') as typeof nodemailer;

export const DEFAULT_MAIL_FROM = 'Trilha <nao-responda@trilha.local>';

/**
 * `SMTP_URL` (smtp://user:pass@host:587, smtps://…): real delivery through nodemailer. Pooled: a batch
 * goes over a few kept-open connections instead of one handshake per message.
 */
export function smtpMailer(url: string, from: string): Mailer {
  let transport: ReturnType<typeof nodemailer.createTransport> | undefined;
  return {
    kind: 'smtp',
    async send(m) {
      transport ??= loadNodemailer().createTransport({ url, pool: true, maxConnections: 2 });
      await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, ...(m.html ? { html: m.html } : {}), ...(m.headers ? { headers: m.headers } : {}), messageId: `<${m.id}@trilha>` });
      return {};
    },
    close: () => transport?.close(),
  };
}

/** Outbox file names: sortable timestamp, then the queue id. */
export function outboxFileName(id: string, at: Date = new Date()): string {
  return `${at.toISOString().replace(/[:.]/g, '-')}-${id}.eml`;
}

/**
 * Without SMTP (the embedded default) every message becomes an RFC 5322 file in `DATA_DIR/outbox`,
 * built by nodemailer's stream transport exactly as it would go over SMTP.
 */
export function outboxMailer(dir: string, from: string, log: (file: string, m: MailMessage) => void = () => {}): Mailer {
  let transport: ReturnType<typeof nodemailer.createTransport> | undefined;
  return {
    kind: 'outbox',
    async send(m) {
      transport ??= loadNodemailer().createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      const info = await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, ...(m.html ? { html: m.html } : {}), ...(m.headers ? { headers: m.headers } : {}), messageId: `<${m.id}@trilha>` });
      await mkdir(dir, { recursive: true });
      const file = outboxFileName(m.id);
      await writeFile(path.join(dir, file), info.message as Buffer, { mode: 0o600 });
      log(file, m);
      return { file };
    },
    close: () => transport?.close(),
  };
}
