import type { Queryable } from '../db/index.js';
import { readInTurns } from '../db/read-together.js';
import * as repo from './repo.js';

/** A session as read: with the club columns when the lookup named a club. */
export type FoundSession = repo.SessionRow & Partial<Omit<repo.SessionInClubRow, keyof repo.SessionRow>>;

/**
 * Every API request reads its session (and, on a club route, the caller's membership and the club's
 * data version) from the database before anything else. Requests that arrive in the same turn of the
 * event loop are read together (readInTurns): one statement and one round trip for all of them instead
 * of one each, which under load is most of the database's and the socket's work per request. Each
 * request still reads the database after it arrived, so a session revoked or a club changed before is
 * seen exactly as with a lookup of its own. The same lookup asked several times in one turn (one
 * page's calls, sent together) is read once. A request alone (a quiet server) uses the single-lookup
 * statements.
 */
export class SessionLookups {
  private readonly read: (lookup: repo.SessionLookup) => Promise<FoundSession | null>;

  constructor(db: Queryable, maxBatch = 100) {
    const readDistinct = async (lookups: repo.SessionLookup[]): Promise<Array<FoundSession | null>> => {
      if (lookups.length > 1) return repo.findActiveSessions(db, lookups);
      const [only] = lookups;
      return [only.clubId ? await repo.findActiveSessionInClub(db, only.tokenHash, only.clubId) : await repo.findActiveSession(db, only.tokenHash)];
    };
    this.read = readInTurns(async (batch: repo.SessionLookup[]): Promise<Array<FoundSession | null>> => {
      // The same session and club asked more than once in a turn (a page's calls sent together) is read
      // once: every caller of a lookup asked before the read began, so each still sees what it would alone.
      const positions = new Map<string, number>();
      const distinct: repo.SessionLookup[] = [];
      const of = batch.map((lookup) => {
        const key = lookup.clubId === null ? lookup.tokenHash : `${lookup.tokenHash} ${lookup.clubId}`;
        let at = positions.get(key);
        if (at === undefined) {
          at = distinct.push(lookup) - 1;
          positions.set(key, at);
        }
        return at;
      });
      const rows = await readDistinct(distinct);
      // Each caller gets its own copy: one request's code can never change what another read.
      return distinct.length === batch.length ? rows : of.map((at) => (rows[at] ? { ...rows[at] } : null));
    }, maxBatch);
  }

  /** The active session of `tokenHash` (with the caller's standing in `clubId`, when given), or null. */
  find(tokenHash: string, clubId: string | null): Promise<FoundSession | null> {
    return this.read({ tokenHash, clubId });
  }
}
