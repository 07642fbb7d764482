// npm run superadmin -- EMAIL : promotes an existing account to super admin.
import { readEnv } from '../src/server/config.js';
import { openDb } from '../src/server/db/index.js';
import { migrate } from '../src/server/db/migrate.js';
import { promoteToSuperAdmin } from '../src/server/auth/repo.js';

const email = process.argv[2];
if (!email) {
  console.error('Uso: npm run superadmin -- email@exemplo.com');
  process.exit(2);
}
const env = readEnv();
const db = await openDb({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
await migrate(db);
const ok = await promoteToSuperAdmin(db, email);
await db.close();
if (!ok) {
  console.error(`Nenhuma conta com o e-mail ${email}.`);
  process.exit(1);
}
console.log(`${email} agora é super admin.`);
