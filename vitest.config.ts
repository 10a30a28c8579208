import { defaultExclude, defineConfig } from 'vitest/config';

const LIGHTHOUSE = 'tests/e2e/lighthouse.test.ts';

/** What every project runs with (inline projects do not inherit the root's test options). */
const common = {
  testTimeout: 30_000,
  hookTimeout: 120_000,
  // Worker threads that keep their module graph between files: a fresh process per file cost
  // ~0.4 s of CPU each and re-imported the server for every file (suite: 128 s → 95 s).
  // Files share no state but what they start themselves; none changes the shared build.
  pool: 'threads',
  isolate: false,
  // For the browser tests marked concurrent: pages that mostly wait on Chromium, three at a time.
  maxConcurrency: 3,
} as const;

export default defineConfig({
  test: {
    // Runs once for the whole run (root project); every project reads its `distDir`.
    globalSetup: ['tests/global-setup.ts'],
    // Two workers fit the 2-core machines: the tests spawn servers and Chromium, so a third
    // worker only adds contention (measured: 103 s against 95 s).
    maxWorkers: 2,
    projects: [
      { test: { name: 'tests', include: ['tests/**/*.test.ts'], exclude: [...defaultExclude, LIGHTHOUSE], ...common } },
      // Lighthouse scores CPU time: it runs alone, after every other test file has finished.
      { test: { name: 'lighthouse', include: [LIGHTHOUSE], sequence: { groupOrder: 1 }, ...common } },
    ],
  },
});
