/**
 * Counts failed sign-ins per key (e-mail and client address) in a fixed window.
 * Kept in process memory: with several app instances each counts on its own, which still bounds guessing.
 */
export class LoginRateLimiter {
  private readonly failures = new Map<string, { count: number; resetAt: number }>();

  /** limits: failures allowed per key prefix, e.g. { email: 10, ip: 100 } for keys 'email:…' and 'ip:…'. */
  constructor(
    private readonly limits: Record<string, number>,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  isBlocked(keys: string[]): boolean {
    const t = this.now();
    return keys.some((k) => {
      const entry = this.failures.get(k);
      const max = this.limits[k.slice(0, k.indexOf(':'))] ?? Infinity;
      return entry !== undefined && entry.resetAt > t && entry.count >= max;
    });
  }

  recordFailure(keys: string[]): void {
    const t = this.now();
    for (const k of keys) {
      const entry = this.failures.get(k);
      if (!entry || entry.resetAt <= t) this.failures.set(k, { count: 1, resetAt: t + this.windowMs });
      else entry.count += 1;
    }
    if (this.failures.size > 10_000) this.sweep(t);
  }

  reset(keys: string[]): void {
    for (const k of keys) this.failures.delete(k);
  }

  private sweep(t: number): void {
    for (const [k, v] of this.failures) if (v.resetAt <= t) this.failures.delete(k);
  }
}
