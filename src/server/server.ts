import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app.js';
import { s3ConfigFromEnv, s3Storage } from './storage/s3.js';
import type { EnvConfig } from './config.js';
import { openDb, openReads, type Db, type ReadRouter } from './db/index.js';
import { migrate } from './db/migrate.js';
import { databaseTarget, waitForDatabase } from './db/connect.js';
import { backgroundJobs, startBackgroundJobs } from './jobs.js';
import type { BackgroundJob } from './background-job.js';
import { backupIsDue, removeUnfinishedBackups, writeBackup, type BackupInfo } from './backup/backup.js';
import { lockDataDir, type DataDirLock } from './data-dir/lock.js';
import { newLocalAdminToken, writeOwner, type DataDirOwner } from './data-dir/owner.js';

export interface RunningServer {
  app: FastifyInstance;
  db: Db;
  /**
   * Drains: readiness answers 503, no new connection is accepted, in-flight requests finish (up to
   * SHUTDOWN_TIMEOUT, then their connections are cut), background jobs stop between runs; then the
   * database closes and DATA_DIR is released.
   */
  stop(): Promise<void>;
}

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
        onWait: (owner, reason) =>
          console.log(
            reason === 'exiting'
              ? `O Trilha anterior (pid ${owner.pid}) está parando; aguardando ele liberar o DATA_DIR (até 15 s)…`
              : `Aguardando o comando do Trilha (pid ${owner.pid}) terminar de usar o DATA_DIR…`,
          ),
        onCompromised: (err) => {
          app?.log.fatal({ err }, 'DATA_DIR lock lost');
          opts.onLockLost?.(err);
        },
      })
    : null;
  let db: Db | undefined;
  let reads: ReadRouter | undefined;
  let owner: DataDirOwner | undefined;
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
      databaseDirectUrl: env.databaseDirectUrl,
      dataDir: env.dataDir,
      statementTimeoutMs: env.statementTimeoutMs,
      pgliteSettings: env.pgliteSettings,
    });
    if (env.databaseUrl) {
      const url = env.databaseUrl;
      await waitForDatabase(db, {
        url,
        timeoutMs: env.dbConnectTimeoutMs,
        onRetry: (reason) => console.log(`Aguardando o PostgreSQL de DATABASE_URL (${databaseTarget(url)}) aceitar conexões (${reason}; até ${env.dbConnectTimeoutMs / 1000} s)…`),
      });
    }
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
    // The replica's pool opens now; its probe puts it in use once it answers (ADR 080).
    // The app's logger once it is built: the first probe may answer before.
    const replicaLog: { to?: FastifyInstance['log'] } = {};
    reads = openReads(db, {
      databaseReplicaUrl: env.databaseReplicaUrl,
      databaseDirectUrl: env.databaseDirectUrl,
      statementTimeoutMs: env.statementTimeoutMs,
      maxLagMs: env.replicaMaxLagMs,
      log: (state, detail) => {
        if (state === 'up') replicaLog.to?.info({ replica: state, detail }, 'réplica em uso');
        else replicaLog.to?.warn({ replica: state, detail }, 'réplica fora de uso: leituras no primário');
      },
    });
    app = await buildApp({
      db,
      reads,
      dataDir: env.dataDir,
      webDir: env.webDir,
      secureCookies: env.production,
      logger: { level: process.env.LOG_LEVEL ?? 'info' },
      localAdmin: token ? { token, backup: backup ?? undefined } : undefined,
      ...(s3 ? { storage: s3Storage(s3) } : {}),
    });
    replicaLog.to = app.log;
    if (applied.length) app.log.info({ applied }, 'migrations applied');
    if (unfinished.length) app.log.warn({ unfinished }, 'unfinished backups removed');
    await app.listen({ port: env.port, host: env.host });
    if (token) {
      const { port } = app.server.address() as AddressInfo;
      owner = { pid: process.pid, kind: 'server', startedAt: new Date().toISOString(), url: localUrl(env.host, port), token };
      await writeOwner(env.dataDir, owner);
    }
  } catch (err) {
    await app?.close().catch(() => undefined);
    await reads?.close().catch(() => undefined);
    await db?.close().catch(() => undefined);
    await lock?.release();
    throw err;
  }
  const running = app;
  const database = db;
  const replicaReads = reads;
  const jobs = backup ? [...backgroundJobs, dailyBackupJob(env.dataDir, backup)] : backgroundJobs;
  const stopJobs = opts.jobs === false ? async () => undefined : startBackgroundJobs(running, jobs, opts.jobsFirstRunAfterMs ?? JOBS_FIRST_RUN_AFTER_MS);
  running.log.info({ engine: database.engine, dataDir: env.dataDir }, 'Trilha pronto');

  let stopping: Promise<void> | undefined;
  return {
    app: running,
    db: database,
    stop() {
      stopping ??= (async () => {
        running.lifecycle.draining = true;
        // A start that finds this owner stopping waits for it instead of refusing (a supervisor restarts
        // as soon as it sees the process it watches exit, which may be npm, not this one).
        const stoppingOwner = owner && { ...owner, stopping: true };
        if (stoppingOwner) await writeOwner(env.dataDir, stoppingOwner).catch(() => undefined);
        const jobsStopped = stopJobs();
        // Its processes killed, a backup removes its unfinished files before the database closes.
        stopBackups.abort();
        // Connections busy when the stop began finish their response first; closing them as soon as they
        // turn idle keeps a keep-alive client from holding the shutdown for the 72 s keep-alive timeout.
        const sweep = setInterval(() => running.server.closeIdleConnections(), 100);
        const cut = setTimeout(() => running.server.closeAllConnections(), env.shutdownTimeoutMs);
        let giveUp: NodeJS.Timeout | undefined;
        try {
          await Promise.all([
            running.close(),
            Promise.allSettled([...backupsUnderWay]),
            // A job still running at the deadline is not waited for any longer: the database closes after its statement.
            Promise.race([jobsStopped, new Promise((resolve) => (giveUp = setTimeout(resolve, env.shutdownTimeoutMs)))]),
          ]);
        } finally {
          clearInterval(sweep);
          clearTimeout(cut);
          clearTimeout(giveUp);
        }
        await replicaReads?.close();
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
