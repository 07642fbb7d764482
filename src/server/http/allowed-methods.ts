import type { FastifyInstance } from 'fastify';

/**
 * Remembers every API route's path pattern and methods, so a request with a method the path does not
 * have answers 405 with an `Allow` header instead of 404 (issue 22).
 */
export function trackAllowedMethods(app: FastifyInstance): (path: string) => string[] {
  const routes: Array<{ pattern: RegExp; methods: string[] }> = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const source = route.url
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map(String);
    routes.push({ pattern: new RegExp(`^${source}/?$`), methods });
  });
  return (path) => {
    const allowed = new Set<string>();
    for (const r of routes) if (r.pattern.test(path)) r.methods.forEach((m) => allowed.add(m));
    return [...allowed].sort();
  };
}
