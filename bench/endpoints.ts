// The reads behind each screen that bench/run.ts loads and bench/platform-queries.ts explains: one
// club in the middle of a generated platform, its director (made super admin, for the platform
// reads) and one member, each signed in through the API.
import { hash } from '@node-rs/argon2';
import type { Db } from '../src/server/db/index.js';

const PASSWORD = 'segredo123';
export const DIRECTOR_EMAIL = 'diretor@bench.test';

/** Gives a generated profile a password and signs it in; returns the session cookie. */
export async function signInAs(db: Db, base: string, profileId: string, email: string): Promise<string> {
  await db.query('UPDATE profiles SET email = $2, password_hash = $3 WHERE id = $1', [profileId, email, await hash(PASSWORD)]);
  return logIn(base, email);
}

/** One more session of an account signed in by screenReads (the director: DIRECTOR_EMAIL); returns its cookie. */
export async function logIn(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-trilha-client': 'web' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

export interface ScreenReads {
  club: { id: string };
  period: { id: string } | undefined;
  admin: string;
  kid: string;
  /** [label, url, session cookie] */
  endpoints: Array<[string, string, string]>;
  /** Reads bench/platform-queries.ts explains but bench/run.ts does not load (same shape). */
  explainOnly: Array<[string, string, string]>;
}

export async function screenReads(db: Db, base: string, clubs: number): Promise<ScreenReads> {
  const [club] = await db.query<{ id: string }>(`SELECT id FROM clubs WHERE slug = $1`, [`clube-${Math.ceil(clubs / 2)}`]);
  if (!club) throw new Error('generated club not found');
  const people = await db.query<{ profile_id: string; role: string; id: string }>(
    `SELECT profile_id, role, id FROM club_members WHERE club_id = $1 ORDER BY role, profile_id`, [club.id]);
  const director = people.find((p) => p.role === 'admin');
  const member = people.find((p) => p.role === 'member');
  if (!director || !member) throw new Error('generated club has no director or member');
  const admin = await signInAs(db, base, director.profile_id, DIRECTOR_EMAIL);
  const kid = await signInAs(db, base, member.profile_id, 'membro@bench.test');
  await db.query(`UPDATE profiles SET user_type = 'super_admin' WHERE id = $1`, [director.profile_id]);
  const [period] = await db.query<{ id: string }>(`SELECT id FROM periods WHERE club_id = $1 ORDER BY start_date DESC LIMIT 1`, [club.id]);
  const c = `${base}/api/clubs/${club.id}`;
  // Issue 48 (the regional view): a coordinator with a verified e-mail that 100 clubs shared with.
  const [known] = await db.query<{ id: string }>(`SELECT id FROM profiles WHERE email = 'coordenacao@bench.test'`);
  const coordinatorId = known?.id ?? (await db.query<{ id: string }>(
    `INSERT INTO profiles (full_name, email, email_verified_at) VALUES ('Coordenação regional', 'coordenacao@bench.test', now()) RETURNING id`))[0].id;
  await db.query(
    `INSERT INTO regional_shares (club_id, email) SELECT id, 'coordenacao@bench.test' FROM clubs ORDER BY slug LIMIT 100
     ON CONFLICT DO NOTHING`);
  const regional = await signInAs(db, base, coordinatorId, 'coordenacao@bench.test');
  const year = new Date().getFullYear();
  // The programme reads: the member's cartão, the grid of their class (in this club: the regular class of
  // member i is REGULAR_CLASSES[i % 6], bench/platform-data.ts) and the 'prontos para investidura' list.
  const [enrolment] = await db.query<{ item_code: string }>(
    `SELECT item_code FROM programme_enrolments WHERE club_id = $1 AND member_id = $2 AND kind = 'class'`, [club.id, member.id]);
  const classCode = enrolment?.item_code ?? 'AMIGO';
  // One charge (the first of the list, with payments when there are some) and one event of the club.
  const [charge] = await db.query<{ id: string }>(
    `SELECT id FROM charges WHERE club_id = $1 ORDER BY paid_amount > 0 DESC, due_date DESC, id LIMIT 1`, [club.id]);
  const [event] = await db.query<{ id: string }>(`SELECT id FROM events WHERE club_id = $1 ORDER BY starts_on, id LIMIT 1`, [club.id]);
  // Issue 50: the first item of the club's list (with its history) and its kit.
  const [item] = await db.query<{ id: string }>(`SELECT id FROM patrimonio_items WHERE club_id = $1 ORDER BY pt_sort_key(name) COLLATE "C", name, id LIMIT 1`, [club.id]);
  const [kit] = await db.query<{ id: string }>(`SELECT id FROM kits WHERE club_id = $1 ORDER BY name, id LIMIT 1`, [club.id]);

  const [ata] = await db.query<{ id: string }>(`SELECT id FROM atas WHERE club_id = $1 ORDER BY year DESC, number LIMIT 1`, [club.id]);
  const endpoints: Array<[string, string, string]> = [
    ['health', `${base}/api/health`, ''],
    ['dashboard', `${c}/dashboard`, admin],
    ['dashboard: the panel in one read', `${c}/panel`, admin],
    ['members (first page of 50)', `${c}/members?limit=50`, admin],
    ['tasks', `${c}/tasks`, admin],
    ['my-tasks (member)', `${c}/my-tasks`, kid],
    ['approvals (pending, first page of 50)', `${c}/submissions?status=submitted&limit=50`, admin],
    ['ranking/individual', `${c}/ranking/individual`, admin],
    ['ranking/individual ?period', `${c}/ranking/individual?period_id=${period?.id ?? ''}`, admin],
    ['ranking/units', `${c}/ranking/units`, admin],
    ['ranking/units ?period', `${c}/ranking/units?period_id=${period?.id ?? ''}`, admin],
    ['badges', `${c}/badges`, admin],
    ['profile (member)', `${c}/profile`, kid],
    ['member profile', `${c}/members/${member.id}/profile`, admin],
    ['finance/summary', `${c}/finance/summary`, admin],
    ['transactions (first page of 20)', `${c}/transactions?limit=20`, admin],
    ['finance report monthly', `${c}/finance/reports/monthly`, admin],
    ['finance report by account', `${c}/finance/reports/by-chart-account?from=${year - 1}-01-01&to=${year}-12-31`, admin],
    ['admin/stats', `${base}/api/admin/stats`, admin],
    ['admin/clubs (first page)', `${base}/api/admin/clubs`, admin],
    // Issues 34–36 (programme, receivables, notifications).
    ['programme cartão (member)', `${c}/programme/members/${member.id}/card`, admin],
    [`programme grid (${classCode})`, `${c}/programme/items/${classCode}/grid`, admin],
    ['programme prontos para investidura', `${c}/programme/ready`, admin],
    ['charges: quem deve', `${c}/debtors`, admin],
    ["charges: member's open charges (member)", `${c}/my-charges`, kid],
    ['charges: list (first page of 50)', `${c}/charges?limit=50`, admin],
    ['charges: receivables report (year)', `${c}/reports/receivables?year=${year}`, admin],
    ['charges: default per unit report (year)', `${c}/reports/defaults?year=${year}`, admin],
    ['charges: events report (year)', `${c}/reports/events?year=${year}`, admin],
    ['charges: one charge', `${c}/charges/${charge?.id ?? ''}`, admin],
    ['events list', `${c}/events`, admin],
    // Brazil's size generates no events (events: false): one event is measured where there is one.
    ...(event ? [['events: one event', `${c}/events/${event.id}`, admin] as [string, string, string]] : []),
    ['programme report classes', `${c}/programme/reports/classes`, admin],
    ['programme report units', `${c}/programme/reports/units`, admin],
    ['programme report members', `${c}/programme/reports/members`, admin],
    ['programme report stale', `${c}/programme/reports/stale`, admin],
    ['programme report areas', `${c}/programme/reports/areas`, admin],
    ['notifications bell (member)', `${base}/api/notifications/unread`, kid],
    ['notifications first page (member)', `${base}/api/notifications?limit=20`, kid],
    // Issue 47 (secretaria): the books of the year.
    ['secretaria: atas (year)', `${c}/secretaria/atas?year=${year}`, admin],
    ['secretaria: atos (year)', `${c}/secretaria/atos?year=${year}`, admin],
    ['secretaria: protocolo (year)', `${c}/secretaria/oficios?year=${year}`, admin],
    ['secretaria: protocolo search', `${c}/secretaria/oficios?year=${year}&q=Assunto%201`, admin],
    ['secretaria: visitas (year)', `${c}/secretaria/visitas?year=${year}`, admin],
    // Issue 48 (Ano do clube): the club's calendar of the year, as a member reads it.
    ['associacao: calendar (year, member)', `${c}/associacao/calendar?year=${year}`, kid],
    ['associacao: readiness panel', `${c}/associacao/readiness`, admin],
    ['associacao: diretoria', `${c}/associacao/diretoria`, admin],
    ['associacao: evaluation', `${c}/associacao/evaluation?year=${year}`, admin],
    ['associacao: regional view (100 shared clubs)', `${base}/api/regional/clubs`, regional],
    ...(ata ? [['secretaria: one ata', `${c}/secretaria/atas/${ata.id}`, admin] as [string, string, string]] : []),
    ['secretaria: livro de atas (year)', `${c}/secretaria/livro-de-atas?year=${year}`, admin],
    ['secretaria: carteirinhas', `${c}/secretaria/carteirinhas`, admin],
    // Issue 50 (patrimônio): the storeroom, one item with its history, what is out, who lacks a kit's piece.
    ['patrimonio: items', `${c}/patrimonio/items`, admin],
    ['patrimonio: one item with history', `${c}/patrimonio/items/${item?.id ?? ''}`, admin],
    ['patrimonio: items out / overdue', `${c}/patrimonio/loans`, admin],
    ['patrimonio: summary', `${c}/patrimonio/summary`, admin],
    ["uniformes: kit 'quem ainda não recebeu'", `${c}/uniformes/kits/${kit?.id ?? ''}/pending`, admin],
  ];
  const explainOnly: Array<[string, string, string]> = [
    ['members sorted by name (first page of 50)', `${c}/members?limit=50&sort=nome`, admin],
    ['members sorted by points (first page of 50)', `${c}/members?limit=50&sort=pontos`, admin],
    ['notifications first page of one club (member)', `${base}/api/notifications?limit=20&club_id=${club.id}`, kid],
    ['admin push deliveries (failed / retrying)', `${base}/api/admin/push-deliveries`, admin],
  ];
  return { club, period, admin, kid, endpoints, explainOnly };
}
