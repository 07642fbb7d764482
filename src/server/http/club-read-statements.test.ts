import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Db } from '../db/index.js';
import { openTestDb, type TestDb } from '../../../test/db.js';
import { addMember, call, createClub, NO_LIMITS, signUp, type Session } from '../../../test/api.js';

// Issue 12: a club read costs one statement for the session and the caller's membership of the club
// in the URL, then its own; the membership is never carried over from an earlier request. A read
// already answered on the same data version costs the session statement alone (ADR 026).

let db: TestDb;
let app: FastifyInstance;
let dataDir: string;
let statements: string[] = [];
let admin: Session;
let member: Session;
let stranger: Session;
let club: { id: string };

beforeAll(async () => {
  db = await openTestDb();
  const counted: Db = Object.create(db) as Db;
  counted.query = async <T>(sql: string, params?: readonly unknown[]) => {
    statements.push(sql);
    return db.query<T>(sql, params);
  };
  dataDir = await mkdtemp(path.join(tmpdir(), 'trilha-stmts-'));
  app = await buildApp({ db: counted, dataDir, limits: NO_LIMITS });
  await app.ready();
  await signUp(app, { name: 'Super Admin' });
  admin = await signUp(app, { name: 'Diretora' });
  member = await signUp(app, { name: 'Membro' });
  stranger = await signUp(app, { name: 'De fora' });
  club = await createClub(app, admin, 'Contagem');
  await addMember(db, club.id, member.profile.id);
  await createClub(app, stranger, 'Outro');
  // Each account's first request of the day records a login day; the counts below start after it.
  for (const s of [admin, member, stranger]) await call(app, 'GET', `/api/clubs/${club.id}/ranking/units`, { as: s });
});
afterAll(async () => {
  await app.close();
  await db.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

async function countedGet(url: string, as: Session) {
  statements = [];
  const res = await call(app, 'GET', url, { as });
  return { status: res.statusCode, statements: statements.length };
}

describe('statements per club read', () => {
  it('reads the session with the membership, then the ranking: two statements', async () => {
    expect(await countedGet(`/api/clubs/${club.id}/ranking/individual`, member)).toEqual({ status: 200, statements: 2 });
    expect(await countedGet(`/api/clubs/${club.id}/ranking/individual`, admin)).toEqual({ status: 200, statements: 2 });
  });

  it('the same read of unchanged data is answered with the session statement only; a change brings the query back (ADR 026)', async () => {
    await countedGet(`/api/clubs/${club.id}/ranking/units`, member);
    expect(await countedGet(`/api/clubs/${club.id}/ranking/units`, member)).toEqual({ status: 200, statements: 1 });
    await db.query(`INSERT INTO units (club_id, name) VALUES ($1, 'Nova unidade')`, [club.id]);
    expect(await countedGet(`/api/clubs/${club.id}/ranking/units`, member)).toEqual({ status: 200, statements: 2 });
    expect(await countedGet(`/api/clubs/${club.id}/ranking/units`, member)).toEqual({ status: 200, statements: 1 });
  });

  it('answers 404 to a stranger from that one statement', async () => {
    expect(await countedGet(`/api/clubs/${club.id}/ranking/units`, stranger)).toEqual({ status: 404, statements: 1 });
  });

  it('sees a membership ended since the previous request', async () => {
    expect((await countedGet(`/api/clubs/${club.id}/badges`, member)).status).toBe(200);
    await db.query('UPDATE club_members SET active = false WHERE club_id = $1 AND profile_id = $2', [club.id, member.profile.id]);
    expect((await countedGet(`/api/clubs/${club.id}/badges`, member)).status).toBe(404);
    await db.query('UPDATE club_members SET active = true WHERE club_id = $1 AND profile_id = $2', [club.id, member.profile.id]);
    expect((await countedGet(`/api/clubs/${club.id}/badges`, member)).status).toBe(200);
  });
});
