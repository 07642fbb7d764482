import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.js';

const run = promisify(execFile);

/** Debian's PostgreSQL server binaries (initdb, pg_ctl, pg_basebackup); PG_BIN overrides. */
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** Whether this machine can start a primary and its streaming replica (the binaries are installed). */
export const canStartReplica = (): boolean => ['initdb', 'pg_ctl', 'pg_basebackup'].every((b) => existsSync(path.join(PG_BIN, b)));

/** A primary and a streaming replica of it (pg_basebackup -R), each on a free port, in one temp dir. */
export interface StreamingPair {
  /** postgres://postgres@127.0.0.1:port/db on the primary. */
  primaryUrl(db?: string): string;
  replicaUrl(db?: string): string;
  stopReplica(): Promise<void>;
  startReplica(): Promise<void>;
  /** Stops both servers and removes their files. */
  stop(): Promise<void>;
}

/** initdb and pg_ctl refuse to run as root: as root they run as the `postgres` user. */
async function asPostgres(bin: string, args: string[]): Promise<void> {
  const file = path.join(PG_BIN, bin);
  if (process.getuid?.() === 0) await run('runuser', ['-u', 'postgres', '--', file, ...args], { cwd: '/' });
  else await run(file, args);
}

async function postgresOwner(): Promise<{ uid: number; gid: number } | null> {
  if (process.getuid?.() !== 0) return null;
  const [{ stdout: uid }, { stdout: gid }] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
}

/**
 * Starts a throwaway primary (fsync off, trust auth on 127.0.0.1) and a hot standby streaming from it,
 * built by `pg_basebackup -R` as an operator would. Both are stopped and their files removed by stop().
 */
export async function startStreamingPair(): Promise<StreamingPair> {
  const dir = await mkdtemp(path.join(tmpdir(), 'trilha-replica-'));
  const owner = await postgresOwner();
  if (owner) await chown(dir, owner.uid, owner.gid);
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const primaryDir = path.join(dir, 'primary');
  const replicaDir = path.join(dir, 'replica');
  const settings = (port: number) =>
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c shared_buffers=32MB -c max_connections=60`;
  const startReplica = () => asPostgres('pg_ctl', ['-D', replicaDir, '-o', `${settings(replicaPort)} -c hot_standby_feedback=on`, '-l', path.join(dir, 'replica.log'), '-w', '-t', '30', 'start']);
  const stopCluster = (d: string) => asPostgres('pg_ctl', ['-D', d, '-m', 'fast', '-w', '-t', '30', 'stop']).catch(() => undefined);
  try {
    await asPostgres('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
    await asPostgres('pg_ctl', ['-D', primaryDir, '-o', settings(primaryPort), '-l', path.join(dir, 'primary.log'), '-w', '-t', '30', 'start']);
    await asPostgres('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', replicaDir, '-R', '-X', 'stream', '--checkpoint=fast', '--no-sync']);
    await startReplica();
  } catch (err) {
    await stopCluster(replicaDir);
    await stopCluster(primaryDir);
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
  const url = (port: number, db: string) => `postgres://postgres@127.0.0.1:${port}/${db}`;
  return {
    primaryUrl: (db = 'postgres') => url(primaryPort, db),
    replicaUrl: (db = 'postgres') => url(replicaPort, db),
    stopReplica: () => asPostgres('pg_ctl', ['-D', replicaDir, '-m', 'immediate', '-w', '-t', '30', 'stop']),
    startReplica,
    async stop() {
      await stopCluster(replicaDir);
      await stopCluster(primaryDir);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
