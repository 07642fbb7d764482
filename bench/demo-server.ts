// The built app (WEB_DIR, default dist/web) on an embedded database in a temporary data dir, on a free
// port of 127.0.0.1: what the browser benches (lighthouse.ts, profile-page.ts) open. With `demo`, the
// demo club is seeded first and `signIn()` returns its director's session cookie.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/server/app.js';
import { openPglite } from '../src/server/db/pglite.js';
import { migrate } from '../src/server/db/migrate.js';
import { PROJECT_ROOT } from '../src/server/paths.js';
import { DEMO_ADMIN } from '../src/server/demo/base.js';
import { seedDemo } from '../src/server/demo/seed.js';
import { localDiskStorage } from '../src/server/storage/storage.js';

export const JSON_HEADERS = { 'content-type': 'application/json', 'x-trilha-client': 'web' };

export async function startBuiltApp({ prefix, demo }: { prefix: string; demo: boolean }) {
  const dataDir = await mkdtemp(path.join(tmpdir(), prefix));
  const db = await openPglite();
  await migrate(db);
  if (demo) await seedDemo(db, localDiskStorage(path.join(dataDir, 'uploads')));
  const app = await buildApp({ db, dataDir, webDir: process.env.WEB_DIR ?? path.join(PROJECT_ROOT, 'dist', 'web'), limits: { apiPerMinute: 0, anonPerMinute: 0, signupsPerHour: 0 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    db,
    base,
    /** The demo director's session cookie, `name=value`. */
    async signIn(): Promise<string> {
      const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }) });
      if (login.status !== 200) throw new Error(`demo login ${login.status}`);
      return (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    },
    async close(): Promise<void> {
      await app.close();
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
