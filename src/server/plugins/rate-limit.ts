import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { MSG } from '../../shared/errors.js';
import { AppError } from './errors.js';
import { windowStart, type CounterState, type CounterStore } from './counter-store.js';
import { SESSION_COOKIE } from '../auth/session.js';

/** Limits of the API (issue 21); every number is configurable and 0 turns that limit off. */
export interface Limits {
  /** Requests per minute per signed-in account, reads included (`API_RATE_LIMIT`). */
  apiPerMinute: number;
  /** Requests per minute per client address on routes without a session (`ANON_RATE_LIMIT`). */
  anonPerMinute: number;
  /** Sign-ups per hour per client address (`SIGNUP_RATE_LIMIT`); a church Wi-Fi registers a whole club. */
  signupsPerHour: number;
  /** Clubs one account may direct (`MAX_CLUBS_PER_ACCOUNT`). */
  clubsPerAccount: number;
  /** Failed logins per client address in 15 minutes. */
  loginFailuresPerAddress: number;
  /** Failed logins for one e-mail from one address before each new try must wait (doubling). */
  loginFreeFailures: number;
}

export const DEFAULT_LIMITS: Limits = {
  apiPerMinute: 600,
  anonPerMinute: 300,
  signupsPerHour: 60,
  clubsPerAccount: 10,
  loginFailuresPerAddress: 100,
  loginFreeFailures: 5,
};

function envNumber(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Valor inválido para limite: ${value}`);
  return n;
}

export function limitsFromEnv(env: NodeJS.ProcessEnv = process.env): Limits {
  return {
    ...DEFAULT_LIMITS,
    apiPerMinute: envNumber(env.API_RATE_LIMIT, DEFAULT_LIMITS.apiPerMinute),
    anonPerMinute: envNumber(env.ANON_RATE_LIMIT, DEFAULT_LIMITS.anonPerMinute),
    signupsPerHour: envNumber(env.SIGNUP_RATE_LIMIT, DEFAULT_LIMITS.signupsPerHour),
    clubsPerAccount: envNumber(env.MAX_CLUBS_PER_ACCOUNT, DEFAULT_LIMITS.clubsPerAccount),
  };
}

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

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** 429 with the wait in the `Retry-After` header and in the error envelope. */
export function tooManyRequests(retryAfterSeconds: number, message: string = MSG.rateLimited): AppError {
  return new AppError('rate_limited', 429, message, { retry_after: Math.max(1, Math.ceil(retryAfterSeconds)) });
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

const LOGIN_WINDOW = 15 * MINUTE;
const PAIR_WINDOW = 24 * HOUR;

/** How long a guesser must wait after the n-th failure for one e-mail from one address: 1 s, 2 s, 4 s… up to 15 min. */
export function loginDelayMs(failures: number, freeFailures: number): number {
  if (failures < freeFailures) return 0;
  return Math.min(1000 * 2 ** (failures - freeFailures), LOGIN_WINDOW);
}

/**
 * Failed logins: at most N per address per 15 minutes; per e-mail and address a growing wait, so a
 * guesser is slowed while the owner, from any other address, still signs in (no lockout by e-mail).
 */
export class LoginThrottle {
  constructor(private readonly store: CounterStore, private readonly limits: Limits, private readonly now: () => number = Date.now) {}

  private keys(email: string, ip: string) {
    return { ip: `login-ip:${ip}`, pair: `login-pair:${email.toLowerCase()}|${ip}` };
  }

  /** Throws 429 when this address, or this e-mail from this address, must wait. */
  async check(email: string, ip: string): Promise<void> {
    const k = this.keys(email, ip);
    const [byIp, pair] = await Promise.all([this.store.peek(k.ip, LOGIN_WINDOW), this.store.peek(k.pair, PAIR_WINDOW)]);
    if (this.limits.loginFailuresPerAddress > 0 && byIp.count >= this.limits.loginFailuresPerAddress) {
      throw tooManyRequests(byIp.resetInMs / 1000, MSG.tooManyLoginAttempts);
    }
    const wait = this.remainingWait(pair);
    if (wait > 0) throw tooManyRequests(wait / 1000, MSG.tooManyLoginAttempts);
  }

  private remainingWait(pair: CounterState): number {
    const delay = loginDelayMs(pair.count, this.limits.loginFreeFailures);
    if (delay === 0 || pair.previousAt === null) return 0;
    return pair.previousAt + delay - this.now();
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const k = this.keys(email, ip);
    await Promise.all([this.store.hit(k.ip, LOGIN_WINDOW), this.store.hit(k.pair, PAIR_WINDOW)]);
  }

  async recordSuccess(email: string, ip: string): Promise<void> {
    await this.store.reset(this.keys(email, ip).pair, PAIR_WINDOW);
  }
}
