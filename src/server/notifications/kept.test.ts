import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { one } from '../db/index.js';
import { NO_LIMITS, addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { notify } from './notify.js';

// ADR 087: the bell's count and the notification list are kept by the person's notifications version,
// read with the session. What a person relies on: a notice written, rewritten or read — through this
// server, another instance or plain SQL — shows on their very next read; nobody else's read moves.

let ctx: TestContext;
let director: Session;
let kid: Session;
let other: Session;
let club: { id: string };

const bell = (as: Session, app: FastifyInstance = ctx.app) => call(app, 'GET', '/api/notifications/unread', { as });
const list = (as: Session, query = '?limit=20', app: FastifyInstance = ctx.app) => call(app, 'GET', `/api/notifications${query}`, { as });
const unreadTotal = async (as: Session, app?: FastifyInstance) => ((await bell(as, app)).json() as { total: number }).total;
const tell = (to: Session, title: string, extra: { dedupeKey?: string } = {}) =>
  notify(ctx.db, { clubId: club.id, to: [to.profile.id], category: 'tasks', kind: 'task.created', title, link: '/dashboard/minhas-tarefas', ...extra });
const versionOf = async (s: Session) =>
  Number((await ctx.db.query<{ v: string }>('SELECT version::text AS v FROM notification_versions WHERE profile_id = $1', [s.profile.id]))[0]?.v ?? 0);

beforeAll(async () => {
  ctx = await createTestApp();
  await signUp(ctx.app, { name: 'Super Admin' });
  director = await signUp(ctx.app, { name: 'Diretora' });
  kid = await signUp(ctx.app, { name: 'Kid Sino' });
  other = await signUp(ctx.app, { name: 'Outra Pessoa' });
  club = await createClub(ctx.app, director, 'Clube do Sino');
  await addMember(ctx.db, club.id, kid.profile.id);
  await addMember(ctx.db, club.id, other.profile.id);
});
afterAll(() => ctx.close());

describe(`the bell and the list kept per person on ${engineName()}`, () => {
  it('the same read twice runs its query once; a new notice is on the very next read of both', async () => {
    await tell(kid, 'Primeiro aviso');
    const first = await bell(kid);
    const firstList = await list(kid);
    const hits = ctx.app.answers.hits;
    expect((await bell(kid)).body).toBe(first.body);
    expect((await list(kid)).body).toBe(firstList.body);
    expect(ctx.app.answers.hits).toBe(hits + 2);

    await tell(kid, 'Segundo aviso');
    expect(await unreadTotal(kid)).toBe(first.json().total + 1);
    expect((await list(kid)).json().notifications[0].title).toBe('Segundo aviso');
  });

  it('marking one read and all read show at once; the query string is part of the key', async () => {
    await tell(kid, 'Para ler');
    const before = await unreadTotal(kid);
    const [newest] = (await list(kid)).json().notifications as Array<{ id: string; read_at: string | null }>;
    expect((await list(kid, '?limit=1')).json().notifications).toHaveLength(1);
    expect(newest.read_at).toBeNull();
    expect((await call(ctx.app, 'POST', `/api/notifications/${newest.id}/read`, { as: kid })).statusCode).toBe(200);
    expect(await unreadTotal(kid)).toBe(before - 1);
    expect((await list(kid)).json().notifications[0].read_at).not.toBeNull();
    expect((await list(kid, '?limit=1')).json().notifications[0].read_at).not.toBeNull();
    // Read again: nothing changes, and the kept answer stays.
    const v = await versionOf(kid);
    await call(ctx.app, 'POST', `/api/notifications/${newest.id}/read`, { as: kid });
    expect(await versionOf(kid)).toBe(v);

    expect((await call(ctx.app, 'POST', '/api/notifications/read-all', { as: kid, body: {} })).statusCode).toBe(200);
    expect((await bell(kid)).json()).toEqual({ total: 0, clubs: [] });
    expect((await list(kid)).json().notifications.every((n: { read_at: string | null }) => n.read_at !== null)).toBe(true);
  });

  it("another person's notices, reads and the e-mail worker's marks move nobody else's kept answers", async () => {
    await bell(kid);
    await list(kid);
    const v = await versionOf(kid);
    const hits = ctx.app.answers.hits;
    await tell(other, 'Só para a outra');
    await call(ctx.app, 'POST', '/api/notifications/read-all', { as: other, body: {} });
    await ctx.db.query(`UPDATE notifications SET emailed_at = now() WHERE profile_id = $1`, [kid.profile.id]);
    expect(await versionOf(kid)).toBe(v);
    await bell(kid);
    await list(kid);
    expect(ctx.app.answers.hits).toBe(hits + 2);
  });

  it('plain SQL, a grouped notice rewritten, a renamed club and a deleted notice all show on the next read', async () => {
    await ctx.db.query(
      `INSERT INTO notifications (club_id, profile_id, category, kind, title, body, link) VALUES ($1, $2, 'tasks', 'task.created', 'Por SQL', '', '/dashboard')`,
      [club.id, kid.profile.id]);
    expect((await list(kid)).json().notifications[0].title).toBe('Por SQL');

    await notify(ctx.db, { clubId: club.id, to: [kid.profile.id], category: 'achievements', kind: 'programme.signed', title: '1 requisito assinado', link: '/dashboard', dedupeKey: 'dia-1' });
    await call(ctx.app, 'POST', '/api/notifications/read-all', { as: kid, body: {} });
    expect(await unreadTotal(kid)).toBe(0);
    await notify(ctx.db, { clubId: club.id, to: [kid.profile.id], category: 'achievements', kind: 'programme.signed', title: '2 requisitos assinados', link: '/dashboard', dedupeKey: 'dia-1' });
    // The key held and no rewrite asked for: a no-op, still read.
    expect(await unreadTotal(kid)).toBe(0);
    await ctx.db.query(`UPDATE notifications SET title = '2 requisitos assinados', read_at = NULL WHERE profile_id = $1 AND dedupe_key = 'dia-1'`, [kid.profile.id]);
    expect(await unreadTotal(kid)).toBe(1);
    expect((await list(kid)).json().notifications.map((n: { title: string }) => n.title)).toContain('2 requisitos assinados');

    await ctx.db.query(`UPDATE clubs SET name = 'Clube Renomeado' WHERE id = $1`, [club.id]);
    expect((await list(kid)).json().notifications[0].club_name).toBe('Clube Renomeado');

    await ctx.db.query(`DELETE FROM notifications WHERE profile_id = $1 AND dedupe_key = 'dia-1'`, [kid.profile.id]);
    expect(await unreadTotal(kid)).toBe(0);
  });

  it('a rolled-back notice moves nothing; one transaction of many notices moves each person once', async () => {
    const [v0, w0] = [await versionOf(kid), await versionOf(other)];
    await expect(ctx.db.transaction(async (tx) => {
      await notify(tx, { clubId: club.id, to: [kid.profile.id], category: 'tasks', kind: 'task.created', title: 'Nunca', link: '/dashboard' });
      throw new Error('desfaz');
    })).rejects.toThrow('desfaz');
    expect(await versionOf(kid)).toBe(v0);
    await ctx.db.transaction(async (tx) => {
      await tx.query('SAVEPOINT s');
      await notify(tx, { clubId: club.id, to: [kid.profile.id], category: 'tasks', kind: 'task.created', title: 'Desfeito', link: '/dashboard' });
      await tx.query('ROLLBACK TO SAVEPOINT s');
      for (let i = 0; i < 3; i += 1) {
        await notify(tx, { clubId: club.id, to: [kid.profile.id, other.profile.id], category: 'tasks', kind: 'task.created', title: `Lote ${i}`, link: '/dashboard' });
      }
    });
    expect([await versionOf(kid), await versionOf(other)]).toEqual([v0 + 1, w0 + 1]);
    // One transaction, one created_at: the three come first, in id order.
    const titles = (await list(kid)).json().notifications.slice(0, 3).map((n: { title: string }) => n.title);
    expect(titles.sort()).toEqual(['Lote 0', 'Lote 1', 'Lote 2']);
  });

  it('one statement of many notices for many people notes each once; a club deleted with its notices commits', async () => {
    const [v0, w0] = [await versionOf(kid), await versionOf(other)];
    await ctx.db.query(
      `INSERT INTO notifications (club_id, profile_id, category, kind, title, body, link)
         SELECT $1, p, 'tasks', 'task.created', 'Em massa ' || g, '', '/dashboard' FROM unnest($2::uuid[]) p, generate_series(1, 500) g`,
      [club.id, [kid.profile.id, other.profile.id]]);
    expect([await versionOf(kid), await versionOf(other)]).toEqual([v0 + 1, w0 + 1]);
    await ctx.db.query(`UPDATE notifications SET read_at = now() WHERE title LIKE 'Em massa %'`);
    expect([await versionOf(kid), await versionOf(other)]).toEqual([v0 + 2, w0 + 2]);

    const gone = await createClub(ctx.app, director, 'Clube que sai');
    await notify(ctx.db, { clubId: gone.id, to: [kid.profile.id], category: 'tasks', kind: 'task.created', title: 'Do clube que sai', link: '/dashboard' });
    expect((await list(kid)).json().notifications[0].title).toBe('Do clube que sai');
    await ctx.db.query('DELETE FROM clubs WHERE id = $1', [gone.id]);
    expect((await list(kid)).json().notifications[0].title).not.toBe('Do clube que sai');
  });

  it('a kept answer carries an ETag: 304 until a notice changes, then a full 200', async () => {
    const first = await bell(kid);
    const etag = String(first.headers.etag);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await ctx.app.inject({ method: 'GET', url: '/api/notifications/unread', headers: { cookie: kid.cookie, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    await tell(kid, 'Mudou');
    const changed = await ctx.app.inject({ method: 'GET', url: '/api/notifications/unread', headers: { cookie: kid.cookie, 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    // Another person never gets a 304 for a text they were not sent.
    const asOther = await ctx.app.inject({ method: 'GET', url: '/api/notifications/unread', headers: { cookie: other.cookie, 'if-none-match': String(changed.headers.etag) } });
    expect(asOther.statusCode).not.toBe(304);
  });

  it('the session lookup of requests arriving together reads each person\'s own version', async () => {
    await tell(kid, 'Juntos');
    const answers = await Promise.all([kid, other, kid, director, other].map((s) => bell(s)));
    const expected = await Promise.all([kid, other, kid, director, other].map(async (s) =>
      (await one<{ n: number }>(ctx.db, 'SELECT count(*)::int AS n FROM notifications WHERE profile_id = $1 AND read_at IS NULL', [s.profile.id])).n));
    expect(answers.map((r) => r.json().total)).toEqual(expected);
  });

  it.runIf(engineName() === 'postgres')('transactions notifying the same two people in opposite orders commit without a deadlock, each counted', async () => {
    const [v0, w0] = [await versionOf(kid), await versionOf(other)];
    await Promise.all(Array.from({ length: 8 }, (_, i) => ctx.db.transaction(async (tx) => {
      for (const s of i % 2 === 0 ? [kid, other] : [other, kid]) {
        await notify(tx, { clubId: club.id, to: [s.profile.id], category: 'tasks', kind: 'task.created', title: `Cruzado ${i}`, link: '/dashboard' });
        await tx.query('SELECT pg_sleep(0.02)');
      }
    })));
    expect([await versionOf(kid), await versionOf(other)]).toEqual([v0 + 8, w0 + 8]);
  });

  it.runIf(engineName() === 'postgres')("two instances on one PostgreSQL: a notice read through one shows on the other's next read", async () => {
    const second = await buildApp({ db: ctx.db, dataDir: ctx.dataDir, limits: NO_LIMITS });
    await second.ready();
    try {
      await tell(kid, 'Em duas instâncias');
      const total = await unreadTotal(kid);
      expect(await unreadTotal(kid, second)).toBe(total);
      const [newest] = (await list(kid, '?limit=20', second)).json().notifications as Array<{ id: string }>;
      expect((await call(second, 'POST', `/api/notifications/${newest.id}/read`, { as: kid })).statusCode).toBe(200);
      expect(await unreadTotal(kid)).toBe(total - 1);
      expect((await list(kid)).json().notifications[0].read_at).not.toBeNull();
      await call(ctx.app, 'POST', '/api/notifications/read-all', { as: kid, body: {} });
      expect(await unreadTotal(kid, second)).toBe(0);
    } finally {
      await second.close();
    }
  });
});
