import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import type { Queryable } from '../db/index.js';
import { SessionLookups } from './session-lookups.js';

let ctx: TestContext;
const people: Array<{ session: Session; club: { id: string } }> = [];
let revoked: Session;
let superAdmin: Session;

beforeAll(async () => {
  ctx = await createTestApp();
  // The platform's first account is its super admin: full access to every club.
  superAdmin = await signUp(ctx.app, { name: 'Plataforma' });
  for (let i = 0; i < 6; i += 1) {
    const session = await signUp(ctx.app, { name: `Diretor ${i}` });
    people.push({ session, club: await createClub(ctx.app, session, `Lote ${i}`) });
  }
  revoked = await signUp(ctx.app, { name: 'Saiu' });
  expect((await call(ctx.app, 'POST', '/api/auth/logout', { as: revoked })).statusCode).toBe(200);
});
afterAll(() => ctx.close());

/** The batched session read (many lookups in one statement) and the single-lookup ones. */
const isBatchedRead = (sql: string) => sql.includes('FROM unnest($1::text[], $2::uuid[]) WITH ORDINALITY');
const isSingleRead = (sql: string) => /FROM sessions s JOIN profiles p/.test(sql) && !sql.includes('unnest');

/** Records the SQL the app sends while `fn` runs (and, into `values`, each statement's parameters). */
async function statementsDuring(fn: () => Promise<void>, values: unknown[][] = []): Promise<string[]> {
  const db = ctx.db as unknown as { query: Queryable['query'] };
  const original = db.query;
  const sent: string[] = [];
  db.query = ((sql: string, params?: unknown[]) => {
    sent.push(sql);
    values.push(params ?? []);
    return original.call(ctx.db, sql, params);
  }) as Queryable['query'];
  try {
    await fn();
  } finally {
    db.query = original;
  }
  return sent;
}

describe('sessions read together', () => {
  it('requests arriving together read their sessions in one statement, and each gets only its own', async () => {
    const sent = await statementsDuring(async () => {
      const answers = await Promise.all([
        ...people.map(({ session }) => call(ctx.app, 'GET', '/api/auth/me', { as: session })),
        ...people.map(({ session, club }) => call(ctx.app, 'GET', `/api/clubs/${club.id}/ranking/units`, { as: session })),
        // Each asks for the next person's club: a stranger to it.
        ...people.map(({ session }, i) => call(ctx.app, 'GET', `/api/clubs/${people[(i + 1) % people.length].club.id}/ranking/units`, { as: session })),
        call(ctx.app, 'GET', `/api/clubs/${people[3].club.id}/ranking/units`, { as: superAdmin }),
        call(ctx.app, 'GET', '/api/auth/me', { as: revoked }),
        call(ctx.app, 'GET', `/api/clubs/${people[0].club.id}/ranking/units`, { as: revoked }),
        call(ctx.app, 'GET', '/api/auth/me'),
      ]);
      const n = people.length;
      answers.slice(0, n).forEach((res, i) => {
        expect(res.statusCode).toBe(200);
        expect(res.json().profile.id).toBe(people[i].session.profile.id);
      });
      answers.slice(n, 2 * n).forEach((res) => expect(res.statusCode).toBe(200));
      expect(answers.slice(2 * n, 3 * n).map((r) => r.statusCode)).toEqual(people.map(() => 404));
      expect(answers.slice(3 * n).map((r) => r.statusCode)).toEqual([200, 401, 401, 401]);
    });
    const batched = sent.filter(isBatchedRead);
    const single = sent.filter(isSingleRead);
    expect(batched.length).toBeGreaterThan(0);
    // 3 × 6 + 3 requests with a cookie: fewer statements than requests.
    expect(batched.length + single.length).toBeLessThan(3 * people.length + 3);
  });

  it("one person's calls sent together read their session once, and a revoked one is refused in all of them", async () => {
    const { session, club } = people[1];
    const values: unknown[][] = [];
    const sent = await statementsDuring(async () => {
      const answers = await Promise.all([
        ...Array.from({ length: 4 }, () => call(ctx.app, 'GET', '/api/auth/me', { as: session })),
        ...Array.from({ length: 3 }, () => call(ctx.app, 'GET', `/api/clubs/${club.id}/ranking/units`, { as: session })),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual(Array(7).fill(200));
      answers.slice(0, 4).forEach((res) => expect(res.json().profile.id).toBe(session.profile.id));
    }, values);
    // Seven requests, two distinct lookups (the session alone, the session in its club): each token
    // array sent is at most those two.
    const reads = sent.flatMap((sql, i) => (isBatchedRead(sql) || isSingleRead(sql) ? [values[i]] : []));
    expect(reads.length).toBeGreaterThan(0);
    const lookedUp = reads.reduce((n, params) => n + (Array.isArray(params[0]) ? params[0].length : 1), 0);
    expect(lookedUp).toBeLessThanOrEqual(reads.length === 1 ? 2 : 4);
    const gone = await signUp(ctx.app, { name: 'Saiu junto' });
    expect((await call(ctx.app, 'POST', '/api/auth/logout', { as: gone })).statusCode).toBe(200);
    const refused = await Promise.all(Array.from({ length: 3 }, () => call(ctx.app, 'GET', '/api/auth/me', { as: gone })));
    expect(refused.map((r) => r.statusCode)).toEqual([401, 401, 401]);
  });

  it('a session revoked before the request is refused even when read in a batch', async () => {
    const victim = await signUp(ctx.app, { name: 'Revogada' });
    const other = people[0].session;
    expect((await call(ctx.app, 'POST', '/api/auth/logout', { as: victim })).statusCode).toBe(200);
    const [mine, theirs] = await Promise.all([call(ctx.app, 'GET', '/api/auth/me', { as: victim }), call(ctx.app, 'GET', '/api/auth/me', { as: other })]);
    expect(mine.statusCode).toBe(401);
    expect(theirs.json().profile.id).toBe(other.profile.id);
  });
});

describe('SessionLookups', () => {
  const row = (id: string) => ({ session_id: id, profile_id: id });

  it('gives each lookup the row of its position, whatever order the database answers in; a missing one is null', async () => {
    const sent: unknown[][] = [];
    const db = {
      query: async (_sql: string, params: unknown[]) => {
        sent.push(params);
        const tokens = params[0] as string[];
        return tokens.map((t, i) => ({ lookup: i + 1, ...row(t) })).filter((r) => r.session_id !== 'sumiu').reverse();
      },
    } as unknown as Queryable;
    const lookups = new SessionLookups(db);
    const found = await Promise.all(['a', 'sumiu', 'c'].map((t) => lookups.find(t, t === 'c' ? '00000000-0000-4000-8000-000000000000' : null)));
    expect(found.map((r) => r?.session_id ?? null)).toEqual(['a', null, 'c']);
    expect(sent).toEqual([[['a', 'sumiu', 'c'], [null, null, '00000000-0000-4000-8000-000000000000']]]);
  });

  it('the same session and club asked twice in a turn is read once; each caller gets its own copy', async () => {
    const sent: unknown[][] = [];
    const db = {
      query: async (_sql: string, params: unknown[]) => {
        sent.push(params);
        return (params[0] as string[]).map((t, i) => ({ lookup: i + 1, ...row(t) }));
      },
    } as unknown as Queryable;
    const lookups = new SessionLookups(db);
    const club = '00000000-0000-4000-8000-000000000000';
    const asked: Array<[string, string | null]> = [['a', null], ['a', null], ['b', null], ['a', club], ['a', club]];
    const found = await Promise.all(asked.map(([t, c]) => lookups.find(t, c)));
    expect(sent).toEqual([[['a', 'b', 'a'], [null, null, club]]]);
    expect(found.map((r) => r?.session_id)).toEqual(['a', 'a', 'b', 'a', 'a']);
    expect(found[0]).toEqual(found[1]);
    expect(found[0]).not.toBe(found[1]);
    expect(found[3]).not.toBe(found[4]);
  });

  it('one session asked several times alone in a turn uses the single-lookup statement', async () => {
    const sent: string[] = [];
    const db = {
      query: async (sql: string) => {
        sent.push(sql);
        return [row('a')];
      },
    } as unknown as Queryable;
    const lookups = new SessionLookups(db);
    const found = await Promise.all([lookups.find('a', null), lookups.find('a', null), lookups.find('a', null)]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toContain('unnest');
    expect(found.map((r) => r?.session_id)).toEqual(['a', 'a', 'a']);
  });

  it('a failed read fails every request of its batch, and the next batch reads again', async () => {
    let fail = true;
    const db = {
      query: async (_sql: string, params: unknown[]) => {
        if (fail) throw new Error('banco fora do ar');
        return (params[0] as string[]).map((t, i) => ({ lookup: i + 1, ...row(t) }));
      },
    } as unknown as Queryable;
    const lookups = new SessionLookups(db);
    const failed = await Promise.allSettled([lookups.find('a', null), lookups.find('b', null)]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect((await Promise.all([lookups.find('a', null), lookups.find('b', null)])).map((r) => r?.session_id)).toEqual(['a', 'b']);
  });

  it('a full batch is read at once; the rest wait for the next turn', async () => {
    const sizes: number[] = [];
    const db = {
      query: async (_sql: string, params: unknown[]) => {
        sizes.push((params[0] as string[]).length);
        return (params[0] as string[]).map((t, i) => ({ lookup: i + 1, ...row(t) }));
      },
    } as unknown as Queryable;
    const lookups = new SessionLookups(db, 3);
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map((t) => lookups.find(t, null)));
    expect(sizes).toEqual([3, 2]);
  });
});
