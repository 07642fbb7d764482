// Issue 50's worst item: one club of 200 items with 1,000 history lines EACH (200,000 lines), on
// PostgreSQL. EXPLAIN (ANALYZE, BUFFERS) of the reads behind one item's page (the item with its open loans,
// its history, its loans) and the club's item list. `BENCH_DATABASE_URL` must name a database to wipe.
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/trilha_pat_explain npx tsx bench/patrimonio-history.ts
import { openPostgres } from '../src/server/db/postgres.js';
import { migrate } from '../src/server/db/migrate.js';
import * as repo from '../src/server/patrimonio/repo.js';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL (a database to wipe) is required');
const ITEMS = Number(process.env.BENCH_ITEMS ?? 200);
const PER_ITEM = Number(process.env.BENCH_HISTORY_PER_ITEM ?? 1000);
const db = openPostgres(url, { max: 2 });
await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
await migrate(db);
const t0 = performance.now();
await db.exec(`
  INSERT INTO clubs (id, name, slug) VALUES ('00000000-0000-4000-8000-000000000050', 'Clube Patrimônio', 'clube-patrimonio');
  INSERT INTO clubs (name, slug) SELECT 'Vizinho ' || g, 'vizinho-' || g FROM generate_series(1, 20) g;
  INSERT INTO units (club_id, name) VALUES ('00000000-0000-4000-8000-000000000050', 'Águias');
  INSERT INTO patrimonio_items (club_id, name, category, quantity, unit_value, acquired_on, acquisition, condition)
    SELECT c.id, 'Item ' || lpad(k::text, 4, '0'), 'barraca', 5, 100, current_date - k, 'doado', 'bom' FROM clubs c, generate_series(1, ${ITEMS}) k;
  INSERT INTO patrimonio_loans (club_id, item_id, quantity, borrower_kind, borrower_name, due_on, out_condition)
    SELECT club_id, id, 1, 'unidade', 'Águias', current_date + 3, 'bom' FROM patrimonio_items;
  INSERT INTO patrimonio_history (club_id, item_id, kind, condition_after, note, at)
    SELECT i.club_id, i.id, (ARRAY['vistoria', 'manutencao', 'emprestimo', 'devolucao'])[1 + h % 4], 'bom', 'Registro ' || h, now() - make_interval(mins => h)
      FROM patrimonio_items i, generate_series(1, ${PER_ITEM}) h WHERE i.club_id = '00000000-0000-4000-8000-000000000050';
  INSERT INTO patrimonio_history (club_id, item_id, kind, condition_after, note)
    SELECT i.club_id, i.id, 'cadastro', 'bom', 'Cadastro' FROM patrimonio_items i WHERE i.club_id <> '00000000-0000-4000-8000-000000000050';
  ANALYZE;`);
const [n] = await db.query<{ history: number; items: number }>(`SELECT (SELECT count(*)::int FROM patrimonio_history) AS history, (SELECT count(*)::int FROM patrimonio_items) AS items`);
console.log(`generated ${n.items} items, ${n.history} history lines in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
const club = '00000000-0000-4000-8000-000000000050';
const [item] = await db.query<{ id: string }>(`SELECT id FROM patrimonio_items WHERE club_id = $1 ORDER BY name LIMIT 1`, [club]);

/** The statement a repo function sends, captured and explained with its parameters. */
async function explain(label: string, run: (q: typeof db) => Promise<unknown>): Promise<void> {
  const seen: Array<{ sql: string; params: unknown[] }> = [];
  const spy = { ...db, query: async (sql: string, params: unknown[] = []) => { seen.push({ sql, params }); return db.query(sql, params); } } as typeof db;
  const times: number[] = [];
  for (let i = 0; i < 9; i += 1) {
    const s = performance.now();
    await run(spy);
    times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  const { sql, params } = seen[0];
  const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
  const text = plan.map((r) => r['QUERY PLAN']).join('\n');
  console.log(`\n## ${label}: median ${times[4].toFixed(1)} ms through the repo (9 runs)\n${text}`);
}

await explain('item history (1,000 lines)', (q) => repo.listHistory(q, club, item.id));
await explain('one item with its open loans', (q) => repo.getItem(q, club, item.id));
await explain('item loans', (q) => repo.listLoans(q, club, { itemId: item.id }));
await explain('items list (200)', (q) => repo.listItems(q, club));
await explain('items out / overdue', (q) => repo.listLoans(q, club, { open: true }));
await db.close();
