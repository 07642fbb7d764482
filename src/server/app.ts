import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions, type RouteOptions } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { compiledSerializerCompiler, zodParsingSerializerCompiler } from './http/serializer.js';
import { primaryReads, type Db, type ReadRouter } from './db/index.js';
import './http/context.js';
import { registerErrorHandler } from './http/error-handler.js';
import { trackAllowedMethods } from './http/allowed-methods.js';
import { contractDocument } from './http/openapi.js';
import type { OpenAPIV3 } from 'openapi-types';
import { checkRouteDeclaration, decorateClubAccess, enforceDeclaredPermission, refuseWritesToDeactivatedClub, summaryWithPermission } from './http/access.js';
import { registerNulGuard } from './http/nul-guard.js';
import { newBulkheadStats, registerRouteBulkhead } from './http/bulkhead.js';
import { authPlugin } from './auth/plugin.js';
import { loginDaysPlugin } from './badges/login-days.js';
import { SESSION_COOKIE } from './auth/session.js';
import type { Redis } from 'ioredis';
import { fileTypeOf, requireLazily } from './lazy-module.js';
import { EarlyRefusal, registerRateLimits, trustProxyFromEnv, type TrustProxy } from './http/rate-limit.js';
import { LoginThrottle, limitsFromEnv, tooManyRequests, type Limits } from './core/throttle.js';
import { databaseCounterStore, memoryCounterStore, redisCounterStore, type CounterStore } from './core/counter-store.js';
import { domainRoutes } from './routes.js';
import { metricsTokenFromEnv, registerMetrics } from './metrics/routes.js';
import { createMailService, mailerFromEnv } from './mail/service.js';
import type { Mailer } from './mail/mailer.js';
import { createNotificationService, type NotificationOptions } from './notifications/service.js';
import { localAdminRoutes, type LocalAdminOptions } from './local-admin/routes.js';
import { isSafeKey, localDiskStorage, UPLOADS_URL_PREFIX, type Storage } from './storage/storage.js';
import { MSG } from '../shared/errors.js';
import { apiDocsUiEnabled, publicUrlFromEnv } from './config.js';
import { usePtBrZodMessages } from '../shared/zod-pt-br.js';
import { FIRST_PAINT_FILES } from '../shared/first-paint-pages.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { AnswerCache, answerCacheBytesFromEnv, COMPRESS_FROM_BYTES, ENCODINGS } from './http/answer-cache.js';

export interface AppConfig {
  db: Db;
  /** Where reads that may lag go: a replica (DATABASE_REPLICA_URL, ADR 080); default every read on `db`. The caller closes it. */
  reads?: ReadRouter;
  dataDir: string;
  /** Built SPA to serve (dist/web); null serves the API only. */
  webDir?: string | null;
  logger?: FastifyServerOptions['logger'];
  secureCookies?: boolean;
  storage?: Storage;
  /** Rate limits; defaults from the environment (API_RATE_LIMIT, SIGNUP_RATE_LIMIT…). */
  limits?: Partial<Limits>;
  /** Where limit counters live; default Redis (REDIS_URL), else the database on PostgreSQL, else memory. */
  counterStore?: CounterStore;
  /** The clock the limits' windows and login waits are read from (default Date.now; tests freeze it). */
  clock?: () => number;
  /** Which proxies to believe for the client address (TRUST_PROXY); default none: the socket's address. */
  trustProxy?: TrustProxy;
  /** Serve the interactive API page at /api/docs; default from the environment ({@link apiDocsUiEnabled}). */
  apiDocsUi?: boolean;
  /** The token-guarded channel of the local commands; only the server that owns DATA_DIR opens it. */
  localAdmin?: LocalAdminOptions;
  /** A request not answered within this time gets a 503 (default 60 s). */
  handlerTimeoutMs?: number;
  /** 'zod' parses every answer with its zod schema before JSON.stringify (the bench's comparison); default compiled (ADR 020). */
  responseSerializer?: 'compiled' | 'zod';
  /** How e-mail leaves; default SMTP_URL, else files in DATA_DIR/outbox. */
  mailer?: Mailer;
  /** Base of links in e-mails; default PUBLIC_URL, else http://localhost:PORT (never the request's Host). */
  publicUrl?: string | null;
  /** Memory for kept answers of club reads (ADR 026); default ANSWER_CACHE_MB (16 MB); 0 turns it off. */
  answerCacheBytes?: number;
  /** Bearer token of GET /metrics; default METRICS_TOKEN; none: /metrics answers 404. */
  metricsToken?: string | null;
  /** Push sender and endpoint rules (tests use a local receiver). */
  notifications?: NotificationOptions;
}

// ioredis costs ~20 MB and a few hundred ms to load: only a server with REDIS_URL loads it.
const loadRedis = () => (requireLazily('ioredis') as { Redis: typeof Redis }).Redis;

/** The rate-limit counters of the engine; `now` is the clock the windows are cut from (tests freeze it). */
function defaultCounterStore(db: Db, now: () => number = Date.now): CounterStore {
  if (process.env.REDIS_URL) return redisCounterStore(new (loadRedis())(process.env.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 1 }), now);
  // The embedded database has one owner process, so its memory is the one shared store.
  return db.engine === 'pglite' ? memoryCounterStore(now) : databaseCounterStore(db, now);
}

/** Builds the whole HTTP application around an open database. Tests call this in-process. */
/** The client routes behind a sign-in, whose first paint is the menu (the shell page preloads it). */
const SIGNED_IN_AREA = /^\/(dashboard|superadmin)(\/|$)/;
const INDEX_PAGE = 'index.html';
const SHELL_PAGE = 'shell.html';

/** A client's or proxy's request id when it is a plain token (no spaces or control characters, up to 128), else a new one. */
export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && /^[A-Za-z0-9._:-]{1,128}$/.test(header) ? header : crypto.randomUUID();
}

export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  // Every schema check without a message of its own answers in pt-BR (issue 31).
  usePtBrZodMessages();
  const app = Fastify({
    logger: config.logger ?? false,
    trustProxy: config.trustProxy ?? trustProxyFromEnv(process.env.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // A client has this long to send its whole request, and the server this long to answer it (then 503).
    requestTimeout: 60_000,
    handlerTimeout: config.handlerTimeoutMs ?? 60_000,
    // Uploads and request ids in logs; the id also goes back to the client for support (X-Request-Id,
    // and the web error page's 'Código do erro'). A proxy's X-Request-Id is kept when it is a plain token.
    genReqId: (raw) => requestIdOf(raw.headers['x-request-id']),
    // Refusals the router makes before any route runs answer in the API's error envelope too.
    frameworkErrors: (err, req, reply: FastifyReply) => {
      const status = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      const message = status === 414 ? 'Endereço longo demais.' : MSG.invalidData;
      return reply.status(status).header('X-Request-Id', req.id).send({ error: { code: 'bad_request', message } });
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(config.responseSerializer === 'zod' ? zodParsingSerializerCompiler : compiledSerializerCompiler);
  // The request id goes back on every answer, set when the request arrives: the first hook, so a refusal
  // by any later one carries it too; a plain callback, no promise per request. Among the reply's own
  // headers, not on the raw response: one header set there sends every other header of the answer
  // through Node's setHeader one by one when Fastify writes them (writeHead's slow case).
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('X-Request-Id', req.id);
    done();
  });

  const uploadsDir = path.join(config.dataDir, 'uploads');
  await mkdir(uploadsDir, { recursive: true });
  app.decorate('db', config.db);
  app.decorate('storage', config.storage ?? localDiskStorage(uploadsDir));
  const limits: Limits = { ...limitsFromEnv(), ...config.limits };
  const clock = config.clock ?? Date.now;
  const counterStore = config.counterStore ?? defaultCounterStore(config.db, clock);
  app.decorate('limits', limits);
  app.decorate('counterStore', counterStore);
  app.decorate('loginThrottle', new LoginThrottle(counterStore, limits, clock));
  const reads = config.reads ?? primaryReads(config.db);
  app.decorate('reads', reads);
  app.decorate('answers', new AnswerCache(config.answerCacheBytes ?? answerCacheBytesFromEnv(), reads));
  // Built on a migrated database, the app is ready until a stop begins.
  app.decorate('lifecycle', { draining: false });
  app.addHook('onClose', async () => counterStore.close());
  app.decorate('config', {
    dataDir: config.dataDir,
    secureCookies: config.secureCookies ?? false,
    webDir: config.webDir ?? null,
    publicUrl: config.publicUrl ? config.publicUrl.replace(/\/+$/, '') : publicUrlFromEnv(),
  });
  const outboxDir = path.join(config.dataDir, 'outbox');
  const mailer = config.mailer ?? mailerFromEnv(config.dataDir, process.env, (file) => app.log.info({ file }, 'e-mail gravado na caixa de saída'));
  app.decorate('mail', createMailService(app, mailer, outboxDir));
  app.addHook('onClose', async () => app.mail.close());
  app.decorate('notifications', createNotificationService(app, config.notifications));
  app.addHook('onClose', async () => app.notifications.close());

  registerSecurityHeaders(app);
  // Brotli or gzip (as the client accepts) for JSON and the SPA's static files from 1 KB up; types
  // that are already compressed (images, PDFs) are left alone. Request bodies are not decompressed.
  // Before the routes: the plugin hooks every route registered after it.
  await app.register(compress, { encodings: [...ENCODINGS], threshold: COMPRESS_FROM_BYTES, globalDecompression: false });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 25 * 1024 * 1024, files: 1, fields: 10 } });
  await app.register(swagger, {
    openapi: { info: { title: 'Trilha API', version: '0.1.0', description: 'API do Trilha' } },
    transformObject: (doc) => ('openapiObject' in doc ? contractDocument(doc.openapiObject as OpenAPIV3.Document) : doc.swaggerObject),
    // Each operation's summary says who may call it, from the route's declared permission.
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const summary = summaryWithPermission(out.schema.summary, input.route.config?.permission);
      return summary === undefined ? out : { ...out, schema: { ...out.schema, summary } };
    },
  });
  // Every /api path and its methods, for 405 answers; before the first route (the API documentation's).
  const methods = trackAllowedMethods(app);
  // Every route as registered, for the test that walks them against the permission table.
  const routeCatalog: RouteOptions[] = [];
  app.decorate('routeCatalog', routeCatalog);
  app.addHook('onRoute', (route) => {
    // The API's own documentation (the OpenAPI document and its page) is public.
    if (route.url.startsWith('/api/docs') && !route.config?.permission) route.config = { ...route.config, permission: 'public' };
    checkRouteDeclaration(route);
    routeCatalog.push(route);
  });
  if (config.apiDocsUi ?? apiDocsUiEnabled()) {
    // Loaded only when the page is on (not in production by default).
    await app.register(import('@fastify/swagger-ui'), { routePrefix: '/api/docs', staticCSP: true });
  } else {
    // Without the interactive page the OpenAPI document stays available for clients and tooling.
    app.get('/api/docs/json', { schema: { hide: true }, config: { permission: 'public' } }, () => app.swagger());
  }
  // Runs before the session lookup: an account already over its limit is refused without touching the database.
  const early = new EarlyRefusal();
  app.addHook('onRequest', (req, _reply, done) => {
    if (!req.url.startsWith('/api/') || limits.apiPerMinute === 0) return done();
    const wait = early.waitFor(req.cookies[SESSION_COOKIE]);
    done(wait > 0 ? tooManyRequests(wait / 1000) : undefined);
  });
  await app.register(authPlugin);
  await app.register(loginDaysPlugin);
  app.addHook('preValidation', refuseWritesToDeactivatedClub);
  app.addHook('preValidation', enforceDeclaredPermission);
  decorateClubAccess(app);
  registerErrorHandler(app);
  await registerRateLimits(app, counterStore, limits, early);
  registerNulGuard(app);
  // Two connections stay free of any one route's load (issue 11); PGlite's single one is shared by design.
  const bulkhead = config.db.connections > 2 ? newBulkheadStats() : null;
  // Before the routes, so its counting hook sees every one of them.
  await registerMetrics(app, config.metricsToken === undefined ? metricsTokenFromEnv() : config.metricsToken, bulkhead);
  if (bulkhead) registerRouteBulkhead(app, { perRoute: config.db.connections - 2, maxWaitMs: 15_000 }, bulkhead);

  methods.refuseShadowedMethods();
  const allowedMethods = methods.allowedMethods;
  for (const routes of domainRoutes) await app.register(routes);
  if (config.localAdmin) await app.register(localAdminRoutes, config.localAdmin);

  // Only club logos are public; other uploads (submission evidence) go through authorised routes.
  // On local disk they are static files; in a shared bucket (several instances) the app reads them from it.
  const storage = app.storage;
  if ('root' in storage && typeof storage.root === 'string') {
    await mkdir(path.join(storage.root, 'logos'), { recursive: true });
    await app.register(fastifyStatic, {
      root: path.join(storage.root, 'logos'),
      prefix: `${UPLOADS_URL_PREFIX}logos/`,
      decorateReply: false,
      index: false,
      cacheControl: false,
      setHeaders: (res) => res.header('Cache-Control', 'public, max-age=3600'),
    });
  } else {
    app.get(`${UPLOADS_URL_PREFIX}logos/*`, { config: { permission: 'public' }, schema: { hide: true } }, async (req, reply) => {
      const file = (req.params as { '*': string })['*'];
      const bytes = isSafeKey(file) ? await storage.get(`logos/${file}`) : null;
      if (!bytes) return reply.status(404).send({ error: { code: 'not_found', message: MSG.notFound } });
      const type = await fileTypeOf(bytes);
      return reply.header('Cache-Control', 'public, max-age=3600').type(type?.mime ?? 'application/octet-stream').send(Buffer.from(bytes));
    });
  }

  const webDir = config.webDir && existsSync(path.join(config.webDir, 'index.html')) ? config.webDir : null;
  if (webDir) {
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset: sent as they are to clients that accept them.
      preCompressed: true,
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  }
  const signedInPage = webDir && existsSync(path.join(webDir, SHELL_PAGE)) ? SHELL_PAGE : INDEX_PAGE;
  const firstPaint = new Map<string, string>(Object.entries(FIRST_PAINT_FILES).filter(([, file]) => webDir && existsSync(path.join(webDir, file))));
  // A browser with a session cookie gets the app itself for /login: it goes on to the dashboard at once,
  // instead of showing a form whose scripts wait for a touch (ADR 093). Only the cookie's presence is read.
  const pageFor = (pathname: string, signedIn: boolean) =>
    (signedIn ? undefined : firstPaint.get(pathname.endsWith('/') ? pathname.slice(0, -1) : pathname)) ?? (SIGNED_IN_AREA.test(pathname) ? signedInPage : INDEX_PAGE);
  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0] ?? '';
    const allowed = pathname.startsWith('/api/') ? allowedMethods(pathname) : [];
    if (allowed.length > 0) {
      return reply.status(405).header('Allow', allowed.join(', ')).send({ error: { code: 'method_not_allowed', message: MSG.methodNotAllowed } });
    }
    if (req.url.startsWith('/api/') || req.url.startsWith(UPLOADS_URL_PREFIX) || !webDir || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.status(404).send({ error: { code: 'not_found', message: MSG.notFound } });
    }
    // History fallback: every client route is served the SPA shell; the signed-in areas get the copy
    // that also preloads the menu's chunk (vite.config.ts, shellPage), and /login the copy with the
    // form already rendered (firstPaintPages).
    const signedIn = Boolean(req.cookies[SESSION_COOKIE]);
    const page = pageFor(pathname, signedIn);
    if (pageFor(pathname, !signedIn) !== page) reply.header('Vary', 'Cookie');
    return reply.header('Cache-Control', 'no-cache').sendFile(page, webDir);
  });

  return app;
}
