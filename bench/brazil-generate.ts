// Generates (once) the platform of Brazil's shape (issue 46) in a PostgreSQL database of its own, for
// `BENCH_BRAZIL=1 BENCH_REUSE=1 npm run bench`, bench/brazil-jobs.ts and the ADR 081 plans:
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/trilha_brazil npx tsx bench/brazil-generate.ts
// BENCH_CLUBS (default 16,000) clubs of bench/platform-data.ts BRAZIL_SIZE; the schema is wiped first unless
// the database already holds that many clubs. Prints each step's time, the rows, and the size on disk.
import { openPostgres } from '../src/server/db/postgres.js';
import { migrate } from '../src/server/db/migrate.js';
import { BRAZIL_SIZE, generatePlatform } from './platform-data.js';
import { loadavg } from 'node:os';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL (a database to wipe) is required');
const clubs = Number(process.env.BENCH_CLUBS ?? 16000);
const db = openPostgres(url, { max: 2 });
const [table] = await db.query<{ t: string | null }>(`SELECT to_regclass('public.clubs')::text AS t`);
const existing = table?.t ? await db.query<{ n: number }>('SELECT count(*)::int AS n FROM clubs') : [];
if ((existing[0]?.n ?? 0) !== clubs) {
  await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  await migrate(db);
  const t0 = performance.now();
  console.log(`load average before: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  await generatePlatform(db, { clubs, ...BRAZIL_SIZE });
  console.log(`generated ${clubs} clubs in ${((performance.now() - t0) / 1000).toFixed(0)} s; load average after: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
} else {
  await migrate(db);
  console.log(`kept: ${clubs} clubs already there`);
}
const sizes = await db.query<{ t: string; rows: string; total: string; heap: string; indexes: string }>(`
  SELECT c.relname AS t, to_char(c.reltuples, 'FM999G999G999') AS rows,
         pg_size_pretty(pg_total_relation_size(c.oid)) AS total, pg_size_pretty(pg_relation_size(c.oid)) AS heap,
         pg_size_pretty(pg_indexes_size(c.oid)) AS indexes
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE n.nspname = 'public' AND c.relkind = 'r'
   ORDER BY pg_total_relation_size(c.oid) DESC LIMIT 20`);
console.log('| table | rows (estimate) | total | heap | indexes |\n|---|---|---|---|---|');
for (const r of sizes) console.log(`| ${r.t} | ${r.rows} | ${r.total} | ${r.heap} | ${r.indexes} |`);
const [dbSize] = await db.query<{ s: string }>('SELECT pg_size_pretty(pg_database_size(current_database())) AS s');
console.log(`database: ${dbSize?.s}`);
await db.close();
