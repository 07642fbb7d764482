// npx tsx bench/audit-log.ts : a page of the audit log (a club's 'Registro de atividades' and the
// platform's 'Auditoria') costs the same deep in the list as the first page (keyset), with and without
// a filter. Generates CLUBS clubs × LINES lines (PGlite: 50 × 2,000; PostgreSQL: 400 × 2,500 = 1M).
// BENCH_DATABASE_URL=postgres://…/db_to_wipe adds a PostgreSQL run (its public schema is dropped).
import { openPglite } from '../src/server/db/pglite.js';
import { openPostgres } from '../src/server/db/postgres.js';
import { migrate } from '../src/server/db/migrate.js';
import type { Db } from '../src/server/db/index.js';
import { listAudit, type AuditFilter } from '../src/server/audit/list.js';
import { encodeCursor } from '../src/server/db/cursor.js';
import { medianTime } from './median-time.js';

const ACTIONS = ['member.add', 'member.update', 'transaction.register', 'points.adjust', 'submission.approve', 'health.read', 'task.update', 'unit.create'];

async function generate(db: Db, clubs: number, lines: number): Promise<void> {
  await db.query(`INSERT INTO profiles (full_name) SELECT 'Pessoa ' || g FROM generate_series(1, 50) g`);
  await db.query(`INSERT INTO clubs (name, slug) SELECT 'Clube ' || g, 'clube-' || g FROM generate_series(1, $1::int) g`, [clubs]);
  await db.query(
    `WITH p AS (SELECT array_agg(id) AS ids FROM profiles)
     INSERT INTO audit_log (club_id, actor_id, action, entity, entity_id, after, at)
     SELECT c.id, p.ids[1 + g % 50], ($2::text[])[1 + (g % $3::int)], 'x', g::text,
            jsonb_build_object('name', 'Linha ' || g, 'amount', g), now() - (g * 37 % 500000) * interval '1 minute'
       FROM p, clubs c, generate_series(1, $1::int) g`,
    [lines, ACTIONS, ACTIONS.length],
  );
}

async function pair(engine: string, db: Db, label: string, f: AuditFilter, deep: number): Promise<void> {
  const rows = await db.query<{ at: string; id: string }>(
    `SELECT a.at::text AS at, a.id FROM audit_log a
      WHERE ($1::uuid IS NULL OR a.club_id = $1::uuid) AND ($2::text IS NULL OR split_part(a.action, '.', 1) = $2::text)
      ORDER BY a.at DESC, a.id DESC OFFSET $3 LIMIT 1`,
    [f.clubId, f.action, deep],
  );
  const row = rows[0];
  if (!row) throw new Error(`no row ${deep} for ${label}`);
  const cursor = encodeCursor([row.at, row.id]);
  const first = await medianTime(`${label}: page 1`, engine, () => listAudit(db, f, undefined, 50));
  const after = await medianTime(`${label}: page after row ${deep}`, engine, () => listAudit(db, f, cursor, 50));
  console.log(`[${engine}] ${label}: after row ${deep} / page 1 = ${(after / first).toFixed(2)}`);
}

async function benchEngine(engine: string, db: Db, clubs: number, lines: number): Promise<void> {
  await migrate(db);
  const t0 = performance.now();
  await generate(db, clubs, lines);
  if (db.engine === 'postgres') await db.exec('ANALYZE');
  console.log(`[${engine}] ${clubs * lines} audit lines in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const [club] = await db.query<{ id: string }>(`SELECT id FROM clubs WHERE slug = 'clube-3'`);
  if (!club) throw new Error('generated club not found');
  const base: AuditFilter = { clubId: club.id, action: null, actorId: null, from: null, to: null, timezone: 'America/Sao_Paulo' };
  await pair(engine, db, 'club log', base, Math.floor(lines * 0.9));
  await pair(engine, db, 'club log, action=transaction', { ...base, action: 'transaction' }, Math.floor(lines / 10));
  await pair(engine, db, 'platform log', { ...base, clubId: null }, 2000);
  await pair(engine, db, 'platform log, action=member', { ...base, clubId: null, action: 'member' }, 2000);
  if (db.engine === 'postgres') {
    const plan = await db.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT a.id FROM audit_log a WHERE a.club_id = $1 AND split_part(a.action, '.', 1) = 'transaction'
        ORDER BY a.at DESC, a.id DESC LIMIT 51`, [club.id]);
    console.log(`[${engine}] club + domain plan: ${plan.map((p) => p['QUERY PLAN'].trim()).join(' | ')}`);
  }
}

const pg = await openPglite({});
await benchEngine('pglite', pg, 50, 2000);
await pg.close();
if (process.env.BENCH_DATABASE_URL) {
  const db = await openPostgres(process.env.BENCH_DATABASE_URL);
  await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
  await benchEngine('postgres', db, 400, 2500);
  await db.close();
}
