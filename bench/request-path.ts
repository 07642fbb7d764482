// BENCH_DATABASE_URL=postgres://…/db npx tsx bench/request-path.ts
// What auth/me's request path costs, in three servers of this one process, loaded in turn (BENCH_ROUNDS
// rounds, default 6, in a new random order each round, BENCH_SECONDS each, default 2, after 1 s uncounted):
//   - a bare Fastify hello-world (the denominator of `npm run bench`'s "auth/me ÷ hello-world");
//   - the session read alone: a bare Fastify whose one route reads the cookie's session through the
//     app's batched lookup (SessionLookups) and answers the profile, no hook, header or plugin;
//   - the app's own GET /api/auth/me.
// BENCH_SESSIONS=n (default 1): the director signs in n times and the requests go out under the n
// sessions in turn, so requests of one turn are mostly other people's (n = 1: one person's page).
// The first two bound what the third can reach on this machine: the gap between them is the database
// round trip, the gap between the last two is everything else the app does on every request. Needs a
// platform `npm run bench` generated (its director signs in).
import { fork } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app.js';
import { openPostgres } from '../src/server/db/postgres.js';
import { SessionLookups } from '../src/server/auth/session-lookups.js';
import { SESSION_COOKIE, hashToken } from '../src/server/auth/session.js';
import { DIRECTOR_EMAIL, logIn } from './endpoints.js';

const DB_URL = process.env.BENCH_DATABASE_URL;
if (!DB_URL) throw new Error('BENCH_DATABASE_URL (a platform `npm run bench` generated) is needed');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

const db = openPostgres(DB_URL);
const app = await buildApp({ db, dataDir: await mkdtemp(path.join(tmpdir(), 'trilha-path-')), limits: { apiPerMinute: 0, anonPerMinute: 0, signupsPerHour: 0, clubsPerAccount: 0 } });
await app.listen({ port: 0, host: '127.0.0.1' });
const appBase = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const SESSIONS = Math.max(1, Number(process.env.BENCH_SESSIONS ?? 1));
const cookies = await Promise.all(Array.from({ length: SESSIONS }, () => logIn(appBase, DIRECTOR_EMAIL)));

const hello = Fastify({ logger: false });
hello.get('/hello', async () => ({ hello: 'world' }));
await hello.listen({ port: 0, host: '127.0.0.1' });

const bare = Fastify({ logger: false });
const lookups = new SessionLookups(db);
const cookiePattern = new RegExp(`(?:^|; )${SESSION_COOKIE}=([^;]+)`);
bare.get('/me', async (req, reply) => {
  const token = cookiePattern.exec(req.headers.cookie ?? '')?.[1];
  const row = token ? await lookups.find(hashToken(token), null) : null;
  if (!row) return reply.status(401).send({ error: 'unauthenticated' });
  return { profile: { id: row.profile_id, full_name: row.full_name, email: row.email, user_type: row.user_type } };
});
await bare.listen({ port: 0, host: '127.0.0.1' });

const port = (f: { server: { address(): unknown } }) => (f.server.address() as AddressInfo).port;
const targets: Array<[string, string, string[]]> = [
  ['bare Fastify hello-world', `http://127.0.0.1:${port(hello)}/hello`, ['']],
  ['session read alone (bare Fastify)', `http://127.0.0.1:${port(bare)}/me`, cookies],
  ['auth/me (the app)', `${appBase}/api/auth/me`, cookies],
];

const loader = fork(fileURLToPath(new URL('./load-worker.mjs', import.meta.url)), [], { stdio: 'inherit' });
function load(url: string, cookieHeaders: string[], duration: number): Promise<{ rps: number; cpuUs: number }> {
  return new Promise((resolve, reject) => {
    const cpu = process.cpuUsage();
    loader.once('message', (m: { rps: number; total: number; non2xx: number; errors: number }) => {
      const used = process.cpuUsage(cpu);
      if (m.non2xx > 0 || m.errors > 0) reject(new Error(`${url}: ${m.non2xx} non-2xx answers, ${m.errors} errors`));
      else resolve({ rps: m.rps, cpuUs: (used.user + used.system) / Math.max(1, m.total) });
    });
    loader.send({ url, cookies: cookieHeaders, acceptEncoding: 'gzip, deflate, br, zstd', connections: CONNECTIONS, duration });
  });
}

const results = new Map<string, Array<{ rps: number; cpuUs: number }>>();
const loads: number[] = [];
for (let round = 0; round < ROUNDS; round += 1) {
  const order = [...targets].sort(() => Math.random() - 0.5);
  for (const [label, url, c] of order) {
    await load(url, c, 1);
    results.set(label, [...(results.get(label) ?? []), await load(url, c, SECONDS)]);
  }
  loads.push(loadavg()[0] ?? 0);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const helloRps = median(results.get(targets[0][0])?.map((r) => r.rps) ?? []);
const helloCpu = median(results.get(targets[0][0])?.map((r) => r.cpuUs) ?? []);
console.log(`${ROUNDS} rounds × ${SECONDS} s, ${CONNECTIONS} connections, ${SESSIONS} session(s); load average (1 min) ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`);
console.log('| server | req/s (median) | ÷ hello-world | server CPU µs/answer | hello-world CPU ÷ this |\n|---|---|---|---|---|');
for (const [label] of targets) {
  const rs = results.get(label) ?? [];
  const rps = median(rs.map((r) => r.rps));
  const cpu = median(rs.map((r) => r.cpuUs));
  console.log(`| ${label} | ${rps.toFixed(0)} | ${((rps / helloRps) * 100).toFixed(0)} % | ${cpu.toFixed(1)} | ${((helloCpu / cpu) * 100).toFixed(0)} % |`);
}
loader.kill();
await Promise.all([app.close(), hello.close(), bare.close()]);
await db.close();
