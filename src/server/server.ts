import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app.js';
import { s3ConfigFromEnv, s3Storage } from './storage/s3.js';
import type { EnvConfig } from './config.js';
import { openDb, type Db } from './db/index.js';
import { migrate } from './db/migrate.js';
import { backgroundJobs, startBackgroundJobs, type BackgroundJob } from './jobs.js';
import { backupIsDue, removeUnfinishedBackups, writeBackup, type BackupInfo } from './backup/backup.js';
import { lockDataDir, type DataDirLock } from './data-dir/lock.js';
import { newLocalAdminToken, writeOwner } from './data-dir/owner.js';

export interface RunningServer {
  app: FastifyInstance;
  db: Db;
  /** Stops the timers, waits for in-flight requests (bounded), closes the database, then releases DATA_DIR. */
  stop(): Promise<void>;
}

// In-flight requests get this long to finish once a stop begins; then their connections are cut.
const SHUTDOWN_GRACE_MS = 10_000;
// The background jobs first run this long after the server listens: clients coming back after a restart
// are answered first instead of waiting behind the jobs' catch-up (the embedded engine has one connection).
const JOBS_FIRST_RUN_AFTER_MS = 2_000;

/** The URL a local command reaches this server on (a wildcard listen address is reached on loopback). */
function localUrl(host: string, port: number): string {
  if (host === '0.0.0.0' || host === '') return `http://127.0.0.1:${port}`;
  if (host === '::') return `http://[::1]:${port}`;
  return host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`;
}

/**
 * Locks DATA_DIR (embedded engine), opens the database, migrates, builds the app, starts the background
 * jobs and listens. Throws DataDirBusyError, touching nothing, when another process owns DATA_DIR.
 */
export async function startServer(
  env: EnvConfig,
  opts: { jobs?: boolean; jobsFirstRunAfterMs?: number; onLockLost?: (err: Error) => void } = {},
): Promise<RunningServer> {
  const embedded = !env.databaseUrl;
  let app: FastifyInstance | undefined;
  const lock: DataDirLock | null = embedded
    ? await lockDataDir(env.dataDir, {
        kind: 'server',
        waitForCommandMs: 120_000,
        onWait: (owner) => console.log(`Aguardando o comando do Trilha (pid ${owner.pid}) terminar de usar o DATA_DIR…`),
        onCompromised: (err) => {
          app?.log.fatal({ err }, 'DATA_DIR lock lost');
          opts.onLockLost?.(err);
        },
      })
    : null;
  let db: Db | undefined;
  let backup: (() => Promise<BackupInfo>) | null = null;
  // Stopping the server stops a backup under way (its cp/tar killed, its files removed).
  const stopBackups = new AbortController();
  const backupsUnderWay = new Set<Promise<BackupInfo>>();
  try {
    // A process stopped mid-backup leaves its copy behind (the size of the data each time): removed
    // now that this process owns DATA_DIR.
    const unfinished = lock ? await removeUnfinishedBackups(env.dataDir) : [];
    // Node loads its fetch classes (undici, ~100 ms) the first time anything names Response, and the
    // compress plugin does on every answer: loaded here, it runs while the database reads its files
    // instead of delaying the first answer after a restart.
    setImmediate(() => void globalThis.Response);
    db = await openDb({
      databaseUrl: env.databaseUrl,
      dataDir: env.dataDir,
      statementTimeoutMs: env.statementTimeoutMs,
      pgliteSettings: env.pgliteSettings,
    });
    const applied = await migrate(db, undefined, {
      onWait: () => console.log('Outra instância do Trilha está aplicando as migrações neste banco; aguardando ela terminar…'),
    });
    const s3 = s3ConfigFromEnv();
    const token = embedded ? newLocalAdminToken() : null;
    const snapshotter = db.snapshotTo ? { snapshotTo: db.snapshotTo.bind(db) } : null;
    backup = snapshotter
      ? () => {
          const writing = writeBackup(snapshotter, env.dataDir, env.backupKeep, new Date(), stopBackups.signal);
          backupsUnderWay.add(writing);
          void writing.catch(() => undefined).finally(() => backupsUnderWay.delete(writing));
          return writing;
        }
      : null;
    app = await buildApp({
      db,
      dataDir: env.dataDir,
      webDir: env.webDir,
      secureCookies: env.production,
      logger: { level: process.env.LOG_LEVEL ?? 'info' },
      localAdmin: token ? { token, backup: backup ?? undefined } : undefined,
      ...(s3 ? { storage: s3Storage(s3) } : {}),
    });
    if (applied.length) app.log.info({ applied }, 'migrations applied');
    if (unfinished.length) app.log.warn({ unfinished }, 'unfinished backups removed');
    await app.listen({ port: env.port, host: env.host });
    if (token) {
      const { port } = app.server.address() as AddressInfo;
      await writeOwner(env.dataDir, { pid: process.pid, kind: 'server', startedAt: new Date().toISOString(), url: localUrl(env.host, port), token });
    }
  } catch (err) {
    await app?.close().catch(() => undefined);
    await db?.close().catch(() => undefined);
    await lock?.release();
    throw err;
  }
  const running = app;
  const database = db;
  const jobs = backup ? [...backgroundJobs, dailyBackupJob(env.dataDir, backup)] : backgroundJobs;
  const stopJobs = opts.jobs === false ? () => undefined : startBackgroundJobs(running, jobs, opts.jobsFirstRunAfterMs ?? JOBS_FIRST_RUN_AFTER_MS);
  running.log.info({ engine: database.engine, dataDir: env.dataDir }, 'Trilha pronto');

  let stopping: Promise<void> | undefined;
  return {
    app: running,
    db: database,
    stop() {
      stopping ??= (async () => {
        stopJobs();
        // Its processes killed, a backup removes its unfinished files before the database closes.
        stopBackups.abort();
        await Promise.allSettled([...backupsUnderWay]);
        // Connections busy when the stop began finish their response first; closing them as soon as they
        // turn idle keeps a keep-alive client from holding the shutdown for the 72 s keep-alive timeout.
        const sweep = setInterval(() => running.server.closeIdleConnections(), 100);
        const cut = setTimeout(() => running.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
        try {
          await running.close();
        } finally {
          clearInterval(sweep);
          clearTimeout(cut);
        }
        await database.close();
        await lock?.release();
      })();
      return stopping;
    },
  };
}

/** A snapshot at start when the newest is over a day old, then daily (checked hourly). */
function dailyBackupJob(dataDir: string, backup: () => Promise<unknown>): BackgroundJob {
  return {
    name: 'daily-backup',
    everyMs: 60 * 60 * 1000,
    async run(app) {
      if (!(await backupIsDue(dataDir))) return;
      try {
        app.log.info({ backup: await backup() }, 'backup written');
      } catch (err) {
        // Stopped with the server: the next start takes it again (it is still due).
        if (err instanceof Error && err.name === 'AbortError') app.log.info('backup stopped with the server');
        else throw err;
      }
    },
  };
}
