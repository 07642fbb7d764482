import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { MSG } from '../../shared/errors.js';
import { windowStart, type CounterStore } from '../core/counter-store.js';
import { HOUR, MINUTE, tooManyRequests, type Limits } from '../core/throttle.js';
import { SESSION_COOKIE } from '../auth/session.js';

export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

/** `TRUST_PROXY`: unset = the socket's address; a hop count ("1") or a comma list of addresses/CIDRs. */
export function trustProxyFromEnv(value: string | undefined): TrustProxy {
  if (!value || value.trim() === '' || value === '0' || value === 'false') return false;
  if (/^\d+$/.test(value.trim())) {
    const hops = Number(value.trim());
    // The same rule as proxy-addr's hop count: believe the nearest `hops` proxies only.
    return (_address: string, hop: number) => hop < hops;
  }
  return value.split(',').map((s) => s.trim()).filter(Boolean);
}

/** Adapts a {@link CounterStore} to @fastify/rate-limit's store contract; routes with their own limit get their own keys. */
function pluginStore(store: CounterStore, prefix = '') {
  return class {
    incr(key: string, cb: (err: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      store.hit(`${prefix}${key}`, timeWindow).then((r) => cb(null, { current: r.count, ttl: r.resetInMs }), (err: Error) => cb(err));
    }
    child(routeOptions: { method: string | string[]; url: string }) {
      const Child = pluginStore(store, `${prefix}${String(routeOptions.method)}${routeOptions.url}:`);
      return new Child();
    }
  };
}

/**
 * Every /api request is counted: per account when signed in, per client address otherwise. The hook
 * runs after the session is read (preHandler), so the key is the account, not the address a whole
 * church shares.
 */
export async function registerRateLimits(app: FastifyInstance, store: CounterStore, limits: Limits, early: EarlyRefusal): Promise<void> {
  await app.register(rateLimit, {
    onExceeded: (req, key) => early.noteExceeded(req, key),
    global: true,
    hook: 'preHandler',
    store: pluginStore(store),
    timeWindow: MINUTE,
    keyGenerator: (req) => (req.auth ? `acct:${req.auth.profile.id}` : `ip:${req.ip}`),
    max: (req) => (req.auth ? limits.apiPerMinute : limits.anonPerMinute),
    allowList: (req) => {
      if (!req.url.startsWith('/api/') || req.url === '/api/health' || req.url === '/api/ready') return true;
      return (req.auth ? limits.apiPerMinute : limits.anonPerMinute) === 0;
    },
    // A counter store that fails must not take the API down with it.
    skipOnError: true,
    errorResponseBuilder: (_req, ctx) => tooManyRequests(ctx.ttl / 1000),
  });
}

/**
 * Refuses an account that already went over its limit in this window before its session is even
 * looked up, so a flood costs the database nothing and the other accounts stay fast (issue 21). It only
 * remembers what this instance saw; the shared store stays the authority.
 */
export class EarlyRefusal {
  private readonly accountOfToken = new Map<string, string>();
  private readonly blockedUntil = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Called by the limiter when a key goes over: the account is refused until its window ends. */
  noteExceeded(req: FastifyRequest, key: string): void {
    if (!key.startsWith('acct:') || !req.auth) return;
    const token = req.cookies?.[SESSION_COOKIE];
    if (!token) return;
    const accountId = key.slice('acct:'.length);
    if (this.accountOfToken.size > 10_000) this.accountOfToken.clear();
    this.accountOfToken.set(token, accountId);
    this.blockedUntil.set(accountId, windowStart(this.now(), MINUTE) + MINUTE);
  }

  /** The wait in ms for a request carrying this session cookie, or 0. */
  waitFor(token: string | undefined): number {
    if (!token) return 0;
    const accountId = this.accountOfToken.get(token);
    if (!accountId) return 0;
    const until = this.blockedUntil.get(accountId) ?? 0;
    const wait = until - this.now();
    if (wait <= 0) {
      this.blockedUntil.delete(accountId);
      this.accountOfToken.delete(token);
      return 0;
    }
    return wait;
  }
}

/** Counts one sign-up attempt from this address; 429 past the hourly limit. */
export async function countSignup(store: CounterStore, limits: Limits, req: FastifyRequest): Promise<void> {
  if (limits.signupsPerHour === 0) return;
  const r = await store.hit(`signup:${req.ip}`, HOUR);
  if (r.count > limits.signupsPerHour) throw tooManyRequests(r.resetInMs / 1000, MSG.tooManySignups);
}
