import type { Db } from '../db/index.js';

/** What the demo seed has created so far; each domain's seed step reads it and may extend it. */
export interface DemoContext {
  db: Db;
  clubId: string;
  /** The demo club's admin (an account: demo@trilha.app / demo1234). */
  adminId: string;
  /** Every demo member's profile id (the admin first), some without an account. */
  memberIds: string[];
  unitIds: string[];
}

export type DemoStep = (ctx: DemoContext) => Promise<void>;
