import { buildApp } from './app.js';
import { readEnv } from './config.js';
import { openDb } from './db/index.js';
import { migrate } from './db/migrate.js';
import { startBackgroundJobs } from './jobs.js';

const env = readEnv();
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
const stopJobs = startBackgroundJobs(app);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  stopJobs();
  // Stops accepting connections and waits for in-flight requests (and their writes) to finish.
  await app.close();
  await db.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: env.port, host: env.host });
app.log.info({ engine: db.engine, dataDir: env.dataDir }, 'Trilha pronto');
