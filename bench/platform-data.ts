// A platform-sized club network generated with generate_series, on PostgreSQL or PGlite: clubs with
// units, members (one director each; the last club is a big one of BIG_CLUB_MEMBERS), periods, tasks
// assigned to everyone and half done (with their ledger events), manual points, pending submissions,
// awarded badges, cash accounts with a year of transactions and savings goals; the programme (every
// member enrolled in a regular class of 30 requisitos, about half of them signed, ~3 % ready for
// investidura); a year of monthly dues for every member (most paid, with the payment, its income
// transaction and the caixa's balance kept consistent); notifications (50 per member, a few unread)
// and the push deliveries of the members with a device. Used by bench/run.ts and bench/platform-queries.ts.
//
// Simplifications, on purpose: a requisito's signature gives no ledger points here (the ranking reads
// keep the same point_events as before), and a generated payment has no audit_log line (the API's
// charge_payment_register writes one); the money itself is consistent: Σ payments = charges.paid_amount
// and every caixa = initial balance + Σ its transactions.
import type { Db } from '../src/server/db/index.js';
import { pointTotalsBackfill } from '../src/server/db/migrate.js';
import { DEFAULT_TIMEZONE } from '../src/shared/timezones.js';

export interface PlatformSize {
  clubs: number;
  members: number;
  units: number;
  tasks: number;
  /** Transactions per club (besides the dues' payments). */
  transactions: number;
  // Issues 34–36; each left out (0) skips its data, as the older benches that build their own size do.
  /** Requisitos per class (the platform's list of each regular class; every 10th club has its own Amigo). */
  requisitos?: number;
  /** Months of dues per member (the last N, the current one included). */
  duesMonths?: number;
  /** Notifications per member. */
  notifications?: number;
  /** Members of the last club (slug `clube-<clubs>`), if more than `members`. */
  bigClub?: number;
  // Issue 46 (the national platform): each left out (0) skips its data.
  /** Share of the clubs that run Desbravadores (the first ones); the rest run Aventureiros (their 4 classes). */
  desbravadoresShare?: number;
  /** A guardian (an account of their own, accepted) for every member but the director. */
  guardians?: boolean;
  /** Weeks of Sunday meetings back (a roll call of every member each, and the Presença points in the ledger). */
  meetings?: number;
  /** Audit lines per club over the last year. */
  audit?: number;
  /** Events with the dues (default true); false: none. */
  events?: boolean;
  /** Issue 50: patrimônio items per club and history entries per club (spread over the items). */
  patrimonioItems?: number;
  patrimonioHistory?: number;
}

/** The last generated club (slug `clube-<clubs>`) has this many members: the fan-out bench tells all of them at once. */
export const BIG_CLUB_MEMBERS = 500;

export const DEFAULT_SIZE: Omit<PlatformSize, 'clubs'> = {
  members: 50, units: 6, tasks: 20, transactions: 100, requisitos: 30, duesMonths: 12, notifications: 50, bigClub: BIG_CLUB_MEMBERS,
  patrimonioItems: 200, patrimonioHistory: 1000,
};
/**
 * Brazil's size (issue 46): with 16,000 clubs, 9,000 Desbravadores and 7,000 Aventureiros clubs of 35
 * members, a guardian for each child, and `months` of history: weekly roll calls (and their points in
 * the ledger), the programme, monthly dues, two notifications a month per member and the audit; no
 * events (`events: false`). A year (12) is ~140M rows; on the shared 2-core machine (load average ~25)
 * generating went at ~10k rows/s, so the measured platform keeps 1 month (BENCH_BRAZIL_MONTHS) and
 * docs/performance.md says what a year would add.
 */
export function brazilSize(months = Number(process.env.BENCH_BRAZIL_MONTHS ?? 1)): Omit<PlatformSize, 'clubs'> {
  return {
    members: 35, units: 4, tasks: Math.max(2, Math.round(months * 4 / 3)), transactions: 20, requisitos: 6, duesMonths: months,
    notifications: 2 * months, bigClub: BIG_CLUB_MEMBERS, events: false,
    desbravadoresShare: 9 / 16, guardians: true, meetings: Math.round((months * 52) / 12), audit: 8 * months,
  };
}
export const BRAZIL_SIZE = brazilSize();

/** BENCH_BRAZIL=1: {@link BRAZIL_SIZE} (and 16,000 clubs unless BENCH_CLUBS says otherwise); else DEFAULT_SIZE. */
export function benchSize(): { clubs: number; size: Omit<PlatformSize, 'clubs'>; name: string } {
  const brazil = process.env.BENCH_BRAZIL === '1' || process.argv.includes('--brazil');
  return brazil
    ? { clubs: Number(process.env.BENCH_CLUBS ?? 16000), size: BRAZIL_SIZE, name: 'brasil' }
    : { clubs: Number(process.env.BENCH_CLUBS ?? 1000), size: DEFAULT_SIZE, name: 'default' };
}

/** The regular classes members are enrolled in (member i: REGULAR_CLASSES[i % 6]). */
export const REGULAR_CLASSES = ['AMIGO', 'COMPANHEIRO', 'PESQUISADOR', 'PIONEIRO', 'EXCURSIONISTA', 'GUIA'];
/** The Aventureiros classes (member i of an Aventureiros club: AVENTUREIROS_CLASSES[i % 4]). */
export const AVENTUREIROS_CLASSES = ['ABELHINHAS', 'LUMINARES', 'EDIFICADORES', 'MAOS_AJUDADORAS'];

/** A browser's keys (one P-256 public key and auth secret for every generated device): web-push can encrypt to them. */
export const PUSH_P256DH = 'BE8n7Gag77BR1XHGUxkHqCECcFobWXcWkoTcAOwDzGe4NDgPeOsbvFFQcv7eRGxseg6AD3eRU1ZHqrwHFbg5d6M';
export const PUSH_AUTH = 'o9_65aMd1pxQgjwph8hLxA';

/**
 * Today in the generated clubs' calendar (they keep the default time zone), not the database session's:
 * the server counts months and overdue days on the club's clock, and in the evening in Brasília UTC may
 * already be in the next day or month.
 */
const CLUB_TODAY = `(now() AT TIME ZONE '${DEFAULT_TIMEZONE}')::date`;

/** Every caixa = its initial balance + Σ its transactions (what register_transaction keeps). */
const BALANCES = `UPDATE cash_accounts ca SET current_balance = ca.initial_balance + coalesce(s.net, 0)
      FROM (SELECT cash_account_id, sum(CASE WHEN type = 'income' THEN amount ELSE -amount END) AS net FROM transactions GROUP BY cash_account_id) s
     WHERE s.cash_account_id = ca.id;`;

/**
 * Brazil's size only (PlatformSize.meetings set): the big inserts run with session_replication_role =
 * replica, so PostgreSQL skips the per-row foreign-key checks and triggers (3–4× faster: the rows are
 * made consistent by construction), and the one derived table those triggers keep (member_point_totals)
 * is rebuilt at the end. The clubs and members are inserted as usual (their triggers add the criteria,
 * texts and member counts).
 */
let BULK = false;
export function bulk(sql: string): string {
  return BULK ? `BEGIN; SET LOCAL session_replication_role = replica; ${sql} COMMIT;` : sql;
}

/** member_point_totals from the ledger: the back-fill of migration 0380, read from the migration itself. */
async function rebuildTotals(): Promise<string> {
  return `TRUNCATE member_point_totals; ${await pointTotalsBackfill()}`;
}

async function step(label: string, fn: () => Promise<unknown>): Promise<void> {
  const start = performance.now();
  await fn();
  console.log(`  ${label.padEnd(44)} ${((performance.now() - start) / 1000).toFixed(1)} s`);
}

export async function generatePlatform(db: Db, size: PlatformSize): Promise<void> {
  const { clubs: CLUBS, members: MEMBERS, units: UNITS, tasks: TASKS, transactions: TRANSACTIONS } = size;
  const BIG = Math.max(MEMBERS, size.bigClub ?? 0);
  BULK = Boolean(size.meetings);
  console.log(`Generating ${CLUBS} clubs × ${MEMBERS} members (the last one ${BIG}), ${UNITS} units and ${TASKS} tasks per club…`);
  // Brazil's size: the clubs go in 500 at a time, each batch its own transaction with its triggers (the
  // default criteria and texts, the data versions); in one transaction the data-version note of every
  // club row (migration 0390: a list of the transaction's clubs, searched per row) grows with the clubs.
  await step('clubs', async () => {
    await db.exec(`CREATE TEMP TABLE b_clubs AS SELECT g AS n, gen_random_uuid() AS id FROM generate_series(1, ${CLUBS}) g;`);
    for (let from = 1; from <= CLUBS; from += BULK ? 500 : CLUBS) {
      await db.exec(`INSERT INTO clubs (id, name, slug, created_at)
        SELECT id, 'Clube ' || n, 'clube-' || n, now() - make_interval(days => n % 700) FROM b_clubs WHERE n BETWEEN ${from} AND ${from + (BULK ? 499 : CLUBS)};`);
    }
  });
  await step('units, members', () => db.exec(bulk(`
    CREATE TEMP TABLE b_units AS
      SELECT c.n AS club_n, c.id AS club_id, k, gen_random_uuid() AS id FROM b_clubs c, generate_series(1, ${UNITS}) k;
    INSERT INTO units (id, club_id, name) SELECT id, club_id, 'Unidade ' || k FROM b_units;
    CREATE TEMP TABLE b_members AS
      SELECT c.n AS club_n, c.id AS club_id, i, gen_random_uuid() AS profile_id
        FROM b_clubs c, generate_series(1, CASE WHEN c.n = ${CLUBS} THEN ${BIG} ELSE ${MEMBERS} END) i;
    INSERT INTO profiles (id, full_name, email, created_at)
      SELECT profile_id, 'Membro ' || club_n || '-' || i, 'm' || club_n || '.' || i || '@bench.test', now() - make_interval(days => i * 7)
        FROM b_members;
    INSERT INTO club_members (club_id, profile_id, role, unit_id)
      SELECT m.club_id, m.profile_id, CASE WHEN m.i = 1 THEN 'admin' ELSE 'member' END, u.id
        FROM b_members m JOIN b_units u ON u.club_n = m.club_n AND u.k = m.i % ${UNITS} + 1;
    INSERT INTO periods (club_id, name, start_date, end_date)
      SELECT c.id, 'Trimestre ' || q, now() - make_interval(days => 90 * q), now() - make_interval(days => 90 * (q - 1))
        FROM b_clubs c, generate_series(1, 4) q;
    ${BULK ? `UPDATE clubs c SET active_member_count = x.n FROM (SELECT club_id, count(*)::int AS n FROM club_members WHERE active GROUP BY club_id) x WHERE x.club_id = c.id;` : ''}`)));
  await step('tasks and assignments (every member, every task)', () => db.exec(bulk(`
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
        FROM b_tasks t JOIN b_members m ON m.club_n = t.club_n;`)));
  await step('completions (half of the assignments)', () => db.exec(bulk(`
    INSERT INTO task_completions (club_id, task_id, profile_id, assignment_id, points, completed_at)
      SELECT a.club_id, a.task_id, a.profile_id, a.id, t.points, a.completed_at
        FROM assigned_tasks a JOIN tasks t ON t.id = a.task_id
       WHERE a.status = 'completed';`)));
  await step('ledger (one event per completion + manual)', () => db.exec(bulk(`
    INSERT INTO point_events (club_id, profile_id, unit_id, source, task_id, points, occurred_at)
      SELECT tc.club_id, tc.profile_id, cm.unit_id, 'task_completion', tc.task_id, tc.points, tc.completed_at
        FROM task_completions tc JOIN club_members cm ON cm.club_id = tc.club_id AND cm.profile_id = tc.profile_id;
    INSERT INTO point_events (club_id, profile_id, unit_id, source, reason, points, occurred_at)
      SELECT m.club_id, m.profile_id, u.id, 'manual', 'Presença', (m.i * r) % 20 + 1, now() - make_interval(hours => (m.i * r * 7) % 8000)
        FROM b_members m JOIN b_units u ON u.club_n = m.club_n AND u.k = m.i % ${UNITS} + 1,
             generate_series(1, ${size.meetings ? 0 : TASKS / 2}) r;`)));
  await step('pending submissions (one per member)', () => db.exec(bulk(`
    INSERT INTO task_submissions (club_id, assignment_id, task_id, profile_id, evidence_key, evidence_name, evidence_mime, evidence_size)
      SELECT DISTINCT ON (a.profile_id) a.club_id, a.id, a.task_id, a.profile_id, 'bench/' || a.id, 'foto.jpg', 'image/jpeg', 1000
        FROM assigned_tasks a WHERE a.status = 'pending' ORDER BY a.profile_id, a.id;`)));
  await step('badges (10) and awards (3 per member)', () => db.exec(bulk(`
    -- Stored as the API stores an icon: sanitised (this fixed markup is clean) and marked so (ADR 023).
    INSERT INTO badges (name, description, icon_svg, rarity, points, icon_sanitized_v)
      SELECT 'Badge ' || b, 'Conquista ' || b, '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="10"></circle></svg>',
             (ARRAY['common', 'rare', 'epic', 'legendary'])[b % 4 + 1], 10 * b, 1
        FROM generate_series(1, 10) b;
    INSERT INTO member_badges (club_id, profile_id, badge_id)
      SELECT m.club_id, m.profile_id, b.id
        FROM b_members m CROSS JOIN LATERAL (SELECT id FROM badges ORDER BY name OFFSET m.i % 8 LIMIT 3) b;`)));
  await step('finance: 2 caixas, goals, transactions', () => db.exec(bulk(`
    INSERT INTO cash_accounts (club_id, name, initial_balance, current_balance)
      SELECT c.id, k, 500, 500 FROM b_clubs c, unnest(ARRAY['Caixa geral', 'Tesouraria']) k;
    INSERT INTO savings_goals (club_id, name, goal_amount)
      SELECT c.id, 'Acampamento', 3000 FROM b_clubs c;
    INSERT INTO chart_of_accounts (club_id, name, type)
      SELECT c.id, v.acc_name, v.acc_type FROM b_clubs c, (VALUES ('Mensalidades', 'income'), ('Materiais', 'expense')) AS v(acc_name, acc_type);
    INSERT INTO transactions (club_id, type, amount, description, transaction_date, cash_account_id, chart_account_id)
      SELECT c.id, CASE WHEN x % 3 = 0 THEN 'expense' ELSE 'income' END, (x % 50) + 5.25, 'Lançamento ' || x,
             ${CLUB_TODAY} - (x * 3), ca.id, coa.id
        FROM b_clubs c, generate_series(1, ${TRANSACTIONS}) x,
             LATERAL (SELECT id FROM cash_accounts WHERE club_id = c.id ORDER BY name LIMIT 1) ca,
             LATERAL (SELECT id FROM chart_of_accounts WHERE club_id = c.id
                       AND type = CASE WHEN x % 3 = 0 THEN 'expense' ELSE 'income' END LIMIT 1) coa;
    ${BALANCES}`)));
  const desbravadores = Math.round(CLUBS * (size.desbravadoresShare ?? 1));
  if (size.guardians) await generateGuardians(db);
  if (size.meetings) await generateMeetings(db, size.meetings);
  if (size.requisitos) await generateProgramme(db, size.requisitos, desbravadores);
  if (size.duesMonths) {
    await generateDues(db, size.duesMonths);
    if (size.events !== false) await generateEvents(db);
  }
  if (size.notifications) await generateNotifications(db, size.notifications);
  if (size.audit) await generateAudit(db, size.audit);
  if (BULK) await step('member_point_totals rebuilt from the ledger', async () => db.exec(bulk(await rebuildTotals())));
  if (size.patrimonioItems) await generatePatrimonio(db, size.patrimonioItems, size.patrimonioHistory ?? 0);
  await step('VACUUM ANALYZE', () => db.exec('VACUUM ANALYZE'));
  const counts = await db.query<Record<string, string>>(`
    SELECT (SELECT count(*) FROM club_members) AS members, (SELECT count(*) FROM assigned_tasks) AS assignments,
           (SELECT count(*) FROM task_completions) AS completions, (SELECT count(*) FROM point_events) AS point_events,
           (SELECT count(*) FROM transactions) AS transactions, (SELECT count(*) FROM task_submissions) AS submissions,
           (SELECT count(*) FROM programme_enrolments) AS enrolments, (SELECT count(*) FROM programme_signatures) AS signatures,
           (SELECT count(*) FROM charges) AS charges, (SELECT count(*) FROM charge_payments) AS payments,
           (SELECT count(*) FROM notifications) AS notifications, (SELECT count(*) FROM push_deliveries) AS push_deliveries,
           (SELECT count(*) FROM member_guardians) AS guardians, (SELECT count(*) FROM meeting_attendance) AS attendance,
           (SELECT count(*) FROM audit_log) AS audit`);
  console.log(`  rows: ${Object.entries(counts[0]).map(([k, v]) => `${k} ${Number(v).toLocaleString('en')}`).join(', ')}`);
}


/**
 * The programme: the platform's list of 30 requisitos for each regular class (sections in turn), an own
 * Amigo list in every 10th club, every member enrolled in one class (member i: REGULAR_CLASSES[i % 6]),
 * the first s requisitos signed by the director with s = (7i + club) mod (REQS + 1): about half on
 * average, and a member with all of them signed is complete ('pronto para investidura').
 */
async function generateProgramme(db: Db, reqs: number, desbravadores: number): Promise<void> {
  const classes = `ARRAY[${REGULAR_CLASSES.map((c) => `'${c}'`).join(', ')}]`;
  const aventureiros = `ARRAY[${AVENTUREIROS_CLASSES.map((c) => `'${c}'`).join(', ')}]`;
  await step(`programme: requisitos, enrolments, signatures`, () => db.exec(bulk(`
    CREATE TEMP TABLE b_reqs AS
      SELECT 0 AS list_n, NULL::uuid AS club_id, cls AS item_code, k, gen_random_uuid() AS id
        FROM unnest(${classes} || ${aventureiros}) cls, generate_series(1, ${reqs}) k
      UNION ALL
      SELECT c.n, c.id, 'AMIGO', k, gen_random_uuid() FROM b_clubs c, generate_series(1, ${reqs}) k WHERE c.n % 10 = 0;
    INSERT INTO programme_requirements (id, club_id, item_code, section_code, position, text, in_field, needs_evidence)
      SELECT id, club_id, item_code, (ARRAY['G', 'DE', 'SO', 'DA', 'SA', 'OL', 'EN', 'AC', 'EV'])[k % 9 + 1], k,
             'Requisito ' || k || ' de ' || item_code, k % 4 = 0, k % 7 = 0
        FROM b_reqs;
    CREATE TEMP TABLE b_enrol AS
      SELECT m.club_n, m.club_id, m.i, cm.id AS member_id, gen_random_uuid() AS id,
             CASE WHEN m.club_n > ${desbravadores} THEN (${aventureiros})[m.i % 4 + 1] ELSE (${classes})[m.i % 6 + 1] END AS item_code,
             (7 * m.i + m.club_n) % ${reqs + 1} AS signed,
             CASE WHEN m.i % 6 = 0 AND m.club_n % 10 = 0 THEN m.club_n ELSE 0 END AS list_n
        FROM b_members m JOIN club_members cm ON cm.club_id = m.club_id AND cm.profile_id = m.profile_id;
    INSERT INTO programme_settings (club_id, programmes)
      SELECT id, '{aventureiros}' FROM b_clubs WHERE n > ${desbravadores}
      ON CONFLICT (club_id) DO UPDATE SET programmes = EXCLUDED.programmes;
    INSERT INTO programme_enrolments (id, club_id, member_id, item_code, kind, class_track, started_on, completed_on)
      SELECT id, club_id, member_id, item_code, 'class', 'regular', ${CLUB_TODAY} - 200,
             CASE WHEN signed = ${reqs} THEN ${CLUB_TODAY} - (i % 20) END
        FROM b_enrol;
    INSERT INTO programme_signatures (club_id, enrolment_id, requirement_id, signed_on, signed_by)
      SELECT e.club_id, e.id, r.id, ${CLUB_TODAY} - (${reqs} - r.k) * 5 - e.i % 5, d.profile_id
        FROM b_enrol e
        JOIN b_members d ON d.club_n = e.club_n AND d.i = 1
        JOIN b_reqs r ON r.item_code = e.item_code AND r.list_n = e.list_n AND r.k <= e.signed;`)));
}

/**
 * A year of dues: the club's plan (R$ 35,00 on the 10th, every month) and one charge per member
 * (function 'member') and month. Months 2+ back are 85 % paid, last month 60 %, this month 30 %; 5 %
 * are paid in part (half) and 1 % cancelled. Each payment comes with its income transaction
 * ('Mensalidades', Caixa geral, on the payment's date) and the caixas' balances are recomputed, as
 * register_transaction would have left them.
 */
async function generateDues(db: Db, months: number): Promise<void> {
  await step(`dues: ${months} months per member, payments, transactions`, () => db.exec(bulk(`
    INSERT INTO dues_plans (club_id, amount, due_day, months, generated_through)
      SELECT id, 35, 10, ARRAY[1,2,3,4,5,6,7,8,9,10,11,12]::smallint[], date_trunc('month', ${CLUB_TODAY})::date FROM b_clubs;
    CREATE TEMP TABLE b_dues AS
      SELECT m.club_n, m.club_id, m.profile_id, m.i, k AS months_ago,
             (date_trunc('month', ${CLUB_TODAY}) - make_interval(months => k))::date AS dues_month,
             gen_random_uuid() AS id, gen_random_uuid() AS tx_id,
             (m.i * 37 + k * 11 + m.club_n) % 100 AS dice,
             least(${CLUB_TODAY}, (date_trunc('month', ${CLUB_TODAY}) - make_interval(months => k))::date + 5 + (m.i * 37 + k * 11 + m.club_n) % 10) AS paid_on
        FROM b_members m, generate_series(0, ${months - 1}) k
       WHERE m.i > 1;
    ALTER TABLE b_dues ADD COLUMN cancelled boolean, ADD COLUMN paid numeric(14,2);
    UPDATE b_dues SET cancelled = dice = 99,
      paid = CASE WHEN dice = 99 THEN 0
                  WHEN dice < CASE WHEN months_ago >= 2 THEN 85 WHEN months_ago = 1 THEN 60 ELSE 30 END THEN 35
                  WHEN dice >= 93 THEN 17.50 ELSE 0 END;
    INSERT INTO charges (id, club_id, profile_id, short_code, description, amount, paid_amount, due_date, origin, dues_month,
                         cancelled_at, cancel_reason, created_at, updated_at)
      SELECT id, club_id, profile_id, 'M' || to_char(dues_month, 'YYMM') || lpad(i::text, 5, '0'),
             'Mensalidade ' || to_char(dues_month, 'MM/YYYY'), 35, paid, dues_month + 9, 'mensalidade', dues_month,
             CASE WHEN cancelled THEN dues_month + 3 END, CASE WHEN cancelled THEN 'Isento neste mês' END, dues_month, dues_month
        FROM b_dues;
    INSERT INTO transactions (id, club_id, type, amount, description, transaction_date, cash_account_id, profile_id, chart_account_id, created_at)
      SELECT d.tx_id, d.club_id, 'income', d.paid, 'Cobrança M' || to_char(d.dues_month, 'YYMM') || lpad(d.i::text, 5, '0') || ': Mensalidade ' || to_char(d.dues_month, 'MM/YYYY'),
             d.paid_on, ca.id, d.profile_id, coa.id, d.paid_on
        FROM b_dues d
        JOIN cash_accounts ca ON ca.club_id = d.club_id AND ca.name = 'Caixa geral'
        JOIN chart_of_accounts coa ON coa.club_id = d.club_id AND coa.type = 'income' AND coa.name = 'Mensalidades'
       WHERE d.paid > 0;
    INSERT INTO charge_payments (club_id, charge_id, amount, paid_on, method, cash_account_id, transaction_id, created_at)
      SELECT t.club_id, d.id, t.amount, t.transaction_date, (ARRAY['pix', 'pix', 'pix', 'dinheiro', 'transferencia'])[d.dice % 5 + 1],
             t.cash_account_id, t.id, t.created_at
        FROM b_dues d JOIN transactions t ON t.id = d.tx_id;
    ${BALANCES}`)));
}

/**
 * Events of the current year (the events report): 4 per club (March, June, September, November),
 * R$ 120,00 each, 60 % of the members (function 'member') registered, each with the event's charge
 * (half paid, 1 in 10 paid in part, the rest open; paid_amount only, without payments and
 * transactions) and 70 % with the guardian's authorisation (text version 1). Reads only the tables,
 * so a platform generated before events existed gets them too (bench/platform-queries.ts, BENCH_REUSE).
 */
/** {@link generateEvents} for a platform kept from before events were generated (it has dues and no events). */
export async function ensureEvents(db: Db): Promise<void> {
  const [row] = await db.query<{ missing: boolean }>(`SELECT NOT EXISTS (SELECT 1 FROM events) AND EXISTS (SELECT 1 FROM dues_plans) AS missing`);
  if (!row?.missing) return;
  await generateEvents(db);
  await db.exec('ANALYZE events; ANALYZE event_registrations; ANALYZE event_authorisations; ANALYZE charges');
}

export async function generateEvents(db: Db): Promise<void> {
  await step('events: 4 per club, registrations, charges', () => db.exec(bulk(`
    INSERT INTO event_authorisation_texts (club_id, version, body)
      SELECT c.id, 1, 'Autorizo a participação no evento.' FROM clubs c
       WHERE NOT EXISTS (SELECT 1 FROM event_authorisation_texts t WHERE t.club_id = c.id);
    CREATE TEMP TABLE b_events AS
      SELECT gen_random_uuid() AS id, c.id AS club_id, k, make_date(extract(year FROM ${CLUB_TODAY})::int, (ARRAY[3, 6, 9, 11])[k], 15) AS starts_on
        FROM clubs c, generate_series(1, 4) k;
    INSERT INTO events (id, club_id, title, kind, starts_on, ends_on, place, cost, places, registration_deadline)
      SELECT id, club_id, (ARRAY['Acampamento de outono', 'Campori', 'Passeio ao parque', 'Culto especial'])[k],
             (ARRAY['acampamento', 'campori', 'passeio', 'culto_especial'])[k], starts_on, starts_on + 2, 'Sítio Recanto', 120, 60, starts_on - 10
        FROM b_events;
    CREATE TEMP TABLE b_regs AS
      SELECT gen_random_uuid() AS id, e.id AS event_id, e.club_id, e.k, e.starts_on, cm.id AS member_id, cm.profile_id,
             row_number() OVER (PARTITION BY e.club_id ORDER BY e.k, cm.id) AS i, abs(hashtext(cm.id::text || e.k)) % 100 AS dice
        FROM b_events e JOIN club_members cm ON cm.club_id = e.club_id AND cm.active AND cm.role = 'member'
       WHERE abs(hashtext(cm.id::text || e.k || 'r')) % 10 < 6;
    INSERT INTO event_registrations (id, club_id, event_id, member_id, registered_at)
      SELECT id, club_id, event_id, member_id, starts_on - 30 FROM b_regs;
    INSERT INTO charges (club_id, profile_id, short_code, description, amount, paid_amount, due_date, origin, event_id, event_registration_id, created_at)
      SELECT club_id, profile_id, 'E' || k || lpad(i::text, 6, '0'), 'Evento ' || k, 120,
             CASE WHEN dice < 50 THEN 120 WHEN dice < 60 THEN 60 ELSE 0 END, starts_on - 10, 'evento', event_id, id, starts_on - 30
        FROM b_regs;
    INSERT INTO event_authorisations (club_id, registration_id, member_id, signed_name, text_id, version, ip, signed_at)
      SELECT r.club_id, r.id, r.member_id, 'Responsável ' || r.i, t.id, 1, '127.0.0.1', r.starts_on - 20
        FROM b_regs r JOIN event_authorisation_texts t ON t.club_id = r.club_id AND t.version = 1
       WHERE r.dice % 10 < 7;
    DROP TABLE b_events, b_regs;`)));
}

/**
 * Notifications: N per member over the last months (newest first: created every 7 hours back), the
 * newest (i mod 8) unread, 1 in 50 an account's own (no club: security); 30 % of the members have one
 * device, with a push delivery for each of their 10 newest notifications (1 in 100 failed, 1 in 200
 * waiting for a retry).
 */
async function generateNotifications(db: Db, perMember: number): Promise<void> {
  await step(`notifications: ${perMember} per member`, () => db.exec(bulk(`
    INSERT INTO notifications (club_id, profile_id, category, kind, title, body, link, created_at, read_at, email_mode, emailed_at)
      SELECT CASE WHEN k % 50 = 0 THEN NULL ELSE m.club_id END, m.profile_id,
             (ARRAY['achievements', 'tasks', 'money', 'family', 'leadership', 'security'])[CASE WHEN k % 50 = 0 THEN 6 ELSE k % 5 + 1 END],
             (ARRAY['badge.won', 'task.created', 'charge.created', 'guardian.absences', 'submission.waiting', 'account.new_device'])[CASE WHEN k % 50 = 0 THEN 6 ELSE k % 5 + 1 END],
             'Aviso ' || k || ' de Clube ' || m.club_n, 'Veja os detalhes no Trilha.', '/dashboard',
             now() - make_interval(hours => 7 * k + m.i % 7), CASE WHEN k > m.i % 8 THEN now() - make_interval(hours => 7 * k + m.i % 7 - 1) END,
             'off', now() - make_interval(hours => 7 * k + m.i % 7)
        FROM b_members m, generate_series(1, ${perMember}) k;
    INSERT INTO push_subscriptions (profile_id, endpoint, p256dh, auth, created_at)
      SELECT profile_id, 'https://push.bench.test/' || profile_id, '${PUSH_P256DH}', '${PUSH_AUTH}', now() - interval '200 days'
        FROM b_members WHERE i % 10 < 3;
    INSERT INTO push_deliveries (notification_id, subscription_id, status, attempts, next_attempt_at, last_error, created_at, sent_at)
      SELECT n.id, s.id,
             CASE WHEN x.r % 100 = 0 THEN 'failed' WHEN x.r % 200 = 1 THEN 'pending' ELSE 'sent' END,
             -- A retry waits a day here, so no bench run sends to these made-up devices.
             CASE WHEN x.r % 100 = 0 THEN 5 ELSE 1 END, CASE WHEN x.r % 200 = 1 THEN now() + interval '1 day' ELSE n.created_at + interval '1 minute' END,
             CASE WHEN x.r % 100 = 0 THEN 'O serviço de push respondeu 400.' WHEN x.r % 200 = 1 THEN 'O serviço de push respondeu 503.' END,
             n.created_at, CASE WHEN x.r % 100 <> 0 AND x.r % 200 <> 1 THEN n.created_at + interval '1 minute' END
        FROM push_subscriptions s
        CROSS JOIN LATERAL (SELECT id, created_at FROM notifications WHERE profile_id = s.profile_id ORDER BY created_at DESC LIMIT 10) n
        CROSS JOIN LATERAL (SELECT abs(hashtext(n.id::text)) AS r) x;`)));
}

/** A guardian for every member but the director: an account of their own ('Responsável …'), accepted, with the consent given. */
async function generateGuardians(db: Db): Promise<void> {
  await step('guardians: one account per child', () => db.exec(bulk(`
    CREATE TEMP TABLE b_guardians AS
      SELECT m.club_n, m.club_id, m.i, cm.id AS member_id, gen_random_uuid() AS profile_id
        FROM b_members m JOIN club_members cm ON cm.club_id = m.club_id AND cm.profile_id = m.profile_id
       WHERE m.i > 1;
    INSERT INTO profiles (id, full_name, email, created_at)
      SELECT profile_id, 'Responsável ' || club_n || '-' || i, 'r' || club_n || '.' || i || '@bench.test', now() - interval '300 days'
        FROM b_guardians;
    INSERT INTO member_guardians (club_id, member_id, full_name, email, relationship, profile_id, accepted_at, created_at)
      SELECT club_id, member_id, 'Responsável ' || club_n || '-' || i, 'r' || club_n || '.' || i || '@bench.test',
             (ARRAY['Mãe', 'Pai', 'Avó', 'Tio'])[i % 4 + 1], profile_id, now() - interval '299 days', now() - interval '300 days'
        FROM b_guardians;
    DROP TABLE b_guardians;
    ${GUARDIAN_CONSENTS}`)));
}

/** The guardian's consent to the club's text (version 1) for every child: without it a guardian is not in force (families/access.ts). */
export const GUARDIAN_CONSENTS = `
    INSERT INTO member_consents (club_id, member_id, guardian_id, guardian_profile_id, consent_text_id, version, ip, accepted_at)
      SELECT g.club_id, g.member_id, g.id, g.profile_id, t.id, t.version, '127.0.0.1', g.accepted_at
        FROM member_guardians g JOIN consent_texts t ON t.club_id = g.club_id AND t.version = 1
       WHERE NOT EXISTS (SELECT 1 FROM member_consents mc WHERE mc.club_id = g.club_id AND mc.member_id = g.member_id);`;

/**
 * A year of roll calls: a meeting every Sunday for N weeks back, every member marked (80 % present,
 * 7 % late, 10 % absent, 3 % excused), by the director; present and late members get the club's
 * 'Presença' criterion and its 10 points in the ledger (source 'meeting'), as the roll call writes them.
 */
async function generateMeetings(db: Db, weeks: number): Promise<void> {
  await step(`meetings: ${weeks} weekly roll calls and their points`, () => db.exec(bulk(`
    CREATE TEMP TABLE b_meetings AS
      SELECT c.n AS club_n, c.id AS club_id, w, gen_random_uuid() AS id,
             (${CLUB_TODAY} - extract(dow FROM ${CLUB_TODAY})::int - 7 * w) AS date
        FROM b_clubs c, generate_series(0, ${weeks - 1}) w;
    INSERT INTO meetings (id, club_id, date, start_time, starts_at, title, type, created_at)
      SELECT id, club_id, date, '09:00', date + time '12:00', 'Reunião', 'regular', date - 3 FROM b_meetings;
    CREATE TEMP TABLE b_presence AS
      SELECT club_id, id FROM meeting_criteria WHERE name = 'Presença' AND club_id IN (SELECT id FROM b_clubs);
    CREATE TEMP TABLE b_attendance AS
      SELECT mt.club_id, mt.id AS meeting_id, mt.date, cm.id AS member_id, cm.profile_id, cm.unit_id, d.profile_id AS director,
             CASE WHEN x < 80 THEN 'present' WHEN x < 87 THEN 'late' WHEN x < 97 THEN 'absent' ELSE 'excused' END AS status
        FROM b_meetings mt
        JOIN b_members m ON m.club_n = mt.club_n
        JOIN club_members cm ON cm.club_id = m.club_id AND cm.profile_id = m.profile_id
        JOIN b_members d ON d.club_n = mt.club_n AND d.i = 1
        CROSS JOIN LATERAL (SELECT (m.i * 53 + mt.w * 31 + m.club_n) % 100 AS x) r;
    INSERT INTO meeting_attendance (club_id, meeting_id, member_id, status, criteria, marked_by, created_at, updated_at)
      SELECT a.club_id, a.meeting_id, a.member_id, a.status,
             CASE WHEN a.status IN ('present', 'late') THEN ARRAY[p.id] ELSE '{}' END, a.director, a.date + time '12:30', a.date + time '12:30'
        FROM b_attendance a JOIN b_presence p ON p.club_id = a.club_id;
    INSERT INTO point_events (club_id, profile_id, unit_id, source, meeting_id, criterion_id, points, occurred_at, created_by)
      SELECT a.club_id, a.profile_id, a.unit_id, 'meeting', a.meeting_id, p.id, 10, a.date + time '12:00', a.director
        FROM b_attendance a JOIN b_presence p ON p.club_id = a.club_id
       WHERE a.status IN ('present', 'late');
    DROP TABLE b_attendance, b_presence;`)));
}

/** The audit of a year: N lines per club by its director (member, roll call, programme, money, dues). */
async function generateAudit(db: Db, perClub: number): Promise<void> {
  await step(`audit: ${perClub} lines per club`, () => db.exec(bulk(`
    INSERT INTO audit_log (club_id, actor_id, action, entity, entity_id, after, at)
      SELECT c.id, d.profile_id,
             (ARRAY['member.update', 'meeting.attendance', 'programme.sign', 'finance.transaction.create', 'charge.payment'])[k % 5 + 1],
             (ARRAY['club_member', 'meeting', 'programme_signature', 'transaction', 'charge'])[k % 5 + 1],
             gen_random_uuid()::text, jsonb_build_object('n', k), now() - make_interval(hours => k * 87 + c.n % 50)
        FROM b_clubs c JOIN b_members d ON d.club_n = c.n AND d.i = 1, generate_series(1, ${perClub}) k;`)));
}

/**
 * Issue 50's scale, per club: `items` patrimônio items (a lot of 1 to 10 units each, in the 8
 * categories), `history` history entries spread over them in turn (1,000 over 200: 5 each, the
 * registration first), every 10th item out on loan to a unit (one in three of those overdue), and the
 * 'Kit Desbravador' of 5 pieces, the first piece given to half the members. Written as the app would:
 * the loans' 'emprestimo' lines among the history, the open-loan index filled.
 */
export async function generatePatrimonio(db: Db, items: number, history: number, wrap: (sql: string) => string = bulk): Promise<void> {
  await step(`patrimônio: ${items} items, ${history} history lines, kits`, () => db.exec(wrap(`
    CREATE TEMP TABLE b_items AS
      SELECT c.id AS club_id, k, gen_random_uuid() AS id FROM clubs c, generate_series(1, ${items}) k;
    INSERT INTO patrimonio_items (id, club_id, name, category, quantity, unit_value, acquired_on, acquisition, nfe_number, church_vote, location, condition)
      SELECT id, club_id, 'Item ' || lpad(k::text, 4, '0'),
             (ARRAY['barraca', 'cozinha', 'iluminacao', 'bandeira', 'fanfarra', 'primeiros_socorros', 'ferramenta', 'outro'])[1 + k % 8],
             1 + k % 10, 10 + (k % 50) * 7.5, ${CLUB_TODAY} - (k * 3), CASE WHEN k % 3 = 0 THEN 'comprado' ELSE 'doado' END,
             CASE WHEN k % 3 = 0 THEN 'NF ' || k END, 'Ata nº ' || (k % 12 + 1) || ', voto nº ' || k, 'Almoxarifado ' || (k % 4 + 1),
             (ARRAY['novo', 'bom', 'regular', 'ruim'])[1 + k % 4]
        FROM b_items;
    INSERT INTO patrimonio_loans (club_id, item_id, quantity, borrower_kind, unit_id, borrower_name, due_on, out_condition, out_at)
      SELECT i.club_id, i.id, 1, 'unidade', u.id, u.name, ${CLUB_TODAY} + CASE WHEN i.k % 30 = 0 THEN -5 ELSE 10 END, 'bom', now() - interval '7 days'
        FROM b_items i CROSS JOIN LATERAL (SELECT id, name FROM units WHERE club_id = i.club_id ORDER BY name LIMIT 1) u
       WHERE i.k % 10 = 0;
    INSERT INTO patrimonio_history (club_id, item_id, kind, condition_before, condition_after, quantity, note, at)
      SELECT i.club_id, i.id,
             CASE WHEN h <= ${items} THEN 'cadastro' ELSE (ARRAY['vistoria', 'manutencao', 'emprestimo', 'devolucao'])[1 + h % 4] END,
             CASE WHEN h > ${items} THEN 'bom' END, 'bom', CASE WHEN h <= ${items} THEN 1 END, 'Registro ' || h,
             now() - make_interval(hours => ${history} - h)
        FROM generate_series(1, ${history}) h JOIN b_items i ON i.k = 1 + (h - 1) % ${items};
    CREATE TEMP TABLE b_kits AS SELECT c.id AS club_id, gen_random_uuid() AS id FROM clubs c;
    INSERT INTO kits (id, club_id, name) SELECT id, club_id, 'Kit Desbravador' FROM b_kits;
    INSERT INTO kit_items (club_id, kit_id, name, price, position)
      SELECT k.club_id, k.id, p.name, p.price, p.position FROM b_kits k,
             (VALUES ('Lenço', 25, 0), ('Bíblia', 35, 1), ('Caderno', 12, 2), ('Cantil', 30, 3), ('Boné', 28, 4)) p(name, price, position);
    INSERT INTO kit_deliveries (club_id, kit_item_id, member_id, delivered_on, item_name)
      SELECT ki.club_id, ki.id, cm.id, ${CLUB_TODAY} - 30, ki.name
        FROM kit_items ki JOIN club_members cm ON cm.club_id = ki.club_id
       WHERE ki.position = 0 AND hashtext(cm.id::text) % 2 = 0;
    DROP TABLE b_items; DROP TABLE b_kits;
    ANALYZE patrimonio_items; ANALYZE patrimonio_loans; ANALYZE patrimonio_history; ANALYZE kits; ANALYZE kit_items; ANALYZE kit_deliveries;`)));
}

/**
 * The wrap of a step added to a kept platform: on a large one (more than 2,000 clubs, e.g. Brazil's
 * 16,000) without per-row triggers, as {@link bulk} does while generating — one transaction writing
 * in every club otherwise grows the transaction's list of changed clubs row by row (migration 0390).
 */
export async function keptPlatformWrap(db: Db): Promise<(sql: string) => string> {
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM clubs`);
  return (row?.n ?? 0) > 2000 ? (sql) => `BEGIN; SET LOCAL session_replication_role = replica; ${sql} COMMIT;` : (sql) => sql;
}

/** {@link generatePatrimonio} for a platform kept from before the patrimônio existed. */
export async function ensurePatrimonio(db: Db): Promise<void> {
  const [row] = await db.query<{ missing: boolean }>(`SELECT NOT EXISTS (SELECT 1 FROM patrimonio_items) AS missing`);
  if (row?.missing) await generatePatrimonio(db, DEFAULT_SIZE.patrimonioItems ?? 200, DEFAULT_SIZE.patrimonioHistory ?? 1000, await keptPlatformWrap(db));
}
