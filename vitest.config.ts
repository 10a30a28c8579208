import { defaultExclude, defineConfig } from 'vitest/config';
import { useRunTmpdir } from './tests/helpers/run-tmpdir.ts';
import { TierSequencer } from './tests/helpers/tier-sequencer.ts';

// Before any worker starts: every temporary folder of the run, ours and others', goes at its end.
useRunTmpdir();

const LIGHTHOUSE = 'tests/e2e/lighthouse.browser.test.ts';
/** A tier's files by their name: `x.test.ts` is a unit test, `x.<tier>.test.ts` belongs to that tier. */
const TIERED = ['**/*.app.test.ts', '**/*.process.test.ts', '**/*.browser.test.ts'];

/** What every project runs with (inline projects do not inherit the root's test options). */
const common = {
  testTimeout: 30_000,
  hookTimeout: 120_000,
  // Worker threads that keep their module graph between files: a fresh process per file cost
  // ~0.4 s of CPU each and re-imported the server for every file.
  // Files share no state but what they start themselves; none changes the shared build.
  pool: 'threads',
  isolate: false,
  // For the browser tests marked concurrent: pages that mostly wait on Chromium, three at a time.
  maxConcurrency: 3,
} as const;

/**
 * Spawned-process files that make every build they use themselves and never read the sample
 * build: they need not wait for it, so they start at once, beside it, instead of two workers
 * idling until it is done (~1 min on 2 cores). A file listed here that reads the sample build
 * fails: `inject('distDir')` is undefined in this project.
 */
const OWN_BUILDS = [
  'tests/publish/incremental-build.process.test.ts',
  'tests/publish/raster-cache.process.test.ts',
  'tests/deploy/edge-publish.process.test.ts',
  'tests/deploy/operator-run.process.test.ts',
  'tests/integrations/catalog-integration.process.test.ts',
];

/** The tiers that read the sample build: it is made once, in the background, while unit files run. */
const withBuild = { ...common, globalSetup: ['tests/global-setup.ts'], setupFiles: ['tests/helpers/await-build.ts'] };

export default defineConfig({
  test: {
    // Two workers fit the 2-core machines: the tests spawn servers and Chromium, so a third
    // worker only adds contention.
    maxWorkers: 2,
    // The longest files start first (tests/helpers/tier-sequencer.ts).
    sequence: { sequencer: TierSequencer },
    projects: [
      // Pure: no build, no server, no spawned process (`npm run test:unit`).
      { test: { name: 'unit', include: ['tests/**/*.test.ts'], exclude: [...defaultExclude, ...TIERED], ...common } },
      // The app in process (tests/helpers/start-app.ts) and the built files.
      { test: { name: 'app', include: ['tests/**/*.app.test.ts'], ...withBuild } },
      // Spawned processes that make their own builds (publishes): no wait for the sample build.
      { test: { name: 'own-build', include: OWN_BUILDS, ...common } },
      // Spawned processes: start-up, signals, logs, raw sockets, builds, several instances.
      { test: { name: 'process', include: ['tests/**/*.process.test.ts'], exclude: [...defaultExclude, ...OWN_BUILDS], ...withBuild } },
      // Chromium.
      { test: { name: 'browser', include: ['tests/**/*.browser.test.ts'], exclude: [...defaultExclude, LIGHTHOUSE], ...withBuild } },
      // Lighthouse scores CPU time: it runs alone, after every other test file has finished.
      { test: { name: 'lighthouse', include: [LIGHTHOUSE], sequence: { groupOrder: 1 }, ...withBuild } },
    ],
  },
});
