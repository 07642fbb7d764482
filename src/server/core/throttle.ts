import { MSG } from '../../shared/errors.js';
import { AppError } from './errors.js';
import type { CounterState, CounterStore } from './counter-store.js';

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

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** 429 with the wait in the `Retry-After` header and in the error envelope. */
export function tooManyRequests(retryAfterSeconds: number, message: string = MSG.rateLimited): AppError {
  return new AppError('rate_limited', 429, message, { retry_after: Math.max(1, Math.ceil(retryAfterSeconds)) });
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
