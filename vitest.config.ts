import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

const INCLUDE = ['src/**/*.test.ts', 'test/security/**/*.test.ts'];

/**
 * Test files that never reach a database (the guards that read the source tree, the pure functions of
 * shared/ and web/): they run once, in the pglite project, not again per engine. A file reaches one
 * through the test helpers (test/api, test/db, test/club…), the engines' openers or TEST_ENGINE; a file
 * that names none of them cannot tell the engines apart.
 */
const REACHES_A_DATABASE = /openTestDb|createTestApp|openPglite|openPostgres|TEST_ENGINE|TEST_DATABASE_URL|test\/(api|db|club|gamification|contract|paging|server-process|replica|pgbouncer|security)\b|from '\.\.?\/(api|db|club)\.js'/;

/**
 * The files a transaction pooler could break apart from the rest (ADR 092): the database layer itself
 * (src/server/db: the pool, migrations, the replica, the pooler's own tests), the files that name the
 * pooler, and the files that send requests or transactions at once, where two transactions of one pool
 * client land on different server connections. db/session-state-guard.test.ts keeps session state (the
 * only thing a pooler loses between transactions) out of every other file of the server.
 */
const AT_ONCE = /TEST_POOLER|throughPooler|openPostgresLikeApp|concurren|simultâne|at once|Promise\.all\(/;

/** Every test file with its text, read once however many projects sort them. */
let allTestFiles: { file: string; text: string }[] | null = null;

function testFiles(keep: (file: string, text: string) => boolean): string[] {
  if (!allTestFiles) {
    const read: { file: string; text: string }[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (e.name.endsWith('.test.ts')) read.push({ file: p.split(path.sep).join('/'), text: readFileSync(p, 'utf8') });
      }
    };
    walk('src');
    walk('test/security');
    allTestFiles = read;
  }
  return allTestFiles.filter(({ file, text }) => keep(file, text)).map(({ file }) => file);
}

const engineFreeFiles = () => testFiles((_, text) => !REACHES_A_DATABASE.test(text));
/** The files the pgbouncer project leaves out: every file but the pooler's (as excludes: a project's include adds to the root's). */
const notThroughThePooler = () => testFiles((file, text) => !REACHES_A_DATABASE.test(text) || !(file.startsWith('src/server/db/') || AT_ONCE.test(text)));

const projects: { extends: true; test: { name: string; env: Record<string, string>; exclude?: string[] } }[] = [
  { extends: true, test: { name: 'pglite', env: { TEST_ENGINE: 'pglite' } } },
];
// The API suite runs again on a real PostgreSQL when one is configured (CI sets TEST_DATABASE_URL).
if (process.env.TEST_DATABASE_URL) {
  const exclude = [...configDefaults.exclude, ...engineFreeFiles()];
  projects.push({ extends: true as const, test: { name: 'postgres', env: { TEST_ENGINE: 'postgres' }, exclude } });
  // And the files a pooler could break, once more through a PgBouncer in transaction mode the setup
  // starts (CI sets TEST_PGBOUNCER=1; ADR 075, ADR 092).
  if (process.env.TEST_PGBOUNCER) {
    projects.push({ extends: true as const, test: { name: 'pgbouncer', env: { TEST_ENGINE: 'postgres', TEST_POOLER: '1' }, exclude: [...configDefaults.exclude, ...notThroughThePooler()] } });
  }
}

export default defineConfig({
  test: {
    include: INCLUDE,
    globalSetup: ['test/global-setup.ts'],
    // Hang guards, not speed checks: a busy machine ran the suite twice as slowly as usual.
    testTimeout: 90_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // Files run one after another in each worker's process without a fresh module graph per file: the
    // graph (fastify, pg, zod, the server) was loaded again for each of the 526 files, about 1,050 s of
    // the suite's 3,600 worker-seconds. Every file builds its own app and database (test/api.ts), so no
    // state is shared but the modules' own caches.
    isolate: false,
    maxWorkers: 2,
    projects,
  },
});
