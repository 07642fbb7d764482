import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.js';

export const PGBOUNCER = process.env.PGBOUNCER_BIN ?? '/usr/sbin/pgbouncer';

/** A PgBouncer in transaction mode, with its ordinary settings, in front of the PostgreSQL of `directUrl`. */
export interface Pgbouncer {
  port: number;
  /** `url` with host and port replaced by the pooler's. */
  through(url: string): string;
  stop(): Promise<void>;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

/**
 * Starts Debian's pgbouncer on a free port in a temp dir: pool_mode = transaction, only extra_float_digits
 * ignored among startup parameters (a `statement_timeout` sent at connect is refused, as in production),
 * every database forwarded to the PostgreSQL of `directUrl` (trust auth, its user in the auth_file).
 * As root it drops to the `postgres` user (pgbouncer refuses to run as root).
 */
export async function startPgbouncer(directUrl: string, opts: { poolSize?: number } = {}): Promise<Pgbouncer> {
  const target = new URL(directUrl);
  const user = decodeURIComponent(target.username || 'postgres');
  const dir = await mkdtemp(path.join(tmpdir(), 'trilha-pgbouncer-'));
  await chmod(dir, 0o755);
  const port = await freePort();
  const ini = path.join(dir, 'pgbouncer.ini');
  const users = path.join(dir, 'userlist.txt');
  await writeFile(users, `"${user}" "${decodeURIComponent(target.password)}"\n`, { mode: 0o644 });
  await writeFile(
    ini,
    [
      '[databases]',
      `* = host=${target.hostname} port=${target.port || '5432'}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${users}`,
      'pool_mode = transaction',
      'ignore_startup_parameters = extra_float_digits',
      'max_client_conn = 2000',
      `default_pool_size = ${opts.poolSize ?? 20}`,
      'log_connections = 0',
      'log_disconnections = 0',
      '',
    ].join('\n'),
    { mode: 0o644 },
  );
  const args = process.getuid?.() === 0 ? ['-u', 'postgres', ini] : [ini];
  const child: ChildProcess = spawn(PGBOUNCER, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    if (stderr.length < 20_000) stderr += d.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
      throw new Error(`pgbouncer did not start: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    port,
    through(url: string) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
