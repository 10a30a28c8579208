import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The build every test reads and serves (relative to the project root). */
    distDir: string;
  }
}

/**
 * Builds the sample catalog once per test run into a folder of its own, so that test runs
 * never touch `dist/` or each other. `TEST_DIST_DIR=dist-x` reuses an existing build.
 */
export default function setup(project: TestProject) {
  const reuse = process.env.TEST_DIST_DIR;
  const distDir = reuse ?? `dist-test-${process.pid}`;
  if (!reuse || !existsSync(distDir)) {
    execFileSync('npx', ['astro', 'build', '--silent'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DIST_DIR: distDir, SITE_URL: 'http://localhost:4321', CATALOG_DIR: 'templates' },
    });
  }
  project.provide('distDir', distDir);
  return () => {
    if (!reuse) rmSync(distDir, { recursive: true, force: true });
  };
}
