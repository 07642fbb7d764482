// npm run restore -- FILE : puts a backup back in place of DATA_DIR/pgdata (and uploads). The server must be stopped.
import path from 'node:path';
import { readEnv } from '../src/server/config.js';
import { restoreBackup } from '../src/server/backup/restore.js';
import { DataDirBusyError, lockDataDir } from '../src/server/data-dir/lock.js';

const file = process.argv[2];
if (!file) {
  console.error('Uso: npm run restore -- DATA_DIR/backups/trilha-AAAA-MM-DDTHH-MM-SS-mmmZ.tar.gz');
  process.exit(2);
}
const env = readEnv();
if (env.databaseUrl) {
  console.error('Com DATABASE_URL o Trilha usa o seu PostgreSQL: restaure com pg_restore ou psql (veja o README).');
  process.exit(1);
}
let lock;
try {
  lock = await lockDataDir(env.dataDir, { kind: 'command' });
} catch (err) {
  if (!(err instanceof DataDirBusyError)) throw err;
  const who = err.owner ? ` (pid ${err.owner.pid})` : '';
  console.error(
    err.owner?.kind === 'command'
      ? `${err.message} Nada foi alterado.`
      : `O Trilha está rodando com este DATA_DIR${who}: ${err.dataDir}. Pare o servidor antes de restaurar um backup. Nada foi alterado.`,
  );
  process.exit(1);
}
try {
  const result = await restoreBackup(env.dataDir, path.resolve(file));
  console.log(`Backup restaurado de ${file}.`);
  if (result.previousPgdata) console.log(`Os dados anteriores foram guardados em ${result.previousPgdata}.`);
  if (result.previousUploads) console.log(`Os arquivos anteriores foram guardados em ${result.previousUploads}.`);
} catch (err) {
  console.error(`O arquivo ${file} não é um backup válido do Trilha (${(err as Error).message}). Nada foi alterado.`);
  process.exitCode = 1;
} finally {
  await lock.release();
}
