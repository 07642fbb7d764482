import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/errors.js';
import { PAGINATION_MSG } from '../../shared/pagination.js';
import { CATEGORY_DEFAULTS, NOTIFICATION_MSG } from '../../shared/notifications.js';
import { addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { insertTask, insertUnit } from '../../../test/gamification.js';
import { notify } from './notify.js';

let ctx: TestContext;
let director: Session;
let kid: Session;
let counselor: Session;
let stranger: Session;
let club: { id: string };
let otherClub: { id: string };
let otherUnit: string;

// Smallest valid PNG (1×1).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

function submit(as: Session, taskId: string) {
  const boundary = '----trilha' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method: 'POST', url: `/api/clubs/${club.id}/my-tasks/${taskId}/submissions`, payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: as.cookie, 'x-trilha-client': 'web' },
  });
}

async function waitingSubmission(title: string, points = 20): Promise<string> {
  const taskId = await insertTask(ctx.db, club.id, { title, type: 'submission', points });
  const sent = await submit(kid, taskId);
  expect(sent.statusCode).toBe(201);
  return sent.json().id as string;
}

const list = (as: Session, query = '') => call(ctx.app, 'GET', `/api/notifications${query}`, { as });
const unread = async (as: Session) => (await call(ctx.app, 'GET', '/api/notifications/unread', { as })).json();

beforeAll(async () => {
  ctx = await createTestApp();
  await signUp(ctx.app, { name: 'Super Admin' });
  director = await signUp(ctx.app, { name: 'Diretora' });
  kid = await signUp(ctx.app, { name: 'Kid' });
  counselor = await signUp(ctx.app, { name: 'Conselheiro' });
  stranger = await signUp(ctx.app, { name: 'Estranho' });
  club = await createClub(ctx.app, director, 'Avisos');
  otherClub = await createClub(ctx.app, stranger, 'Outro');
  const kidsUnit = await insertUnit(ctx.db, club.id, 'Águias');
  otherUnit = await insertUnit(ctx.db, club.id, 'Falcões');
  await addMember(ctx.db, club.id, kid.profile.id, 'member', kidsUnit);
  await addMember(ctx.db, club.id, counselor.profile.id, 'counselor', otherUnit);
});
afterAll(() => ctx.close());

describe(`notifications on ${engineName()}`, () => {
  it('an approval tells the kid in the same club, with the task and the points; the bell counts it per club', async () => {
    const id = await waitingSubmission('Foto do acampamento');
    expect((await call(ctx.app, 'POST', `/api/clubs/${club.id}/submissions/${id}/approve`, { as: director })).statusCode).toBe(200);
    const page = (await list(kid)).json();
    expect(page.notifications[0]).toMatchObject({
      club_id: club.id, club_name: 'Avisos', category: 'achievements', kind: 'submission.approved',
      title: 'Envio aprovado: Foto do acampamento', body: 'Você ganhou 20 pontos.', link: '/dashboard/minhas-tarefas', read_at: null,
    });
    expect(await unread(kid)).toEqual({ total: 1, clubs: [{ club_id: club.id, unread: 1 }] });
    // The director who approved is told nothing.
    expect((await list(director)).json().notifications).toEqual([]);
  });

  it('a rejection carries the reason; marking one read and all read moves the count; another person\'s answers 404', async () => {
    const id = await waitingSubmission('Caderno');
    await call(ctx.app, 'POST', `/api/clubs/${club.id}/submissions/${id}/reject`, { as: director, body: { reason: 'Foto escura' } });
    const [rejected] = (await list(kid, `?club_id=${club.id}`)).json().notifications;
    expect(rejected).toMatchObject({ kind: 'submission.rejected', title: 'Envio não aprovado: Caderno', body: 'Motivo: Foto escura. Você pode enviar de novo.' });
    const before = (await unread(kid)).total;
    const other = await call(ctx.app, 'POST', `/api/notifications/${rejected.id}/read`, { as: director });
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe(NOTIFICATION_MSG.notFound);
    expect((await call(ctx.app, 'POST', `/api/notifications/${rejected.id}/read`, { as: kid })).statusCode).toBe(200);
    expect((await unread(kid)).total).toBe(before - 1);
    expect((await list(kid)).json().notifications[0].read_at).not.toBeNull();
    const all = await call(ctx.app, 'POST', '/api/notifications/read-all', { as: kid, body: { club_id: club.id } });
    expect(all.json().marked).toBe(before - 1);
    expect(await unread(kid)).toEqual({ total: 0, clubs: [] });
  });

  it('another club\'s notifications answer 404; bad ids, cursors and clubs get pt-BR messages', async () => {
    for (const res of [
      await list(kid, `?club_id=${otherClub.id}`),
      await call(ctx.app, 'POST', '/api/notifications/read-all', { as: kid, body: { club_id: otherClub.id } }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(MSG.clubNotFound);
    }
    expect((await list(kid, '?club_id=nao-e-clube')).json().error.message).toBe(NOTIFICATION_MSG.clubInvalid);
    expect((await list(kid, '?after=nao-e-cursor')).json().error.message).toBe(PAGINATION_MSG.invalidCursor);
    expect((await list(kid, '?limit=0')).json().error.message).toBe(PAGINATION_MSG.limit);
    expect((await call(ctx.app, 'POST', '/api/notifications/x/read', { as: kid })).json().error.message).toBe(NOTIFICATION_MSG.notFound);
    expect((await call(ctx.app, 'GET', '/api/notifications')).statusCode).toBe(401);
  });

  it('a refused approval (a counsellor of another unit) and a rolled-back transaction notify nobody', async () => {
    const count = async () => (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM notifications WHERE profile_id = $1`, [kid.profile.id]))[0].n;
    const before = await count();
    const id = await waitingSubmission('Nó de escota');
    expect((await call(ctx.app, 'POST', `/api/clubs/${club.id}/submissions/${id}/approve`, { as: counselor })).statusCode).toBe(403);
    await expect(ctx.db.transaction(async (tx) => {
      expect(await notify(tx, { clubId: club.id, to: [kid.profile.id], category: 'achievements', kind: 'submission.approved', title: 'Nunca', link: '/dashboard' })).toBe(1);
      throw new Error('a later step of the event failed');
    })).rejects.toThrow('a later step');
    expect(await count()).toBe(before);
  });

  it('pages newest first by keyset: every notification once, none skipped, with new ones arriving between pages', async () => {
    const person = await signUp(ctx.app, { name: 'Paginada' });
    await addMember(ctx.db, club.id, person.profile.id);
    for (let i = 0; i < 25; i += 1) {
      await notify(ctx.db, { clubId: club.id, to: [person.profile.id], category: 'tasks', kind: 'task.created', title: `Tarefa ${i}`, link: '/dashboard/minhas-tarefas' });
    }
    const first = (await list(person, '?limit=10')).json();
    expect(first.notifications.map((n: { title: string }) => n.title).slice(0, 2)).toEqual(['Tarefa 24', 'Tarefa 23']);
    await notify(ctx.db, { clubId: club.id, to: [person.profile.id], category: 'tasks', kind: 'task.created', title: 'Nova', link: '/dashboard/minhas-tarefas' });
    const seen: string[] = first.notifications.map((n: { title: string }) => n.title);
    let cursor: string | null = first.next_cursor;
    while (cursor) {
      const page = (await list(person, `?limit=10&after=${cursor}`)).json();
      seen.push(...page.notifications.map((n: { title: string }) => n.title));
      cursor = page.next_cursor;
    }
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => `Tarefa ${24 - i}`));
  });

  it('a dedupe key makes one notification per person and key; the account\'s own show in every club\'s list', async () => {
    const input = { clubId: club.id, to: [kid.profile.id, kid.profile.id], category: 'money' as const, kind: 'charge.overdue', title: 'Cobrança vencida', link: '/dashboard', dedupeKey: 'charge.overdue:x:2026-11-26' };
    expect(await notify(ctx.db, input)).toBe(1);
    expect(await notify(ctx.db, input)).toBe(0);
    await notify(ctx.db, { clubId: null, to: [kid.profile.id], category: 'security', kind: 'security.new_device', title: 'Novo acesso', link: '/dashboard/seguranca', urgent: true });
    const titles = (await list(kid, `?club_id=${club.id}`)).json().notifications.map((n: { title: string }) => n.title);
    expect(titles.slice(0, 2)).toEqual(['Novo acesso', 'Cobrança vencida']);
    const counts = await unread(kid);
    expect(counts.total).toBe(counts.clubs.reduce((s: number, c: { unread: number }) => s + c.unread, 0) + 1);
  });

  it('preferences: defaults per category, saved choices, and pt-BR refusals of an unknown category or mode', async () => {
    const person = await signUp(ctx.app, { name: 'Preferências' });
    const got = (await call(ctx.app, 'GET', '/api/notifications/preferences', { as: person })).json().preferences;
    expect(got.find((p: { category: string }) => p.category === 'leadership')).toMatchObject(CATEGORY_DEFAULTS.leadership);
    const saved = await call(ctx.app, 'PUT', '/api/notifications/preferences', { as: person, body: { preferences: [{ category: 'tasks', push: false, email: 'weekly' }] } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().preferences.find((p: { category: string }) => p.category === 'tasks')).toMatchObject({ push: false, email: 'weekly' });
    const bad = [
      [{ preferences: [{ category: 'fofoca', push: true, email: 'off' }] }, NOTIFICATION_MSG.categoryInvalid],
      [{ preferences: [{ category: 'tasks', push: true, email: 'sempre' }] }, NOTIFICATION_MSG.emailModeInvalid],
      [{ preferences: [{ category: 'tasks', push: 'sim', email: 'off' }] }, NOTIFICATION_MSG.pushInvalid],
      [{ preferences: [] }, NOTIFICATION_MSG.preferencesEmpty],
    ] as const;
    for (const [body, message] of bad) {
      const res = await call(ctx.app, 'PUT', '/api/notifications/preferences', { as: person, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
  });

  it('quiet hours: 22h–7h until the person changes them; their own hours (or none) decide when a push may go; pt-BR refusals', async () => {
    const person = await signUp(ctx.app, { name: 'Silêncio' });
    const prefs = () => call(ctx.app, 'GET', '/api/notifications/preferences', { as: person });
    const save = (body: unknown) => call(ctx.app, 'PUT', '/api/notifications/preferences', { as: person, body });
    expect((await prefs()).json().quiet_hours).toEqual({ start: 22, end: 7 });
    // The person's hour now, in the club's zone (São Paulo): quiet hours that hold it, and ones that do not.
    const [{ h }] = await ctx.db.query<{ h: number }>(`SELECT extract(hour FROM now() AT TIME ZONE 'America/Sao_Paulo')::int AS h`);
    const holding = { start: h, end: (h + 2) % 24 };
    const saved = await save({ quiet_hours: holding });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().quiet_hours).toEqual(holding);
    // Categories keep their choices when only the hours change.
    expect(saved.json().preferences.find((p: { category: string }) => p.category === 'tasks')).toMatchObject(CATEGORY_DEFAULTS.tasks);
    await ctx.db.query(`INSERT INTO push_subscriptions (profile_id, endpoint, p256dh, auth) VALUES ($1, 'https://push.example/silencio', 'k', 'a')`, [person.profile.id]);
    const pushAt = async (title: string, urgent = false) => {
      await notify(ctx.db, { clubId: club.id, to: [person.profile.id], category: 'tasks', kind: 'task.created', title, link: '/dashboard', urgent });
      const [row] = await ctx.db.query<{ waits: boolean; local_hour: number }>(
        `SELECT d.next_attempt_at > now() + interval '1 minute' AS waits, extract(hour FROM d.next_attempt_at AT TIME ZONE 'America/Sao_Paulo')::int AS local_hour
           FROM push_deliveries d JOIN notifications n ON n.id = d.notification_id WHERE n.profile_id = $1 AND n.title = $2`, [person.profile.id, title]);
      return row;
    };
    expect(await pushAt('Em silêncio')).toEqual({ waits: true, local_hour: holding.end });
    expect((await pushAt('Urgente', true))?.waits).toBe(false);
    expect((await save({ quiet_hours: { start: (h + 1) % 24, end: (h + 3) % 24 } })).statusCode).toBe(200);
    expect((await pushAt('Fora do silêncio'))?.waits).toBe(false);
    expect((await save({ quiet_hours: null })).json().quiet_hours).toBeNull();
    await save({ quiet_hours: holding });
    await save({ quiet_hours: null });
    expect((await pushAt('Sem silêncio'))?.waits).toBe(false);
    for (const [body, message] of [
      [{ quiet_hours: { start: 22, end: 22 } }, NOTIFICATION_MSG.quietHoursSame],
      [{ quiet_hours: { start: 24, end: 7 } }, NOTIFICATION_MSG.quietHoursInvalid],
      [{ quiet_hours: { start: 21.5, end: 7 } }, NOTIFICATION_MSG.quietHoursInvalid],
      [{ quiet_hours: { start: '22', end: 7 } }, NOTIFICATION_MSG.quietHoursInvalid],
      [{ quiet_hours: 'noite' }, NOTIFICATION_MSG.quietHoursInvalid],
      [{}, NOTIFICATION_MSG.preferencesEmpty],
    ] as const) {
      const res = await save(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect((await prefs()).json().quiet_hours).toBeNull();
  });
});
