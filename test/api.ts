import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppConfig } from '../src/server/app.js';
import type { Limits } from '../src/server/core/throttle.js';
import { openTestDb, type TestDb } from './db.js';
import { checkContract } from './contract.js';
import { localDateString } from '../src/server/recurring/schedule.js';
import { DEFAULT_TIMEZONE } from '../src/shared/timezones.js';

export interface TestContext {
  app: FastifyInstance;
  db: TestDb;
  dataDir: string;
  close(): Promise<void>;
}

/** Functional suites run without request limits (every test signs up from one address); the security suite turns them on. */
export const NO_LIMITS: Partial<Limits> = { apiPerMinute: 0, anonPerMinute: 0, signupsPerHour: 0, clubsPerAccount: 0 };

/**
 * A clock stopped in the middle of the current hour's 7th and 8th minute: inside one minute, one
 * 15-minute and one hour window of the rate limits (windows are cut at fixed instants), so a test
 * that counts up to a limit cannot see its counter reset by crossing a boundary.
 */
export function clockInsideLimitWindows(): () => number {
  const hour = 60 * 60_000;
  const frozen = Math.floor(Date.now() / hour) * hour + 7 * 60_000 + 30_000;
  return () => frozen;
}

/** The whole app in-process on a fresh database, for one test file. */
export async function createTestApp(options: Pick<AppConfig, 'limits' | 'trustProxy' | 'clock' | 'notifications' | 'publicUrl'> = {}): Promise<TestContext> {
  const db = await openTestDb();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'trilha-test-'));
  const app = await buildApp({ db, dataDir, limits: options.limits ?? NO_LIMITS, trustProxy: options.trustProxy, clock: options.clock, notifications: options.notifications, publicUrl: options.publicUrl });
  await app.ready();
  return {
    app,
    db,
    dataDir,
    async close() {
      await app.close();
      await db.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Session {
  cookie: string;
  profile: { id: string; full_name: string; email: string | null; user_type: string };
}

/** Sends a request as the SPA does (client header on writes), optionally as a signed-in user. */
export function call(
  app: FastifyInstance,
  method: Method,
  url: string,
  opts: { as?: Session | null; body?: unknown; headers?: Record<string, string>; from?: string } = {},
): Promise<LightMyRequestResponse> {
  const sent = app.inject({
    method,
    url,
    ...(opts.from ? { remoteAddress: opts.from } : {}),
    headers: {
      ...(method === 'GET' ? {} : { 'x-trilha-client': 'web' }),
      ...(opts.as ? { cookie: opts.as.cookie } : {}),
      ...opts.headers,
    },
    ...(opts.body === undefined ? {} : { payload: opts.body as object }),
  });
  return sent.then((res) => {
    checkContract(app, method, url, res);
    return res;
  });
}

let counter = 0;
/** A unique e-mail for this test process. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${process.pid}.${counter}.${Date.now() % 100000}@teste.com`;
}

function sessionCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((k) => k.name === 'trilha_session');
  if (!c) throw new Error(`no session cookie (status ${res.statusCode}: ${res.body})`);
  return `trilha_session=${c.value}`;
}

/** Registers a new account and returns its session. */
export async function signUp(app: FastifyInstance, opts: { name?: string; email?: string; password?: string } = {}): Promise<Session> {
  const password = opts.password ?? 'segredo123';
  const res = await call(app, 'POST', '/api/auth/register', {
    body: { full_name: opts.name ?? 'Pessoa Teste', email: opts.email ?? uniqueEmail(), password, confirm_password: password },
  });
  if (res.statusCode !== 201) throw new Error(`register failed ${res.statusCode}: ${res.body}`);
  return { cookie: sessionCookie(res), profile: res.json().profile };
}

export async function login(app: FastifyInstance, email: string, password = 'segredo123', remember = false): Promise<Session> {
  const res = await call(app, 'POST', '/api/auth/login', { body: { email, password, remember } });
  if (res.statusCode !== 200) throw new Error(`login failed ${res.statusCode}: ${res.body}`);
  return { cookie: sessionCookie(res), profile: res.json().profile };
}

/** The time zone of every club `createClub` makes: the product's default. */
export const TEST_CLUB_TIMEZONE = DEFAULT_TIMEZONE;

/**
 * Today in the test clubs' calendar ('YYYY-MM-DD'), the date the server checks against: between 21h and
 * midnight in Brasília UTC has already turned the day (and on the 1st, the month).
 */
export function testClubToday(now = new Date()): string {
  return localDateString(now, TEST_CLUB_TIMEZONE);
}

/** Creates a club as the given user (who becomes its admin) and returns its id. */
export async function createClub(app: FastifyInstance, as: Session, name = 'Clube Teste'): Promise<{ id: string; slug: string; name: string }> {
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${++counter}-${process.pid}`;
  const res = await call(app, 'POST', '/api/clubs', { as, body: { name, slug, timezone: TEST_CLUB_TIMEZONE } });
  if (res.statusCode !== 201) throw new Error(`create club failed ${res.statusCode}: ${res.body}`);
  return res.json();
}

/** Adds an existing account to a club directly in the database (fixtures for permission tests). */
export async function addMember(db: TestDb, clubId: string, profileId: string, role = 'member', unitId: string | null = null): Promise<void> {
  await db.query(`INSERT INTO club_members (club_id, profile_id, role, unit_id) VALUES ($1, $2, $3, $4)`, [clubId, profileId, role, unitId]);
}

/**
 * The usual fixture of a club test: a throwaway first account (the platform's super admin), then an
 * admin with a club and a plain member of it.
 */
export async function setUpClubWithMember(ctx: TestContext, clubName: string): Promise<{ admin: Session; member: Session; club: { id: string; slug: string; name: string } }> {
  await signUp(ctx.app, { name: 'Super Admin' });
  const admin = await signUp(ctx.app, { name: 'Admin' });
  const member = await signUp(ctx.app, { name: 'Membro' });
  const club = await createClub(ctx.app, admin, clubName);
  await addMember(ctx.db, club.id, member.profile.id);
  return { admin, member, club };
}
