import { readEnv } from './config.js';
import { DataDirBusyError } from './data-dir/lock.js';
import { startServer, type RunningServer } from './server.js';

let server: RunningServer;
try {
  server = await startServer(readEnv(), {
    // Another process took DATA_DIR over: stop writing at once rather than corrupt it.
    onLockLost: () => process.exit(1),
  });
} catch (err) {
  if (err instanceof DataDirBusyError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

async function shutdown(signal: string) {
  server.app.log.info({ signal }, 'shutting down');
  await server.stop();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
