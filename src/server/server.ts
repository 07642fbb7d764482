import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { EnvConfig } from './config.js';
import { openDb, type Db } from './db/index.js';
import { migrate } from './db/migrate.js';
import { startBackgroundJobs } from './jobs.js';

export interface RunningServer {
  app: FastifyInstance;
  db: Db;
  /** Stops the timers, waits for in-flight requests (and their writes), then closes the database. */
  stop(): Promise<void>;
}

/** Opens the database, migrates, builds the app, starts the background jobs and listens. */
export async function startServer(env: EnvConfig, opts: { jobs?: boolean } = {}): Promise<RunningServer> {
  const db = await openDb({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  const applied = await migrate(db);
  const app = await buildApp({
    db,
    dataDir: env.dataDir,
    webDir: env.webDir,
    secureCookies: env.production,
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
  });
  if (applied.length) app.log.info({ applied }, 'migrations applied');
  const stopJobs = opts.jobs === false ? () => undefined : startBackgroundJobs(app);
  await app.listen({ port: env.port, host: env.host });
  app.log.info({ engine: db.engine, dataDir: env.dataDir }, 'Trilha pronto');

  let stopping: Promise<void> | undefined;
  return {
    app,
    db,
    stop() {
      stopping ??= (async () => {
        stopJobs();
        // Connections busy when the stop began finish their response first; closing them as soon as they
        // turn idle keeps a keep-alive client from holding the shutdown for the 72 s keep-alive timeout.
        const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
        try {
          await app.close();
        } finally {
          clearInterval(sweep);
        }
        await db.close();
      })();
      return stopping;
    },
  };
}
