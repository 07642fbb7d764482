// A platform-sized club network generated with generate_series, on PostgreSQL or PGlite: clubs with
// units, members (one director each), periods, tasks assigned to everyone and half done (with their
// ledger events), manual points, pending submissions, awarded badges, cash accounts with a year of
// transactions and savings goals. Used by bench/run.ts and bench/platform-queries.ts.
import type { Db } from '../src/server/db/index.js';

export interface PlatformSize {
  clubs: number;
  members: number;
  units: number;
  tasks: number;
  /** Transactions per club. */
  transactions: number;
}

export const DEFAULT_SIZE: Omit<PlatformSize, 'clubs'> = { members: 50, units: 6, tasks: 20, transactions: 100 };

async function step(label: string, fn: () => Promise<unknown>): Promise<void> {
  const start = performance.now();
  await fn();
  console.log(`  ${label.padEnd(44)} ${((performance.now() - start) / 1000).toFixed(1)} s`);
}

export async function generatePlatform(db: Db, size: PlatformSize): Promise<void> {
  const { clubs: CLUBS, members: MEMBERS, units: UNITS, tasks: TASKS, transactions: TRANSACTIONS } = size;
  console.log(`Generating ${CLUBS} clubs × ${MEMBERS} members, ${UNITS} units and ${TASKS} tasks per club…`);
  await step('clubs, units, members', () => db.exec(`
    CREATE TEMP TABLE b_clubs AS SELECT g AS n, gen_random_uuid() AS id FROM generate_series(1, ${CLUBS}) g;
    INSERT INTO clubs (id, name, slug, created_at)
      SELECT id, 'Clube ' || n, 'clube-' || n, now() - make_interval(days => n % 700) FROM b_clubs;
    CREATE TEMP TABLE b_units AS
      SELECT c.n AS club_n, c.id AS club_id, k, gen_random_uuid() AS id FROM b_clubs c, generate_series(1, ${UNITS}) k;
    INSERT INTO units (id, club_id, name) SELECT id, club_id, 'Unidade ' || k FROM b_units;
    CREATE TEMP TABLE b_members AS
      SELECT c.n AS club_n, c.id AS club_id, i, gen_random_uuid() AS profile_id FROM b_clubs c, generate_series(1, ${MEMBERS}) i;
    INSERT INTO profiles (id, full_name, email, created_at)
      SELECT profile_id, 'Membro ' || club_n || '-' || i, 'm' || club_n || '.' || i || '@bench.test', now() - make_interval(days => i * 7)
        FROM b_members;
    INSERT INTO club_members (club_id, profile_id, role, unit_id)
      SELECT m.club_id, m.profile_id, CASE WHEN m.i = 1 THEN 'admin' ELSE 'member' END, u.id
        FROM b_members m JOIN b_units u ON u.club_n = m.club_n AND u.k = m.i % ${UNITS} + 1;
    INSERT INTO periods (club_id, name, start_date, end_date)
      SELECT c.id, 'Trimestre ' || q, now() - make_interval(days => 90 * q), now() - make_interval(days => 90 * (q - 1))
        FROM b_clubs c, generate_series(1, 4) q;`));
  await step('tasks and assignments (every member, every task)', () => db.exec(`
    CREATE TEMP TABLE b_tasks AS
      SELECT c.n AS club_n, c.id AS club_id, j, gen_random_uuid() AS id FROM b_clubs c, generate_series(1, ${TASKS}) j;
    INSERT INTO tasks (id, club_id, title, type, points, due_date, created_at)
      SELECT id, club_id, 'Tarefa ' || j, CASE WHEN j % 5 = 0 THEN 'accumulative' ELSE 'check' END, 10 + j,
             now() + make_interval(days => j), now() - make_interval(days => j)
        FROM b_tasks;
    INSERT INTO assigned_tasks (club_id, task_id, profile_id, status, completed_at)
      SELECT t.club_id, t.id, m.profile_id,
             CASE WHEN (m.i + t.j) % 2 = 0 THEN 'completed' ELSE 'pending' END,
             CASE WHEN (m.i + t.j) % 2 = 0 THEN now() - make_interval(hours => (m.i * t.j) % 2000) END
        FROM b_tasks t JOIN b_members m ON m.club_n = t.club_n;`));
  await step('completions (half of the assignments)', () => db.exec(`
    INSERT INTO task_completions (club_id, task_id, profile_id, assignment_id, points, completed_at)
      SELECT a.club_id, a.task_id, a.profile_id, a.id, t.points, a.completed_at
        FROM assigned_tasks a JOIN tasks t ON t.id = a.task_id
       WHERE a.status = 'completed';`));
  await step('ledger (one event per completion + manual)', () => db.exec(`
    INSERT INTO point_events (club_id, profile_id, unit_id, source, task_id, points, occurred_at)
      SELECT tc.club_id, tc.profile_id, cm.unit_id, 'task_completion', tc.task_id, tc.points, tc.completed_at
        FROM task_completions tc JOIN club_members cm ON cm.club_id = tc.club_id AND cm.profile_id = tc.profile_id;
    INSERT INTO point_events (club_id, profile_id, unit_id, source, reason, points, occurred_at)
      SELECT m.club_id, m.profile_id, u.id, 'manual', 'Presença', (m.i * r) % 20 + 1, now() - make_interval(hours => (m.i * r * 7) % 8000)
        FROM b_members m JOIN b_units u ON u.club_n = m.club_n AND u.k = m.i % ${UNITS} + 1,
             generate_series(1, ${TASKS / 2}) r;`));
  await step('pending submissions (one per member)', () => db.exec(`
    INSERT INTO task_submissions (club_id, assignment_id, task_id, profile_id, evidence_key, evidence_name, evidence_mime, evidence_size)
      SELECT DISTINCT ON (a.profile_id) a.club_id, a.id, a.task_id, a.profile_id, 'bench/' || a.id, 'foto.jpg', 'image/jpeg', 1000
        FROM assigned_tasks a WHERE a.status = 'pending' ORDER BY a.profile_id, a.id;`));
  await step('badges (10) and awards (3 per member)', () => db.exec(`
    -- Stored as the API stores an icon: sanitised (this fixed markup is clean) and marked so (ADR 023).
    INSERT INTO badges (name, description, icon_svg, rarity, points, icon_sanitized_v)
      SELECT 'Badge ' || b, 'Conquista ' || b, '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="10"></circle></svg>',
             (ARRAY['common', 'rare', 'epic', 'legendary'])[b % 4 + 1], 10 * b, 1
        FROM generate_series(1, 10) b;
    INSERT INTO member_badges (club_id, profile_id, badge_id)
      SELECT m.club_id, m.profile_id, b.id
        FROM b_members m CROSS JOIN LATERAL (SELECT id FROM badges ORDER BY name OFFSET m.i % 8 LIMIT 3) b;`));
  await step('finance: 2 caixas, goals, transactions', () => db.exec(`
    INSERT INTO cash_accounts (club_id, name, initial_balance, current_balance)
      SELECT c.id, k, 500, 500 FROM b_clubs c, unnest(ARRAY['Caixa geral', 'Tesouraria']) k;
    INSERT INTO savings_goals (club_id, name, goal_amount)
      SELECT c.id, 'Acampamento', 3000 FROM b_clubs c;
    INSERT INTO chart_of_accounts (club_id, name, type)
      SELECT c.id, v.acc_name, v.acc_type FROM b_clubs c, (VALUES ('Mensalidades', 'income'), ('Materiais', 'expense')) AS v(acc_name, acc_type);
    INSERT INTO transactions (club_id, type, amount, description, transaction_date, cash_account_id, chart_account_id)
      SELECT c.id, CASE WHEN x % 3 = 0 THEN 'expense' ELSE 'income' END, (x % 50) + 5.25, 'Lançamento ' || x,
             current_date - (x * 3), ca.id, coa.id
        FROM b_clubs c, generate_series(1, ${TRANSACTIONS}) x,
             LATERAL (SELECT id FROM cash_accounts WHERE club_id = c.id ORDER BY name LIMIT 1) ca,
             LATERAL (SELECT id FROM chart_of_accounts WHERE club_id = c.id
                       AND type = CASE WHEN x % 3 = 0 THEN 'expense' ELSE 'income' END LIMIT 1) coa;
    UPDATE cash_accounts ca SET current_balance = ca.initial_balance + coalesce((
      SELECT sum(CASE WHEN t.type = 'income' THEN t.amount ELSE -t.amount END) FROM transactions t WHERE t.cash_account_id = ca.id), 0);`));
  await step('VACUUM ANALYZE', () => db.exec('VACUUM ANALYZE'));
  const counts = await db.query<Record<string, string>>(`
    SELECT (SELECT count(*) FROM club_members) AS members, (SELECT count(*) FROM assigned_tasks) AS assignments,
           (SELECT count(*) FROM task_completions) AS completions, (SELECT count(*) FROM point_events) AS point_events,
           (SELECT count(*) FROM transactions) AS transactions, (SELECT count(*) FROM task_submissions) AS submissions`);
  console.log(`  rows: ${Object.entries(counts[0]).map(([k, v]) => `${k} ${Number(v).toLocaleString('en')}`).join(', ')}`);
}

