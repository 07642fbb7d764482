import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/** The Content-Security-Policy and the other protection headers of every answer (API, pages, files). */
export const SECURITY_HEADERS_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // react-hot-toast injects its keyframes in a <style> tag.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers helmet writes for `options`, worked out once. Helmet's own Fastify plugin builds helmet
 * again (and parses the whole policy) on every request: about 5 % of the server's time on a read
 * answered from memory. The options hold no per-request value (no nonce, no function), so the headers
 * are the same for every answer.
 */
export function securityHeaders(options: Readonly<HelmetOptions>): { set: Array<[string, string]>; removed: string[] } {
  const set = new Map<string, string>();
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: unknown) {
      set.set(name, String(value));
      return recorder;
    },
    removeHeader(name: string) {
      set.delete(name);
      removed.push(name);
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
  });
  return { set: [...set], removed };
}

/**
 * Every answer carries the headers, set among the reply's own headers before any route runs (as the
 * request id is, app.ts). Not on the raw response: a header set there sends all of the answer's headers
 * through Node's setHeader in writeHead ("slow case"), each validated on the way in and again when
 * written. What helmet removes (X-Powered-By) is removed from the reply's headers.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions> = SECURITY_HEADERS_OPTIONS): void {
  const { set, removed } = securityHeaders(options);
  const headers = Object.fromEntries(set.map(([name, value]) => [name.toLowerCase(), value]));
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    for (const name of removed) reply.removeHeader(name);
    done();
  });
}
