import { checkServerEnv, readEnv, type EnvConfig } from './config.js';
import { startServer, type RunningServer } from './server.js';
import { refuseStart } from './start-failure.js';

let server: RunningServer;
let env: EnvConfig;
try {
  checkServerEnv();
  env = readEnv();
  server = await startServer(env, {
    // Another process took DATA_DIR over: stop writing at once rather than corrupt it.
    onLockLost: () => process.exit(1),
  });
} catch (err) {
  refuseStart(err, process.env.DATABASE_URL ? 'postgres' : 'pglite');
}

let stopping = false;
async function shutdown(signal: string) {
  // npm start forwards the signal it got too: the second one is the same request to stop.
  if (stopping) return;
  stopping = true;
  const { shutdownTimeoutMs } = env;
  server.app.log.info({ signal, shutdownTimeoutMs }, 'shutting down');
  // The drain is bounded; should closing the database hang past it, the process still ends.
  setTimeout(() => {
    server.app.log.error('shutdown took too long; exiting');
    process.exit(1);
  }, shutdownTimeoutMs + 10_000).unref();
  await server.stop();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
