import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from './db/index.js';
import './http/context.js';
import { registerErrorHandler } from './http/errors.js';
import { authPlugin } from './auth/plugin.js';
import { LoginRateLimiter } from './auth/rate-limit.js';
import { domainRoutes } from './routes.js';
import { localDiskStorage, UPLOADS_URL_PREFIX, type Storage } from './storage/storage.js';
import { MSG } from '../shared/errors.js';

export interface AppConfig {
  db: Db;
  dataDir: string;
  /** Built SPA to serve (dist/web); null serves the API only. */
  webDir?: string | null;
  logger?: FastifyServerOptions['logger'];
  secureCookies?: boolean;
  storage?: Storage;
  loginLimiter?: LoginRateLimiter;
}

/** Builds the whole HTTP application around an open database. Tests call this in-process. */
export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logger ?? false,
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    // Uploads and request ids in logs; the id also goes back to the client for support.
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const uploadsDir = path.join(config.dataDir, 'uploads');
  await mkdir(uploadsDir, { recursive: true });
  app.decorate('db', config.db);
  app.decorate('storage', config.storage ?? localDiskStorage(uploadsDir));
  app.decorate('loginLimiter', config.loginLimiter ?? new LoginRateLimiter({ email: 10, ip: 100 }, 15 * 60 * 1000));
  app.decorate('config', { dataDir: config.dataDir, secureCookies: config.secureCookies ?? false, webDir: config.webDir ?? null });

  await app.register(helmet, {
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
  });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 25 * 1024 * 1024, files: 1, fields: 10 } });
  await app.register(swagger, {
    openapi: { info: { title: 'Trilha API', version: '0.1.0', description: 'API do Trilha' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(authPlugin);
  registerErrorHandler(app);

  for (const routes of domainRoutes) await app.register(routes);

  // Only club logos are public; other uploads (submission evidence) go through authorised routes.
  await mkdir(path.join(uploadsDir, 'logos'), { recursive: true });
  await app.register(fastifyStatic, {
    root: path.join(uploadsDir, 'logos'),
    prefix: `${UPLOADS_URL_PREFIX}logos/`,
    decorateReply: false,
    index: false,
    cacheControl: false,
    setHeaders: (res) => res.header('Cache-Control', 'public, max-age=3600'),
  });

  const webDir = config.webDir && existsSync(path.join(config.webDir, 'index.html')) ? config.webDir : null;
  if (webDir) {
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.url.startsWith(UPLOADS_URL_PREFIX) || !webDir || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.status(404).send({ error: { code: 'not_found', message: MSG.notFound } });
    }
    // History fallback: every client route is served the SPA shell.
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html', webDir);
  });

  return app;
}
