import type { Db, PoolStats, Queryable } from './types.js';

/**
 * What a read on the replica must have caught up with (ADR 080): the data version the primary showed
 * this request, and how to read the same version on the replica. The replica answers only when it reads
 * exactly that version, so it has replayed every commit the primary had made to that data when the
 * request began: whoever wrote, on whichever instance, reads the write back at once.
 */
export interface ReplicaFence {
  /** What the version is of (a club id, 'platform'): the router remembers the last version the replica showed for it. */
  key: string;
  version: string;
  read(q: Queryable): Promise<string | null>;
}

/** A club's data version as the session lookup reads it from the primary (auth/repo.ts `club_data_version`): club.platform. */
export function clubFence(clubId: string, version: string | null): ReplicaFence | null {
  if (version === null) return null;
  return {
    key: clubId,
    version,
    read: async (q) => {
      const [row] = await q.query<{ v: string | null }>(
        `SELECT v.version || '.' || pv.version AS v FROM club_data_versions v, platform_data_version pv WHERE v.club_id = $1`,
        [clubId],
      );
      return row?.v ?? null;
    },
  };
}

export type ReplicaState = 'none' | 'starting' | 'up' | 'lagging' | 'down';

/** What the router sees of its replica (the health probe's last answer) and where reads went since start. */
export interface ReplicaStatus {
  state: ReplicaState;
  /** How far the replica's replay is behind (ms), from the last probe; null when unknown. */
  lagMs: number | null;
  /** WAL bytes the primary wrote that the replica has not replayed, from the last probe; null when unknown. */
  lagBytes: number | null;
  /** Reads the replica answered. */
  replicaReads: number;
  /** Reads that may lag but went to the primary, by why: replica not usable, behind this data, or failed mid-read. */
  primaryReads: { unusable: number; behind: number; failed: number; unfenced: number };
  /** The replica's connection pool now; null without a replica. */
  pool: PoolStats | null;
}

/** The reads that may be a moment behind: on the replica when it has caught up with their data, else on the primary. */
export interface ReadRouter {
  /**
   * Runs `fn` on the replica when it is up, not lagging past the bound and shows `fence`'s version;
   * otherwise on the primary. A failure on the replica runs `fn` again on the primary (no error reaches
   * the user) and, when the replica looks unreachable, stops using it until the probe sees it back.
   */
  read<T>(fence: ReplicaFence | null, fn: (db: Db) => Promise<T>): Promise<T>;
  status(): ReplicaStatus;
  close(): Promise<void>;
}

/** Every read on the primary: no DATABASE_REPLICA_URL. */
export function primaryReads(primary: Db): ReadRouter {
  const status: ReplicaStatus = { state: 'none', lagMs: null, lagBytes: null, replicaReads: 0, primaryReads: { unusable: 0, behind: 0, failed: 0, unfenced: 0 }, pool: null };
  return {
    read: (_fence, fn) => fn(primary),
    status: () => status,
    close: async () => undefined,
  };
}

export interface ReplicaOptions {
  /** REPLICA_MAX_LAG_MS: a replica further behind than this is not read (default 10 s). */
  maxLagMs?: number;
  /** Time between health probes while the replica is up (default 1 s); after a failure it doubles up to maxProbeDelayMs. */
  probeEveryMs?: number;
  maxProbeDelayMs?: number;
  /** Told when the replica goes out of use or comes back (the server's logger). */
  log?: (state: ReplicaState, detail: string) => void;
}

// Connection failures, a server shutting down or refusing connections, a cancelled statement (a replica
// cancels queries that conflict with replay): the replica, not the read, is at fault.
const UNREACHABLE = /^(ECONN|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EAI_AGAIN|EPIPE|08|57P)/;
const isUnreachable = (err: unknown): boolean => {
  const code = String((err as { code?: unknown }).code ?? '');
  if (UNREACHABLE.test(code)) return true;
  const message = err instanceof Error ? err.message : '';
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(message);
};
/** A refusal the read itself decided (AppError and the like carry an HTTP status): the primary would answer the same. */
const isAnswer = (err: unknown): boolean => typeof (err as { status?: unknown }).status === 'number';

const PROBE_SQL = `SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn()::text AS replayed,
       CASE WHEN pg_last_wal_receive_lsn() IS NOT DISTINCT FROM pg_last_wal_replay_lsn() THEN 0
            ELSE floor(extract(epoch FROM now() - pg_last_xact_replay_timestamp()) * 1000) END AS lag_ms`;

/**
 * Reads routed to `replica` (DATABASE_REPLICA_URL, a streaming standby of `primary`) while a probe every
 * second finds it up and less than maxLagMs behind; down or lagging, every read goes to the primary
 * and the probe backs off (1 s doubling to 30 s) until it is back. The probe also measures the lag
 * in WAL bytes against the primary's pg_current_wal_lsn() (the metrics).
 */
export function replicaReads(primary: Db, replica: Db, opts: ReplicaOptions = {}): ReadRouter {
  const maxLagMs = opts.maxLagMs ?? 10_000;
  const every = opts.probeEveryMs ?? 1_000;
  const maxDelay = opts.maxProbeDelayMs ?? 30_000;
  const status: ReplicaStatus = { state: 'starting', lagMs: null, lagBytes: null, replicaReads: 0, primaryReads: { unusable: 0, behind: 0, failed: 0, unfenced: 0 }, pool: null };
  // The last version the replica showed per fence key: a request fenced at that version needs no second look.
  const seen = new Map<string, string>();
  let delay = every;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const setState = (state: ReplicaState, detail: string) => {
    if (state === status.state) return;
    status.state = state;
    opts.log?.(state, detail);
  };
  const markDown = (err: unknown) => {
    seen.clear();
    status.lagMs = null;
    setState('down', err instanceof Error ? err.message : String(err));
    delay = every;
    schedule();
  };

  async function probe(): Promise<void> {
    try {
      const [row] = await replica.query<{ standby: boolean; replayed: string | null; lag_ms: number | null }>(PROBE_SQL);
      if (!row?.standby) throw Object.assign(new Error('DATABASE_REPLICA_URL não é uma réplica em recuperação (pg_is_in_recovery() = false)'), { code: '08000' });
      const [diff] = row.replayed
        ? await primary.query<{ bytes: number | null }>(`SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn)::float8 AS bytes`, [row.replayed]).catch(() => [])
        : [];
      status.lagMs = Number(row.lag_ms ?? 0);
      status.lagBytes = diff?.bytes == null ? null : Math.max(0, Number(diff.bytes));
      if (status.lagMs > maxLagMs) setState('lagging', `${status.lagMs} ms atrás`);
      else setState('up', `${status.lagMs} ms atrás`);
      delay = every;
    } catch (err) {
      if (status.state !== 'down') {
        seen.clear();
        setState('down', err instanceof Error ? err.message : String(err));
      }
      status.lagMs = null;
      status.lagBytes = null;
      delay = status.state === 'down' ? Math.min(delay * 2, maxDelay) : every;
    }
  }

  function schedule(): void {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(() => void probe().finally(schedule), delay);
    timer.unref();
  }

  void probe().finally(schedule);

  const usable = () => status.state === 'up';

  return {
    async read(fence, fn) {
      if (!fence) {
        status.primaryReads.unfenced += 1;
        return fn(primary);
      }
      if (!usable()) {
        status.primaryReads.unusable += 1;
        return fn(primary);
      }
      try {
        if (seen.get(fence.key) !== fence.version) {
          const version = await fence.read(replica);
          if (version !== null) {
            // Bounded: a fresh map past 50,000 keys (one per club read since), not a growing one.
            if (seen.size >= 50_000) seen.clear();
            seen.set(fence.key, version);
          }
          if (version !== fence.version) {
            status.primaryReads.behind += 1;
            return fn(primary);
          }
        }
        const result = await fn(replica);
        status.replicaReads += 1;
        return result;
      } catch (err) {
        if (isAnswer(err)) throw err;
        if (isUnreachable(err)) markDown(err);
        status.primaryReads.failed += 1;
        return fn(primary);
      }
    },
    status: () => ({ ...status, pool: replica.poolStats?.() ?? null }),
    async close() {
      closed = true;
      clearTimeout(timer);
      await replica.close();
    },
  };
}
