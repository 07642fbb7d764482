// BENCH_DATABASE_URL=postgres://…/db npx tsx bench/platform-version.ts
// What the platform's sharded change counter (migration 1063, ADR 090) costs a club's write and saves the
// super admin's read, on a generated platform (the one `npm run bench` kept), with pgbench:
// - a club write: one transaction updating one unit of a random club (the commit bumps its version), run
//   with the commit's flush as migration 1063 wrote it and with the flush before it (the same function
//   without the shard's UPDATE), alternating BENCH_ROUNDS times (default 4), BENCH_SECONDS each (default 10);
// - the platform version's read: the 256 shards against the old pass over every club's version.
// The database is left with migration 1063's flush. BENCH_CONNECTIONS (default 50) clients.
import { loadavg } from 'node:os';
import { openPostgres } from '../src/server/db/postgres.js';
import { pgbenchFor } from './programme-sign.js';

const DB_URL = process.env.BENCH_DATABASE_URL ?? '';
if (!DB_URL) throw new Error('BENCH_DATABASE_URL (a generated platform) is needed');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SHARD_UPDATE = /\n\s*UPDATE platform_club_changes[^;]*;/;

const pgbench = async (script: string) => (await pgbenchFor(DB_URL, script, CONNECTIONS, SECONDS)).tps;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pct = (x: number) => `${Math.round(x * 100)} %`;

const db = openPostgres(DB_URL, { max: 2 });
try {
  const [{ def }] = await db.query<{ def: string }>(`SELECT pg_get_functiondef('data_versions_flush'::regproc) AS def`);
  if (!SHARD_UPDATE.test(def)) throw new Error('data_versions_flush has no shard UPDATE: is migration 1063 applied?');
  const before = def.replace(SHARD_UPDATE, '');
  await db.query(`DROP TABLE IF EXISTS bench_club_units`);
  await db.query(`CREATE TABLE bench_club_units AS SELECT row_number() OVER (ORDER BY u.club_id)::int AS n, u.id
                    FROM (SELECT DISTINCT ON (club_id) club_id, id FROM units ORDER BY club_id, id) u`);
  const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM bench_club_units`);
  await db.query(`CREATE UNIQUE INDEX ON bench_club_units (n)`);
  const write = `\\set c random(1, ${n})\nBEGIN;\nUPDATE units SET name = name WHERE id = (SELECT id FROM bench_club_units WHERE n = :c);\nCOMMIT;\n`;
  console.log(`club write (one unit of one of ${n} clubs, one transaction), ${CONNECTIONS} clients, ${SECONDS} s a round, load ${loadavg()[0].toFixed(2)}`);
  console.log('| round | flush with the shard (tps) | flush before (tps) | with ÷ before |\n|---|---|---|---|');
  const ratios: number[] = [];
  try {
    for (let round = 1; round <= ROUNDS; round += 1) {
      const tps: Record<'with' | 'before', number> = { with: 0, before: 0 };
      for (const which of round % 2 === 1 ? (['with', 'before'] as const) : (['before', 'with'] as const)) {
        await db.query(which === 'with' ? def : before);
        await db.query('CHECKPOINT');
        tps[which] = await pgbench(write);
      }
      ratios.push(tps.with / tps.before);
      console.log(`| ${round} | ${tps.with.toFixed(0)} | ${tps.before.toFixed(0)} | ${pct(tps.with / tps.before)} |`);
    }
  } finally {
    await db.query(def);
    await db.query(`DROP TABLE IF EXISTS bench_club_units`);
  }
  console.log(`median: ${pct(median(ratios))}, load ${loadavg()[0].toFixed(2)}\n`);

  const [{ clubs }] = await db.query<{ clubs: number }>(`SELECT count(*)::int AS clubs FROM club_data_versions`);
  const shards = await pgbench(`SELECT (SELECT sum(s.changes) FROM platform_club_changes s) || '.' || p.version || '.' || p.people FROM platform_data_version p;\n`);
  const everyClub = await pgbench(`SELECT coalesce(sum(v.version), 0) || '.' || count(*) || '.' || (SELECT p.version || '.' || p.people FROM platform_data_version p) FROM club_data_versions v;\n`);
  console.log(`platform version read: 256 shards ${shards.toFixed(0)} tps, every club's version (${clubs} rows) ${everyClub.toFixed(0)} tps: ${(shards / everyClub).toFixed(1)}×`);
} finally {
  await db.close();
}
