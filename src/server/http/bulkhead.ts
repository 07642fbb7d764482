import type { FastifyInstance } from 'fastify';
import { AppError, TIMEOUT_MESSAGE } from '../core/errors.js';
import { newBulkheadStats, type BulkheadStats } from '../core/bulkhead-stats.js';

export { newBulkheadStats, type BulkheadStats };

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: the handler reads nothing beyond the session the auth hook already read (auth/me), so it
     * holds no connection and does not queue behind its own route's gate.
     */
    bulkhead?: false;
  }
}

interface Gate {
  active: number;
  waiters: Array<() => void>;
}

/**
 * Caps how many requests of one route run at once, below the pool size (issue 11): 50 calls of one slow
 * endpoint then queue here instead of holding every database connection, and /api/health, /api/auth/me
 * and the rest keep the connections left over. A request that waits longer than maxWaitMs answers 503.
 */
export function registerRouteBulkhead(app: FastifyInstance, opts: { perRoute: number; maxWaitMs: number }, stats: BulkheadStats = newBulkheadStats()): void {
  const gates = new Map<string, Gate>();
  const routeStats = (key: string) => {
    let r = stats.routes.get(key);
    if (!r) {
      r = { waits: 0, timeouts: 0, waitSeconds: 0 };
      stats.routes.set(key, r);
    }
    return r;
  };

  // A callback while a slot is free (no promise per request); a promise only for a request that waits.
  app.addHook('onRequest', (req, reply, done) => {
    if (!req.routeOptions.url || req.routeOptions.config.bulkhead === false) return done();
    const key = `${req.method} ${req.routeOptions.url}`;
    let gate = gates.get(key);
    if (!gate) {
      gate = { active: 0, waiters: [] };
      gates.set(key, gate);
    }
    const g = gate;
    const release = () => {
      const next = g.waiters.shift();
      if (next) next();
      else g.active -= 1;
    };
    const hold = () => {
      // A client that went away while its request waited has already fired 'close': listening now would
      // never hear it and the slot would be lost for good (a route then answered nothing once all were).
      if (reply.raw.closed || req.raw.destroyed) {
        release();
        return;
      }
      // 'close' always fires (after the response, or when the client goes away), so a slot never leaks.
      reply.raw.once('close', release);
    };
    if (g.active < opts.perRoute) {
      g.active += 1;
      hold();
      return done();
    }
    const r = routeStats(key);
    const start = performance.now();
    r.waits += 1;
    stats.waiting += 1;
    const waited = () => {
      stats.waiting -= 1;
      r.waitSeconds += (performance.now() - start) / 1000;
    };
    return new Promise<void>((resolve, reject) => {
      const enter = () => {
        clearTimeout(timer);
        waited();
        resolve();
      };
      const timer = setTimeout(() => {
        g.waiters.splice(g.waiters.indexOf(enter), 1);
        waited();
        r.timeouts += 1;
        reject(new AppError('timeout', 503, TIMEOUT_MESSAGE));
      }, opts.maxWaitMs);
      g.waiters.push(enter);
    }).then(hold);
  });
}
