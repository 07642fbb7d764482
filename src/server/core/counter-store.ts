import type { Redis } from 'ioredis';
import type { Db } from '../db/index.js';

/** One fixed-window counter: hits so far in the window, when it resets, and when the hit before this one was. */
export interface CounterState {
  count: number;
  resetInMs: number;
  previousAt: number | null;
}

/**
 * Counters for rate limits, shared by every instance that uses the same store (issue 21): the database
 * on PostgreSQL, Redis when `REDIS_URL` is set, process memory on the embedded database (where one
 * process owns the data, so memory is exactly shared).
 */
export interface CounterStore {
  readonly kind: 'memory' | 'database' | 'redis';
  hit(key: string, windowMs: number): Promise<CounterState>;
  peek(key: string, windowMs: number): Promise<CounterState>;
  /** Forgets the key's current window. */
  reset(key: string, windowMs: number): Promise<void>;
  /** Drops finished windows; called by the background jobs. */
  sweep(): Promise<void>;
  close(): Promise<void>;
}

/** Start of the fixed window (aligned to the epoch) that holds `now`; every store and instance agrees on it. */
export const windowStart = (now: number, windowMs: number) => Math.floor(now / windowMs) * windowMs;

export function memoryCounterStore(now: () => number = Date.now): CounterStore {
  const counters = new Map<string, { start: number; windowMs: number; count: number; lastAt: number | null }>();
  const current = (key: string, windowMs: number) => {
    const t = now();
    const entry = counters.get(key);
    if (!entry || entry.start !== windowStart(t, windowMs)) return { t, entry: undefined };
    return { t, entry };
  };
  return {
    kind: 'memory',
    async hit(key, windowMs) {
      const { t, entry } = current(key, windowMs);
      const start = windowStart(t, windowMs);
      const next = entry ? { ...entry, count: entry.count + 1, lastAt: t } : { start, windowMs, count: 1, lastAt: t };
      counters.set(key, next);
      if (counters.size > 50_000) await this.sweep();
      return { count: next.count, resetInMs: start + windowMs - t, previousAt: entry?.lastAt ?? null };
    },
    async peek(key, windowMs) {
      const { t, entry } = current(key, windowMs);
      return { count: entry?.count ?? 0, resetInMs: windowStart(t, windowMs) + windowMs - t, previousAt: entry?.lastAt ?? null };
    },
    async reset(key) {
      counters.delete(key);
    },
    async sweep() {
      const t = now();
      for (const [k, v] of counters) if (v.start + v.windowMs <= t) counters.delete(k);
    },
    async close() {
      counters.clear();
    },
  };
}

/** Counters in the `rate_limit_counters` table: every app instance on one PostgreSQL sees the same counts. */
export function databaseCounterStore(db: Db, now: () => number = Date.now): CounterStore {
  return {
    kind: 'database',
    async hit(key, windowMs) {
      const t = now();
      const start = windowStart(t, windowMs);
      const [row] = await db.query<{ hits: number; prev_at: string | null }>(
        `INSERT INTO rate_limit_counters AS r (key, window_start, window_ms, hits, last_at)
         VALUES ($1, to_timestamp($2::double precision / 1000), $3, 1, to_timestamp($4::double precision / 1000))
         ON CONFLICT (key, window_start) DO UPDATE SET hits = r.hits + 1, prev_at = r.last_at, last_at = EXCLUDED.last_at
         RETURNING hits, prev_at`,
        [key, start, windowMs, t],
      );
      return { count: row.hits, resetInMs: start + windowMs - t, previousAt: row.prev_at ? Date.parse(row.prev_at) : null };
    },
    async peek(key, windowMs) {
      const t = now();
      const start = windowStart(t, windowMs);
      const [row] = await db.query<{ hits: number; last_at: string | null }>(
        `SELECT hits, last_at FROM rate_limit_counters WHERE key = $1 AND window_start = to_timestamp($2::double precision / 1000)`,
        [key, start],
      );
      return { count: row?.hits ?? 0, resetInMs: start + windowMs - t, previousAt: row?.last_at ? Date.parse(row.last_at) : null };
    },
    async reset(key) {
      await db.query(`DELETE FROM rate_limit_counters WHERE key = $1`, [key]);
    },
    async sweep() {
      await db.query(`DELETE FROM rate_limit_counters WHERE window_start + make_interval(secs => window_ms / 1000.0) < now()`);
    },
    async close() {},
  };
}

/** Counters in Redis (`REDIS_URL`): INCR with an expiry per window. */
export function redisCounterStore(redis: Redis, now: () => number = Date.now): CounterStore {
  const k = (key: string, start: number) => `trilha:rl:${key}:${start}`;
  return {
    kind: 'redis',
    async hit(key, windowMs) {
      const t = now();
      const start = windowStart(t, windowMs);
      const res = await redis.multi().incr(k(key, start)).pexpire(k(key, start), windowMs).getset(`${k(key, start)}:at`, String(t)).pexpire(`${k(key, start)}:at`, windowMs).exec();
      const count = Number(res?.[0]?.[1] ?? 1);
      const prev = res?.[2]?.[1];
      return { count, resetInMs: start + windowMs - t, previousAt: typeof prev === 'string' ? Number(prev) : null };
    },
    async peek(key, windowMs) {
      const t = now();
      const start = windowStart(t, windowMs);
      const [count, at] = await redis.mget(k(key, start), `${k(key, start)}:at`);
      return { count: Number(count ?? 0), resetInMs: start + windowMs - t, previousAt: at ? Number(at) : null };
    },
    async reset(key, windowMs) {
      const start = windowStart(now(), windowMs);
      await redis.del(k(key, start), `${k(key, start)}:at`);
    },
    async sweep() {},
    async close() {
      await redis.quit();
    },
  };
}
