import { defineConfig } from 'vitest/config';

const projects: { extends: true; test: { name: string; env: Record<string, string> } }[] = [
  { extends: true, test: { name: 'pglite', env: { TEST_ENGINE: 'pglite' } } },
];
// The API suite runs again on a real PostgreSQL when one is configured (CI sets TEST_DATABASE_URL).
if (process.env.TEST_DATABASE_URL) {
  projects.push({ extends: true as const, test: { name: 'postgres', env: { TEST_ENGINE: 'postgres' } } });
  // And once more through a PgBouncer in transaction mode the setup starts (CI sets TEST_PGBOUNCER=1, ADR 075).
  if (process.env.TEST_PGBOUNCER) {
    projects.push({ extends: true as const, test: { name: 'pgbouncer', env: { TEST_ENGINE: 'postgres', TEST_POOLER: '1' } } });
  }
}

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/security/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    projects,
  },
});
