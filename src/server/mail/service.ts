import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import { DEFAULT_MAIL_FROM, outboxMailer, smtpMailer, type Mailer } from './mailer.js';
import { sendDueMail } from './queue.js';

/** The app's mail sender: the configured {@link Mailer} and a worker that drains the queue. */
export interface MailService {
  readonly mailer: Mailer;
  readonly outboxDir: string;
  /** Starts draining the queue soon, without waiting (after a request queued a message). */
  kick(): void;
  /** Sends everything that is due now; resolves when done (tests, the background job). */
  drain(): Promise<void>;
  close(): Promise<void>;
}

export function mailerFromEnv(dataDir: string, env: NodeJS.ProcessEnv = process.env, log?: (file: string) => void): Mailer {
  const from = env.MAIL_FROM || DEFAULT_MAIL_FROM;
  if (env.SMTP_URL) return smtpMailer(env.SMTP_URL, from);
  return outboxMailer(path.join(dataDir, 'outbox'), from, (file) => log?.(file));
}

export function createMailService(app: FastifyInstance, mailer: Mailer, outboxDir: string): MailService {
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;
  const loop = async () => {
    do {
      again = false;
      while (!closed && (await sendDueMail(app.db, mailer)) > 0) {
        // keep going while batches come back full or new mail arrives
      }
    } while (again && !closed);
  };
  const drain = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = loop()
      .catch((err: unknown) => {
        if (!closed) app.log.error({ err }, 'mail queue failed');
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  return {
    mailer,
    outboxDir,
    kick() {
      if (!closed) setImmediate(() => void drain());
    },
    drain,
    async close() {
      closed = true;
      await running;
      mailer.close();
    },
  };
}
