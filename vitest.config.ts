import { defineConfig } from 'vitest/config';

const projects = [{ extends: true as const, test: { name: 'pglite', env: { TEST_ENGINE: 'pglite' } } }];
// The API suite runs again on a real PostgreSQL when one is configured (CI sets TEST_DATABASE_URL).
if (process.env.TEST_DATABASE_URL) {
  projects.push({ extends: true as const, test: { name: 'postgres', env: { TEST_ENGINE: 'postgres' } } });
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
