// npx tsx bench/club-lists.ts : a page of a big club's members, transactions and approvals queue costs
// the same after row 900 as the first page (keyset), unlike OFFSET 900. Generates 5 clubs × 2,000
// members (2,000 transactions and 2,000 pending submissions each) with bench/platform-data.ts.
// BENCH_DATABASE_URL=postgres://…/db_to_wipe adds a PostgreSQL run (its public schema is dropped).
import { onEachEngine } from './engines.js';
import { migrate } from '../src/server/db/migrate.js';
import type { Db } from '../src/server/db/index.js';
import { listMembersPage } from '../src/server/members/repo.js';
import { listTransactionsPage } from '../src/server/finance/repo.js';
import { listSubmissionsPage } from '../src/server/progress/repo.js';
import { generatePlatform } from './platform-data.js';
import { medianTime } from './median-time.js';

const SIZE = { clubs: 5, members: 2000, units: 6, tasks: 2, transactions: 2000 };
const ROW = 900;

async function benchEngine(engine: string, db: Db): Promise<void> {
  await migrate(db);
  await generatePlatform(db, SIZE);
  if (db.engine === 'postgres') await db.exec('ANALYZE');
  const [club] = await db.query<{ id: string }>(`SELECT id FROM clubs WHERE slug = 'clube-3'`);
  if (!club) throw new Error('generated club not found');
  const all = { search: '', unitId: undefined, status: 'all' as const };
  const noTx = { cashAccountId: null, type: undefined, from: null, to: null };

  const [m] = await db.query<{ at: string; id: string }>(
    `SELECT created_at::text AS at, id FROM club_members WHERE club_id = $1 ORDER BY created_at DESC, id DESC OFFSET ${ROW - 1} LIMIT 1`, [club.id]);
  const first = await medianTime('members, first page of 50', engine, () => listMembersPage(db, club.id, true, all, null, 50));
  const after = m ? await medianTime(`members, page after row ${ROW} (keyset)`, engine, () => listMembersPage(db, club.id, true, all, [m.at, m.id], 50)) : NaN;
  // The bare row query, both ways (no count, no joins): what OFFSET costs that the cursor does not.
  const bare = `SELECT cm.id FROM club_members cm WHERE cm.club_id = $1`;
  const offset = await medianTime(`members rows only, OFFSET ${ROW}`, engine, () => db.query(
    `${bare} ORDER BY cm.created_at DESC, cm.id DESC OFFSET ${ROW} LIMIT 51`, [club.id]));
  const keyset = m ? await medianTime(`members rows only, after row ${ROW} (keyset)`, engine, () => db.query(
    `${bare} AND (cm.created_at, cm.id) < ($2::timestamptz, $3::uuid) ORDER BY cm.created_at DESC, cm.id DESC LIMIT 51`, [club.id, m.at, m.id])) : NaN;

  const [t] = await db.query<{ d: string; at: string; id: string }>(
    `SELECT transaction_date::text AS d, created_at::text AS at, id FROM transactions WHERE club_id = $1
      ORDER BY transaction_date DESC, created_at DESC, id DESC OFFSET ${ROW - 1} LIMIT 1`, [club.id]);
  const tFirst = await medianTime('transactions, first page of 20', engine, () => listTransactionsPage(db, club.id, noTx, null, 20));
  const tAfter = t ? await medianTime(`transactions, page after row ${ROW} (keyset)`, engine, () => listTransactionsPage(db, club.id, noTx, [t.d, t.at, t.id], 20)) : NaN;

  const [s] = await db.query<{ at: string; id: string }>(
    `SELECT created_at::text AS at, id FROM task_submissions WHERE club_id = $1 AND status = 'submitted' ORDER BY created_at, id OFFSET ${ROW - 1} LIMIT 1`, [club.id]);
  const sFirst = await medianTime('approvals (pending), first page of 50', engine, () => listSubmissionsPage(db, club.id, 'submitted', null, null, 50));
  const sAfter = s ? await medianTime(`approvals (pending), page after row ${ROW} (keyset)`, engine, () => listSubmissionsPage(db, club.id, 'submitted', null, [s.at, s.id], 50)) : NaN;

  console.log(`[${engine}] after row ${ROW} ÷ first page: members ${(after / first).toFixed(2)}, transactions ${(tAfter / tFirst).toFixed(2)}, approvals ${(sAfter / sFirst).toFixed(2)}; rows only, OFFSET ${ROW} ÷ keyset: ${(offset / keyset).toFixed(2)}`);
  await db.close();
}

await onEachEngine(benchEngine);
process.exit(0);
