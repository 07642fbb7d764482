import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.spec.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    setupFiles: ['e2e/console-guard.ts'],
    // A hang guard, not a speed check: two files share the machine's two cores, and a busy machine ran
    // the whole browser suite 2.6 times slower than usual (2,121 s), its longest test at 99 s.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: 'forks',
    // Two files at a time, each with its own server (embedded database) and Chromium: the browser
    // suite went from 611 s to 408–428 s on two cores, and every file keeps its own data.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
