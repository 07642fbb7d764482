// npm run backup : a snapshot of the embedded database and uploads in DATA_DIR/backups (through the running server if any).
import { readEnv } from '../src/server/config.js';
import { writeBackup, type BackupInfo } from '../src/server/backup/backup.js';
import { runCommandMain, runDataCommand } from '../src/server/data-dir/command.js';

const env = readEnv();
if (env.databaseUrl) {
  console.error('Com DATABASE_URL o Trilha usa o seu PostgreSQL: faça o backup com pg_dump (veja o README).');
  process.exit(1);
}
await runCommandMain(async () => {
  const info = await runDataCommand(env, {
    viaServer: async (call) => (await call('backup')) as BackupInfo,
    direct: async (db) => {
      if (!db.snapshotTo) throw new Error('engine without snapshots');
      return writeBackup({ snapshotTo: db.snapshotTo.bind(db) }, env.dataDir, env.backupKeep);
    },
  });
  console.log(`Backup criado: ${info.file} (${(info.size / 1024).toFixed(0)} KB).`);
});
