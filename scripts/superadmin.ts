// npm run superadmin -- EMAIL : promotes an existing account to super admin (through the running server if any).
import { readEnv } from '../src/server/config.js';
import { promoteToSuperAdmin } from '../src/server/auth/repo.js';
import { runCommandMain, runDataCommand } from '../src/server/data-dir/command.js';

const email = process.argv[2];
if (!email) {
  console.error('Uso: npm run superadmin -- email@exemplo.com');
  process.exit(2);
}
await runCommandMain(async () => {
  const { promoted } = await runDataCommand(readEnv(), {
    viaServer: async (call) => (await call('promote-superadmin', { email })) as { promoted: boolean },
    direct: async (db) => ({ promoted: await promoteToSuperAdmin(db, email) }),
  });
  if (!promoted) {
    console.error(`Nenhuma conta com o e-mail ${email}.`);
    process.exit(1);
  }
  console.log(`${email} agora é super admin.`);
});
