// npm run seed:demo : fills a demo club so a newcomer sees a living product in one minute.
// While the server runs, the work happens inside it (issue 11): the demo appears without a restart.
import { readEnv } from '../src/server/config.js';
import { DEMO_LOGINS, DEMO_PASSWORD, DEMO_SLUG } from '../src/server/demo/base.js';
import { seedDemo } from '../src/server/demo/seed.js';
import { loadNotificationKeys } from '../src/server/notifications/keys.js';
import { runCommandMain, runDataCommand } from '../src/server/data-dir/command.js';

await runCommandMain(async () => {
  const env = readEnv();
  const { created } = await runDataCommand(env, {
    viaServer: async (call) => (await call('seed-demo')) as { created: boolean },
    // The carteirinhas' QR tokens derive from the secret the server will read (NOTIFY_SECRET or DATA_DIR's key file).
    direct: async (db) => seedDemo(db, undefined, (await loadNotificationKeys(env.dataDir)).unsubscribeSecret),
  });
  if (created) {
    console.log(`Clube de demonstração criado. Entre com um destes e-mails, senha ${DEMO_PASSWORD}:`);
    for (const l of DEMO_LOGINS) console.log(`  ${l.email.padEnd(26)} ${l.who}`);
  } else console.log(`O clube de demonstração (${DEMO_SLUG}) já existe. Nada foi alterado.`);
});
