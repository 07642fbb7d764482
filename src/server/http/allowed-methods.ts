import type { FastifyInstance } from 'fastify';
import { MSG } from '../../shared/errors.js';

interface PathPattern {
  url: string;
  regex: RegExp;
  /** Per segment, 1 for a fixed word and 0 for a parameter: compared left to right, as the router does. */
  rank: number[];
  methods: Set<string>;
}

const segmentsOf = (url: string) => url.split('/').filter(Boolean);

/** Which of two patterns the router prefers: the first fixed word against a parameter, left to right, wins. */
function compareRank(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** Some path matches both patterns (same length; at each segment a parameter, or the same word). */
function overlap(a: string, b: string): boolean {
  const x = segmentsOf(a);
  const y = segmentsOf(b);
  return x.length === y.length && x.every((s, i) => s.startsWith(':') || y[i]?.startsWith(':') || s === y[i]);
}

/**
 * Remembers every API route's path pattern and methods. A request with a method the path does not have
 * answers 405 with an `Allow` header listing exactly the methods of that path (issue 22, issue 31): the
 * path is the most specific pattern that matches it, so `/meetings/summary` (GET) is not confused with
 * `/meetings/:id` (PUT, DELETE). Two cases: no route at all for the method (the not-found handler asks
 * `allowedMethods`), and a request the router hands to a parameter route although a fixed path matches it
 * (DELETE /meetings/summary reaching DELETE /meetings/:id), which `refuseShadowedMethods` turns into 405.
 * Call it before any /api route is registered; add the hook after the session and CSRF hooks.
 */
export function trackAllowedMethods(app: FastifyInstance): { allowedMethods: (path: string) => string[]; refuseShadowedMethods: () => void } {
  const byUrl = new Map<string, PathPattern>();
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map(String);
    const known = byUrl.get(route.url);
    if (known) {
      methods.forEach((m) => known.methods.add(m));
      return;
    }
    const source = route.url
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    const rank = segmentsOf(route.url).map((s) => (s.startsWith(':') || s === '*' ? 0 : 1));
    byUrl.set(route.url, { url: route.url, regex: new RegExp(`^${source}/?$`), rank, methods: new Set(methods) });
  });

  const allowedMethods = (path: string): string[] => {
    let best: PathPattern[] = [];
    for (const p of byUrl.values()) {
      if (!p.regex.test(path)) continue;
      const order = best.length === 0 ? 1 : compareRank(p.rank, best[0].rank);
      if (order > 0) best = [p];
      else if (order === 0) best.push(p);
    }
    return [...new Set(best.flatMap((p) => [...p.methods]))].sort();
  };

  // Per parameter route, the fixed paths that may shadow it; read once every route is registered.
  let shadows: Map<string, PathPattern[]> | null = null;
  const shadowsOf = (url: string): PathPattern[] => {
    if (!shadows) {
      shadows = new Map();
      const all = [...byUrl.values()];
      for (const p of all) {
        const over = all.filter((q) => q !== p && !q.url.includes('*') && overlap(p.url, q.url) && compareRank(q.rank, p.rank) > 0);
        if (over.length > 0) shadows.set(p.url, over);
      }
    }
    return shadows.get(url) ?? [];
  };

  // A callback (no promise per request): it answers 405 itself, or lets the request go on.
  const refuseShadowedMethods = () => app.addHook('onRequest', (req, reply, done) => {
    const url = req.routeOptions.url;
    if (!url?.startsWith('/api/')) return done();
    const candidates = shadowsOf(url);
    if (candidates.length === 0) return done();
    const path = req.url.split('?')[0] ?? '';
    if (!candidates.some((c) => c.regex.test(path))) return done();
    const allowed = allowedMethods(path);
    if (allowed.includes(req.method)) return done();
    reply.status(405).header('Allow', allowed.join(', ')).send({ error: { code: 'method_not_allowed', message: MSG.methodNotAllowed } });
  });
  return { allowedMethods, refuseShadowedMethods };
}
