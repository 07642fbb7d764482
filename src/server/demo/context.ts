import type { Db } from '../db/index.js';
import type { Storage } from '../storage/storage.js';

/** What the demo seed has created so far; each domain's seed step reads it and may extend it. */
export interface DemoContext {
  db: Db;
  clubId: string;
  /** The demo club's admin (an account: demo@trilha.app / demo1234). */
  adminId: string;
  /** Every demo member's profile id (the admin first), some without an account. */
  memberIds: string[];
  unitIds: string[];
  /** The hash of 'demo1234', made once: every demo account signs in with it. */
  passwordHash: string;
  /** Where the demo's uploads (evidence photos) go: the running server's storage. */
  storage: Storage;
  /** The server's secret the carteirinhas' QR tokens derive from (absent: the demo issues no cards). */
  cardSecret?: Buffer;
}

export type DemoStep = (ctx: DemoContext) => Promise<void>;
