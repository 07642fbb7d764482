import type { FastifyInstance } from 'fastify';
import { loadNotificationKeys, type NotificationKeys } from './keys.js';
import type { EndpointRules } from './push-endpoint.js';
import { sendDuePushes, webPushSender, type PushSender } from './push-queue.js';
import { NOTIFIED } from './notify.js';
import { queueDigests, queueImmediateEmails, type EmailContext } from './email.js';

/** The app's notification channels: keys, the push worker and the notification e-mails. */
export interface NotificationService {
  readonly endpointRules: EndpointRules;
  keys(): Promise<NotificationKeys>;
  emailContext(): Promise<EmailContext>;
  /** Pushes and 'na hora' e-mails that are due, now; resolves when done (tests, the background job). */
  drain(): Promise<void>;
  /** Starts {@link drain} soon without waiting (after a request created notifications). */
  kick(): void;
  /** Queues the digests that are due (the background job, tests). */
  digest(): Promise<number>;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    notifications: NotificationService;
  }
}

export interface NotificationOptions {
  /** Tests: a local receiver instead of the real web-push sender. */
  pushSender?: PushSender;
  /** http and this machine's addresses as push endpoints; default: outside production only. */
  pushAllowPrivate?: boolean;
}

export function createNotificationService(app: FastifyInstance, options: NotificationOptions = {}): NotificationService {
  const endpointRules: EndpointRules = { allowPrivate: options.pushAllowPrivate ?? process.env.NODE_ENV !== 'production' };
  // The keys are read (or made) on first need, not at start.
  let keys: Promise<NotificationKeys> | undefined;
  const getKeys = () => (keys ??= loadNotificationKeys(app.config.dataDir));
  let sender: PushSender | undefined = options.pushSender;
  const getSender = async () => (sender ??= webPushSender(await getKeys(), endpointRules));
  const emailContext = async (): Promise<EmailContext> => ({
    // Links only from PUBLIC_URL: a background job has no request to take an origin from.
    baseUrl: (app.config.publicUrl ?? `http://localhost:${process.env.PORT ?? '3000'}`).replace(/\/+$/, ''),
    secret: (await getKeys()).unsubscribeSecret,
  });

  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;
  const loop = async () => {
    do {
      again = false;
      const ctx = await emailContext();
      let mails = 0;
      while (!closed && (await queueImmediateEmails(app.db, ctx)) > 0) mails += 1;
      if (mails > 0) app.mail.kick();
      const send = await getSender();
      while (!closed && (await sendDuePushes(app.db, send)) > 0) {
        // keep going while batches come back full
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
        if (!closed) app.log.error({ err }, 'notification delivery failed');
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const kick = () => {
    // Checked again when it runs: a kick just before close must not start work (and write the push
    // keys into DATA_DIR) after the server stopped.
    if (!closed) setImmediate(() => {
      if (!closed) void drain();
    });
  };
  // Work that created notifications (a request's transaction, a job's) starts the delivery as soon as
  // it committed: not before (the worker would find nothing yet), nor at the next interval.
  const stopListening = app.db.onCommit(NOTIFIED, kick);
  return {
    endpointRules,
    keys: getKeys,
    emailContext,
    drain,
    kick,
    async digest() {
      const n = await queueDigests(app.db, await emailContext());
      if (n > 0) app.mail.kick();
      return n;
    },
    async close() {
      closed = true;
      stopListening();
      await running;
    },
  };
}
