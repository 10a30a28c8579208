import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['tests/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Server tests spawn real processes; two workers fit the 2-core machines.
    maxWorkers: 2,
  },
});
