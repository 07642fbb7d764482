// npx tsx bench/finance-register-transaction.ts [N]
// Throughput of register_transaction (locks + checks + balance/goal update + audit row) against a
// plain INSERT into transactions (the floor: no lock, no balance, no audit), in the same run.
// PGlite always; PostgreSQL too when BENCH_DATABASE_URL (or DATABASE_URL) is set — on a fresh
// throw-away database created and dropped by this script.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Db } from '../src/server/db/index.js';
import { one } from '../src/server/db/index.js';
import { openPglite } from '../src/server/db/pglite.js';
import { openPostgres } from '../src/server/db/postgres.js';
import { migrate } from '../src/server/db/migrate.js';

const N = Number(process.argv[2] ?? 2000);

interface Fixture { clubId: string; profileId: string; accounts: string[]; goal: string }

async function fixture(db: Db, accounts: number): Promise<Fixture> {
  const profileId = (await one<{ id: string }>(db, `INSERT INTO profiles (full_name) VALUES ('Bench') RETURNING id`)).id;
  const clubId = (await one<{ id: string }>(db, `INSERT INTO clubs (name, slug) VALUES ('Bench', $1) RETURNING id`, [`bench-${randomBytes(4).toString('hex')}`])).id;
  const ids: string[] = [];
  for (let i = 0; i < accounts; i++) {
    ids.push((await one<{ id: string }>(db, `INSERT INTO cash_accounts (club_id, name, initial_balance, current_balance) VALUES ($1, $2, 1000000, 1000000) RETURNING id`, [clubId, `Caixa ${i}`])).id);
  }
  const goal = (await one<{ id: string }>(db, `INSERT INTO savings_goals (club_id, name, goal_amount, current_amount) VALUES ($1, 'Cofre', 1000000, 100000) RETURNING id`, [clubId])).id;
  return { clubId, profileId, accounts: ids, goal };
}

const registerSql = `SELECT register_transaction($1, $2, NULL, NULL, $3, $4, $5::numeric, 'bench', NULL, $6)`;
const insertSql = `INSERT INTO transactions (club_id, cash_account_id, type, amount, description, created_by) VALUES ($1, $2, $3, $4::numeric, 'bench', $5)`;

/** Runs `n` operations with `concurrency` in flight; returns operations per second. */
async function measure(n: number, concurrency: number, op: (i: number) => Promise<unknown>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < n) await op(next++);
  }));
  return n / ((performance.now() - started) / 1000);
}

async function run(engine: string, db: Db, concurrency: number): Promise<void> {
  const f = await fixture(db, concurrency);
  const type = (i: number) => (i % 3 === 2 ? 'expense' : 'income');
  const amount = (i: number) => (1 + (i % 97) / 100).toFixed(2);
  // Warm-up so plan caching does not count.
  await measure(50, 1, (i) => db.query(insertSql, [f.clubId, f.accounts[0], type(i), amount(i), f.profileId]));
  await measure(50, 1, (i) => db.query(registerSql, [f.clubId, f.accounts[0], null, type(i), amount(i), f.profileId]));

  const rows: Array<[string, number, number]> = [];
  const pair = async (label: string, c: number, account: (i: number) => string, goal: string | null) => {
    const base = await measure(N, c, (i) => db.query(insertSql, [f.clubId, account(i), type(i), amount(i), f.profileId]));
    const reg = await measure(N, c, (i) => db.query(registerSql, [f.clubId, account(i), goal, type(i), amount(i), f.profileId]));
    rows.push([label, base, reg]);
  };
  await pair('sequential, one caixa', 1, () => f.accounts[0], null);
  await pair('sequential, one caixa + cofre', 1, () => f.accounts[0], f.goal);
  if (concurrency > 1) {
    await pair(`${concurrency} in flight, one caixa (row lock contention)`, concurrency, () => f.accounts[0], null);
    await pair(`${concurrency} in flight, ${concurrency} caixas`, concurrency, (i) => f.accounts[i % concurrency], null);
  }
  console.log(`\n${engine} — ${N} operations per measurement`);
  console.log('scenario'.padEnd(48), 'INSERT/s'.padStart(10), 'register/s'.padStart(11), 'ratio'.padStart(7));
  for (const [label, base, reg] of rows) {
    console.log(label.padEnd(48), base.toFixed(0).padStart(10), reg.toFixed(0).padStart(11), (reg / base).toFixed(2).padStart(7));
  }
  const check = await one<{ ok: boolean }>(db,
    `SELECT bool_and(ca.current_balance = v.expected_balance + (SELECT coalesce(sum(CASE WHEN t.type = 'income' THEN -t.amount ELSE t.amount END), 0)
                      FROM transactions t WHERE t.cash_account_id = ca.id AND NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.entity_id = t.id::text))) AS ok
       FROM cash_accounts ca JOIN v_cash_account_conciliation v ON v.cash_account_id = ca.id WHERE ca.club_id = $1`, [f.clubId]);
  console.log(`balances = initial + Σ register_transaction rows: ${check.ok ? 'yes' : 'NO'}`);
}

const lite = await openPglite();
await migrate(lite);
await run('PGlite (in-process WASM, one connection)', lite, 1);
await lite.close();

const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (url) {
  const name = `trilha_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const db = openPostgres(u.toString(), { max: 8 });
  try {
    await migrate(db);
    await run(`PostgreSQL (${u.host})`, db, 8);
  } finally {
    await db.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
} else {
  console.log('\n(set BENCH_DATABASE_URL=postgres://… to measure PostgreSQL too)');
}
