import { readEnv } from './config.js';
import { startServer } from './server.js';

const server = await startServer(readEnv());

async function shutdown(signal: string) {
  server.app.log.info({ signal }, 'shutting down');
  await server.stop();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
