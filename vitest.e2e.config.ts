import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.spec.ts'],
    setupFiles: ['e2e/console-guard.ts'],
    // A hang guard, not a speed check: two files share the machine's two cores.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two files at a time, each with its own server (embedded database) and Chromium: the browser
    // suite went from 611 s to 408–428 s on two cores, and every file keeps its own data.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
