/** What the per-route gates in front of the pool did (http/bulkhead.ts), for GET /metrics: read at each scrape. */
export interface BulkheadStats {
  /** Requests waiting for a slot right now (all routes). */
  waiting: number;
  /** Per route ('GET /api/…'): requests that had to wait, those that gave up after maxWaitMs (503), and the seconds waited. */
  routes: Map<string, { waits: number; timeouts: number; waitSeconds: number }>;
}

export function newBulkheadStats(): BulkheadStats {
  return { waiting: 0, routes: new Map() };
}
