import type { Db, ReadRouter } from '../db/index.js';
import type { Limits, LoginThrottle } from '../core/throttle.js';
import type { CounterStore } from '../core/counter-store.js';
import type { Storage } from '../storage/storage.js';
import type { MailService } from '../mail/service.js';
import type { AnswerCache } from './answer-cache.js';
import type { AuthState } from '../core/access.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** Reads that may lag: on the replica once it caught up with their data (ADR 080), else on `db`. */
    reads: ReadRouter;
    limits: Limits;
    counterStore: CounterStore;
    loginThrottle: LoginThrottle;
    storage: Storage;
    config: AppRuntimeConfig;
    /** Every route registered, with its options (the permission walk reads their declarations). */
    routeCatalog: RouteOptions[];
    mail: MailService;
    /** Club reads' answers kept by the club's data version (ADR 026). */
    answers: AnswerCache;
    /** Where the process stands; the readiness probe reads it. */
    lifecycle: Lifecycle;
  }
  interface FastifyRequest {
    auth: AuthState | null;
  }
}

export interface Lifecycle {
  /** The server began to stop: it finishes what it has and takes nothing new (readiness answers 503). */
  draining: boolean;
}

export interface AppRuntimeConfig {
  /** Base of links in e-mails, without a trailing slash: PUBLIC_URL, else http://localhost:PORT. */
  publicUrl: string;
  dataDir: string;
  secureCookies: boolean;
  webDir: string | null;
}
