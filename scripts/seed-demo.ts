// npm run seed:demo : fills a demo club so a newcomer sees a living product in one minute.
import { readEnv } from '../src/server/config.js';
import { openDb } from '../src/server/db/index.js';
import { migrate } from '../src/server/db/migrate.js';
import { DEMO_ADMIN, DEMO_SLUG, seedDemoClub } from '../src/server/demo/base.js';
import type { DemoStep } from '../src/server/demo/context.js';
import { seedDemoPeriods } from '../src/server/periods/demo-seed.js';
import { seedDemoInvitations } from '../src/server/members/demo-seed.js';
import { seedDemoTasks } from '../src/server/tasks/demo-seed.js';
import { seedDemoRecurring } from '../src/server/recurring/demo-seed.js';
import { seedFinance } from '../src/server/finance/demo-seed.js';

/** Each domain adds its step; they run in this order after the club, units and members exist. */
const steps: DemoStep[] = [
  seedDemoPeriods,
  seedDemoInvitations,
  seedDemoTasks,
  seedDemoRecurring,
  seedFinance,
];

const env = readEnv();
const db = await openDb({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
await migrate(db);
const existing = await db.query('SELECT 1 FROM clubs WHERE slug = $1', [DEMO_SLUG]);
if (existing.length > 0) {
  console.log(`O clube de demonstração (${DEMO_SLUG}) já existe. Nada foi alterado.`);
} else {
  const ctx = await seedDemoClub(db);
  for (const step of steps) await step(ctx);
  console.log(`Clube de demonstração criado. Entre com ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
}
await db.close();
