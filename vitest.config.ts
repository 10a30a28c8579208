import { defaultExclude, defineConfig } from 'vitest/config';

const LIGHTHOUSE = 'tests/e2e/lighthouse.test.ts';
const timeouts = { testTimeout: 30_000, hookTimeout: 120_000 };

export default defineConfig({
  test: {
    // Runs once for the whole run (root project); every project reads its `distDir`.
    globalSetup: ['tests/global-setup.ts'],
    ...timeouts,
    // Server tests spawn real processes; two workers fit the 2-core machines.
    maxWorkers: 2,
    projects: [
      { test: { name: 'tests', include: ['tests/**/*.test.ts'], exclude: [...defaultExclude, LIGHTHOUSE], ...timeouts } },
      // Lighthouse scores CPU time: it runs alone, after every other test file has finished.
      { test: { name: 'lighthouse', include: [LIGHTHOUSE], sequence: { groupOrder: 1 }, ...timeouts } },
    ],
  },
});
