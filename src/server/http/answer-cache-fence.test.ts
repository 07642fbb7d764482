import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { insertTask, insertUnit } from '../../../test/gamification.js';
import type { KeptReadScope } from './answer-cache.js';

// ADR 026, issue 33: a kept answer is right only while nothing it read can change without moving the
// club's data version. So every kept read (AnswerCache.cachedRead) must read only tables that carry the
// version triggers of migration 0390 (views are followed to their tables), and must not read the clock
// unless it declared how long its answer holds (validForMs: 'Minhas Tarefas', the monthly report).
// This walk reads every statement those reads send, on a club with a little of everything.

const CLOCK = /\b(now\s*\(\s*\)|current_date|current_time|current_timestamp|localtime|localtimestamp|clock_timestamp|statement_timestamp|transaction_timestamp|timeofday)\b/i;
const NAMED = /\b(?:from|join)\s+(?:only\s+)?("?[a-z_][a-z0-9_]*"?(?:\.[a-z_][a-z0-9_]*)?)\b(?!\s*\()/gi;

let ctx: TestContext;
let director: Session;
let kid: Session;
let superAdmin: Session;
let clubId: string;
/** The kid's club_members row, a charge and an event of the club (the day-kept reads of issue 45). */
let kidMemberId: string;
let chargeId: string;
let eventId: string;
/** An ata, an ofício, a patrimônio item, a kit and an Associação report of the club (the kept reads of issues 47, 48 and 50). */
let ataId: string;
let oficioId: string;
let itemId: string;
let kitId: string;
let reportId: string;
const statements: Array<KeptReadScope & { sql: string }> = [];

beforeAll(async () => {
  ctx = await createTestApp();
  superAdmin = await signUp(ctx.app, { name: 'Super Admin' });
  director = await signUp(ctx.app, { name: 'Diretora Cerca' });
  kid = await signUp(ctx.app, { name: 'Kid Cerca' });
  clubId = (await createClub(ctx.app, director, 'Cerca')).id;
  const unitId = await insertUnit(ctx.db, clubId, 'Águias');
  await addMember(ctx.db, clubId, kid.profile.id, 'member', unitId);
  await insertTask(ctx.db, clubId, { title: 'Nó de escota', type: 'check', points: 10 });
  await call(ctx.app, 'POST', `/api/clubs/${clubId}/periods`, {
    as: director, body: { name: '2026', description: null, start_date: '2026-01-01', end_date: '2026-12-31', active: true },
  });
  [{ id: kidMemberId }] = await ctx.db.query<{ id: string }>('SELECT id FROM club_members WHERE club_id = $1 AND profile_id = $2', [clubId, kid.profile.id]);
  const enrol = await call(ctx.app, 'POST', `/api/clubs/${clubId}/programme/enrolments`, { as: director, body: { member_id: kidMemberId, item_code: 'AMIGO' } });
  expect(enrol.statusCode, enrol.body).toBe(201);
  const charge = await call(ctx.app, 'POST', `/api/clubs/${clubId}/charges`, {
    as: director, body: { profile_id: kid.profile.id, description: 'Mensalidade de outubro', amount: '85,50', due_date: '2026-10-10', origin: 'mensalidade' },
  });
  expect(charge.statusCode, charge.body).toBe(201);
  chargeId = charge.json().id;
  const event = await call(ctx.app, 'POST', `/api/clubs/${clubId}/events`, {
    as: director, body: { title: 'Passeio', kind: 'passeio', starts_on: '2099-03-10', ends_on: '2099-03-11', registration_deadline: '2099-03-01', place: 'Parque', cost: '90,00', instalments: 1, places: 40, checklist_items: [] },
  });
  expect(event.statusCode, event.body).toBe(201);
  eventId = event.json().id;
  const kidAsPresent = [kidMemberId];
  const ata = await call(ctx.app, 'POST', `/api/clubs/${clubId}/secretaria/atas`, {
    as: director, body: { kind: 'diretoria', held_on: '2026-03-10', place: 'Sala', presided_by: 'Diretora', written_by: 'Secretário', present_member_ids: kidAsPresent,
      visitors: [], agenda: 'Pauta', body: 'Texto', votos: [{ subject: 'Acampamento', votes_for: 1, votes_against: 0, abstentions: 0 }] },
  });
  expect(ata.statusCode, ata.body).toBe(201);
  ataId = ata.json().id;
  const oficio = await call(ctx.app, 'POST', `/api/clubs/${clubId}/secretaria/oficios`, { as: director, body: { dated_on: '2026-05-02', counterpart: 'Associação', subject: 'Campori', body: 'Prezados' } });
  expect(oficio.statusCode, oficio.body).toBe(201);
  oficioId = oficio.json().id;
  const item = await call(ctx.app, 'POST', `/api/clubs/${clubId}/patrimonio/items`, {
    as: director, body: { name: 'Barraca', category: 'barraca', quantity: 2, unit_value: '350,00', acquired_on: '2025-01-10', acquisition: 'comprado', nfe_number: 'NF 1', church_vote: null, location: 'Almoxarifado', condition: 'bom', notes: null },
  });
  expect(item.statusCode, item.body).toBe(201);
  itemId = item.json().id;
  const kit = await call(ctx.app, 'POST', `/api/clubs/${clubId}/uniformes/kits`, { as: director, body: { name: 'Kit', items: [{ name: 'Lenço', price: '25,00' }] } });
  expect(kit.statusCode, kit.body).toBe(201);
  kitId = kit.json().id;
  const report = await call(ctx.app, 'POST', `/api/clubs/${clubId}/associacao/reports`, { as: director, body: { period_kind: 'monthly', year: 2026, month: 3 } });
  expect(report.statusCode, report.body).toBe(201);
  reportId = report.json().id;
  // The kid's confirmed e-mail coordinates the region: the club shares its view with it (issue 48).
  await ctx.db.query(`UPDATE profiles SET email_verified_at = now() WHERE id = $1`, [kid.profile.id]);
  const share = await call(ctx.app, 'POST', `/api/clubs/${clubId}/associacao/regional-shares`, { as: director, body: { email: kid.profile.email } });
  expect(share.statusCode, share.body).toBe(201);
  // The setup's writes started the push and e-mail workers: let them finish, or their statements land in
  // the first kept read's list on a busy machine.
  await ctx.app.notifications.drain();
  await ctx.app.mail.drain();
  // Every statement sent while a kept read computes its answer (the walk sends one request at a time).
  let current: KeptReadScope | null = null;
  ctx.app.answers.observer = { start: (scope) => { current = scope; }, end: () => { current = null; } };
  const query = ctx.db.query.bind(ctx.db);
  ctx.db.query = ((sql: string, params?: readonly unknown[]) => {
    const scope = current;
    if (scope) statements.push({ ...scope, sql });
    return query(sql, params);
  }) as typeof ctx.db.query;
});
afterAll(() => ctx.close());

/** The kept reads, as a screen asks for them. */
function keptReads(): Array<[string, Session]> {
  const c = `/api/clubs/${clubId}`;
  const year = new Date().getFullYear();
  return [
    [`${c}/dashboard`, director],
    [`${c}/panel`, director],
    [`${c}/panel`, kid],
    [`${c}/members?limit=50`, director],
    [`${c}/tasks`, director],
    [`${c}/my-tasks`, kid],
    [`${c}/submissions?status=submitted&limit=50`, director],
    [`${c}/ranking/individual`, director],
    [`${c}/ranking/units`, director],
    [`${c}/badges`, director],
    [`${c}/profile`, kid],
    [`${c}/members/${kid.profile.id}/profile`, director],
    [`${c}/finance/summary`, director],
    [`${c}/transactions?limit=20`, director],
    [`${c}/finance/reports/monthly`, director],
    [`${c}/finance/reports/by-chart-account?from=${year - 1}-01-01&to=${year}-12-31`, director],
    // Kept for the club's day (issue 45): they read the clock and say until when their answer holds.
    [`${c}/charges?limit=50`, director],
    [`${c}/charges/${chargeId}`, director],
    [`${c}/my-charges`, kid],
    [`${c}/debtors`, director],
    [`${c}/reports/receivables?year=${year}`, director],
    [`${c}/reports/defaults?year=${year}`, director],
    [`${c}/reports/events?year=${year}`, director],
    [`${c}/events`, director],
    [`${c}/events/${eventId}`, director],
    [`${c}/programme/members/${kidMemberId}/card`, director],
    [`${c}/programme/items/AMIGO/grid`, director],
    [`${c}/programme/ready`, director],
    ...['classes', 'units', 'members', 'stale', 'areas'].map((kind): [string, Session] => [`${c}/programme/reports/${kind}`, director]),
    // The secretaria, the patrimônio and the Associação's books (issues 47, 48 and 50), kept for the club's day.
    ...['people', 'atas', `atas/${ataId}`, 'votos', 'atos', 'oficios', `oficios/${oficioId}`, 'visitas', `livro-de-atas?year=${year}`, 'carteirinhas']
      .map((path): [string, Session] => [`${c}/secretaria/${path}`, director]),
    ...['summary', 'items', `items/${itemId}`, 'borrowers', 'loans'].map((path): [string, Session] => [`${c}/patrimonio/${path}`, director]),
    [`${c}/uniformes/me`, kid],
    ...['sizes', 'kits', `kits/${kitId}/pending`, `kits/${kitId}/order`].map((path): [string, Session] => [`${c}/uniformes/${path}`, director]),
    ...['readiness', 'diretoria', 'evaluation', 'calendar', 'plan', 'reports', `reports/${reportId}`].map((path): [string, Session] => [`${c}/associacao/${path}`, director]),
    // Kept by the versions of every club shared with the coordinator (several clubs at once).
    ['/api/regional/clubs', kid],
    [`/api/regional/clubs/${clubId}`, kid],
    ['/api/admin/stats', superAdmin],
    ['/api/admin/clubs', superAdmin],
    // Kept per person by the version of their notifications (ADR 087), not by a club's.
    ['/api/notifications/unread', kid],
    ['/api/notifications?limit=20', kid],
    [`/api/notifications?limit=20&club_id=${clubId}`, kid],
  ];
}

describe(`kept answers are fenced on ${engineName()}`, () => {
  it('every kept read reads only versioned tables, and the clock only when it declared how long it holds', async () => {
    for (const [url, as] of keptReads()) {
      const res = await call(ctx.app, 'GET', url, { as });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    const tablesWithTrigger = async (name: string) => new Set((await ctx.db.query<{ t: string }>(
      `SELECT DISTINCT c.relname::text AS t FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid WHERE g.tgname = $1`, [name],
    )).map((r) => r.t));
    // A club read's tables move the club's (or the platform's) version; a person's read's tables move the
    // person's notifications version (migration 1060: the notices, and a club's name shown on them).
    const versioned = { club: await tablesWithTrigger('club_data_ins'), person: await tablesWithTrigger('notices_version_upd') };
    const relations = new Map((await ctx.db.query<{ name: string; kind: string }>(
      `SELECT c.relname::text AS name, c.relkind::text AS kind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'v', 'm', 'p')`,
    )).map((r) => [r.name, r.kind]));
    const viewTables = new Map<string, string[]>();
    for (const r of await ctx.db.query<{ v: string; t: string }>(
      `SELECT DISTINCT v.relname::text AS v, t.relname::text AS t
         FROM pg_rewrite w JOIN pg_class v ON v.oid = w.ev_class
         JOIN pg_depend d ON d.objid = w.oid AND d.classid = 'pg_rewrite'::regclass AND d.refclassid = 'pg_class'::regclass
         JOIN pg_class t ON t.oid = d.refobjid AND t.oid <> v.oid
        WHERE v.relkind IN ('v', 'm')`,
    )) viewTables.set(r.v, [...(viewTables.get(r.v) ?? []), r.t]);
    const tablesOf = (name: string, seen = new Set<string>()): string[] => {
      if (seen.has(name)) return [];
      seen.add(name);
      const kind = relations.get(name);
      if (kind === 'v' || kind === 'm') return (viewTables.get(name) ?? []).flatMap((t) => tablesOf(t, seen));
      return kind === undefined ? [] : [name];
    };

    const routes = new Set(statements.map((s) => s.route));
    expect(routes.size).toBeGreaterThanOrEqual(14);
    expect([...routes].filter((r) => r.startsWith('/api/notifications'))).toHaveLength(2);
    const problems: string[] = [];
    for (const s of statements) {
      if (!s.clockBound && CLOCK.test(s.sql)) problems.push(`${s.route} reads the clock: ${s.sql.slice(0, 200)}`);
      const names = [...s.sql.matchAll(NAMED)].map((m) => (m[1] ?? '').replace(/"/g, '').replace(/^public\./, ''));
      for (const table of new Set(names.flatMap((n) => tablesOf(n)))) {
        if (!versioned[s.keyedBy].has(table)) problems.push(`${s.route} reads ${table}, which moves no ${s.keyedBy} version`);
      }
    }
    expect([...new Set(problems)]).toEqual([]);
  });

  it('every route whose handler keeps answers is walked above', () => {
    const walked = new Set(keptReads().map(([url]) => url.split('?')[0]
      .replace(clubId, ':clubId').replace(kid.profile.id, ':memberId').replace(kidMemberId, ':memberId')
      .replace(chargeId, ':id').replace(eventId, ':id').replace('/items/AMIGO/', '/items/:code/')
      .replace(ataId, ':id').replace(oficioId, ':id').replace(itemId, ':itemId').replace(kitId, ':kitId').replace(reportId, ':reportId')));
    const keeping = ctx.app.routeCatalog
      .filter((r) => r.method === 'GET' && /answers\.(send|sendPersonal|sendCrossClub|cachedRead)\(|sendMemberProfile\(|sendKept\(/.test(String(r.handler)))
      .map((r) => r.url);
    expect(keeping.length).toBeGreaterThan(10);
    expect(keeping.filter((url) => !walked.has(url))).toEqual([]);
  });

  it('a kept answer carries an ETag; If-None-Match answers 304 with no body until the data changes', async () => {
    const url = `/api/clubs/${clubId}/members?limit=50`;
    const first = await call(ctx.app, 'GET', url, { as: director });
    const etag = first.headers.etag;
    expect(typeof etag).toBe('string');
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await ctx.app.inject({ method: 'GET', url, headers: { cookie: director.cookie, 'if-none-match': String(etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // Compressed or not, the same text has the same (weak) tag.
    const zipped = await ctx.app.inject({ method: 'GET', url, headers: { cookie: director.cookie, 'if-none-match': String(etag), 'accept-encoding': 'br' } });
    expect(zipped.statusCode).toBe(304);
    // A change to what the answer shows: a new text, a new tag, a full 200.
    await insertUnit(ctx.db, clubId, 'Falcões');
    const kid2 = await signUp(ctx.app, { name: 'Novo Membro' });
    await addMember(ctx.db, clubId, kid2.profile.id);
    const changed = await ctx.app.inject({ method: 'GET', url, headers: { cookie: director.cookie, 'if-none-match': String(etag) } });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('Novo Membro');
    expect(changed.headers.etag).not.toBe(etag);
    // Another person never gets a 304 for a text they were not sent.
    const asKid = await ctx.app.inject({ method: 'GET', url, headers: { cookie: kid.cookie, 'if-none-match': String(changed.headers.etag) } });
    expect(asKid.statusCode).not.toBe(304);
  });
});
