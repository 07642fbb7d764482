import type { Queryable } from '../db/index.js';
import * as repo from './repo.js';

/** A session as read: with the club columns when the lookup named a club. */
export type FoundSession = repo.SessionRow & Partial<Omit<repo.SessionInClubRow, keyof repo.SessionRow>>;

interface Waiting extends repo.SessionLookup {
  resolve(row: FoundSession | null): void;
  reject(err: unknown): void;
}

/**
 * Every API request reads its session (and, on a club route, the caller's membership and the club's
 * data version) from the database before anything else. Requests that arrive in the same turn of the
 * event loop are read together: one statement and one round trip for all of them instead of one each,
 * which under load is most of the database's and the socket's work per request. Each request still
 * reads the database after it arrived, so a session revoked or a club changed before is seen exactly as
 * with a lookup of its own. A request alone (a quiet server) uses the single-lookup statements.
 */
export class SessionLookups {
  private waiting: Waiting[] = [];
  private scheduled = false;

  constructor(private readonly db: Queryable, private readonly maxBatch = 100) {}

  /** The active session of `tokenHash` (with the caller's standing in `clubId`, when given), or null. */
  find(tokenHash: string, clubId: string | null): Promise<FoundSession | null> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ tokenHash, clubId, resolve, reject });
      if (this.waiting.length >= this.maxBatch) this.flush();
      else if (!this.scheduled) {
        this.scheduled = true;
        // After the poll phase: every request whose bytes came in this turn has asked by then.
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    const batch = this.waiting;
    this.waiting = [];
    this.scheduled = false;
    if (batch.length === 0) return;
    void this.read(batch).then(
      (rows) => batch.forEach((w, i) => w.resolve(rows[i] ?? null)),
      (err: unknown) => batch.forEach((w) => w.reject(err)),
    );
  }

  private async read(batch: Waiting[]): Promise<Array<FoundSession | null>> {
    if (batch.length > 1) return repo.findActiveSessions(this.db, batch);
    const [only] = batch;
    return [only.clubId ? await repo.findActiveSessionInClub(this.db, only.tokenHash, only.clubId) : await repo.findActiveSession(this.db, only.tokenHash)];
  }
}
