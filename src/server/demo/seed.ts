import type { Db } from '../db/index.js';
import { dbInTransaction } from '../db/in-transaction.js';
import { DEMO_SLUG, seedDemoClub } from './base.js';
import type { DemoStep } from './context.js';
import { seedDemoPeriods } from '../periods/demo-seed.js';
import { seedDemoInvitations } from '../members/demo-seed.js';
import { seedDemoTasks } from '../tasks/demo-seed.js';
import { seedDemoRecurring } from '../recurring/demo-seed.js';
import { seedFinance } from '../finance/demo-seed.js';
import { seedGamification } from '../progress/demo-seed.js';
import { seedDemoMeetings } from '../meetings/demo-seed.js';
import { seedDemoProgramme } from '../programme/demo-seed.js';
import { seedDemoCharges } from '../charges/demo-seed.js';
import { seedDemoEvents } from '../events/demo-seed.js';
import { seedDemoCamps } from '../camps/demo-seed.js';
import { seedDemoPatrimonio } from '../patrimonio/demo-seed.js';
import { seedDemoSecretaria } from '../secretaria/demo-seed.js';
import { seedDemoPastas } from '../secretaria/pasta-demo-seed.js';
import { seedDemoGuardian, seedDemoInstructor } from './people.js';
import { seedDemoAssociacao } from '../associacao/demo-seed.js';
import { seedDemoPlan } from '../associacao/plan-demo-seed.js';
import { seedDemoEvaluation } from '../associacao/evaluation-demo-seed.js';
import type { Storage } from '../storage/storage.js';

/** Each domain adds its step; they run in this order after the club, units and members exist. */
const steps: DemoStep[] = [
  seedDemoPeriods,
  seedDemoInvitations,
  seedDemoTasks,
  seedDemoRecurring,
  seedFinance,
  seedDemoCharges,
  seedDemoEvents,
  seedDemoCamps,
  seedGamification,
  seedDemoGuardian,
  seedDemoMeetings,
  seedDemoProgramme,
  seedDemoInstructor,
  seedDemoPatrimonio,
  seedDemoAssociacao,
  seedDemoPlan,
  seedDemoSecretaria,
  seedDemoPastas,
  seedDemoEvaluation,
];

/**
 * Fills the demo club once (npm run seed:demo, directly or through the running server), in one transaction:
 * a step that fails leaves nothing behind, so the next run starts from scratch instead of finding a half
 * club and answering "já existe" forever. `storage`: the running server's uploads (default DATA_DIR/uploads).
 */
export async function seedDemo(db: Db, storage?: Storage, cardSecret?: Buffer): Promise<{ created: boolean }> {
  return db.transaction(async (tx) => {
    // Two runs at once: the second waits here for the first to commit, then finds the club.
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('trilha-seed-demo'))`);
    const existing = await tx.query('SELECT 1 FROM clubs WHERE slug = $1', [DEMO_SLUG]);
    if (existing.length > 0) return { created: false };
    const ctx = { ...(await seedDemoClub(dbInTransaction(db, tx), storage)), cardSecret };
    for (const step of steps) await step(ctx);
    return { created: true };
  });
}
