import { spawn } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The build every test reads and serves (relative to the project root). */
    distDir: string;
  }
}

/** Marker files beside the build: written when it finished, or failed (with its output). */
export const doneMarker = (distDir: string) => `${distDir}.done`;
export const failedMarker = (distDir: string) => `${distDir}.failed`;

interface SharedBuild {
  distDir: string;
  users: number;
  stop(): void;
}

const KEY = Symbol.for('template-catalog.test-build');
/** The `astro` command's script (its package.json `bin`). */
export const ASTRO_BIN = 'node_modules/astro/bin/astro.mjs';
const shared = globalThis as { [KEY]?: SharedBuild };

/**
 * Starts `astro build` of the sample catalog in the background, once per test run, into a
 * folder of its own (so runs never touch `dist/` or each other), and returns at once: the tiers
 * that read the build (app, process, browser) wait for it in tests/helpers/await-build.ts, while
 * unit files run meanwhile. Each such tier lists this file; the first starts the build, the
 * others share it. `TEST_DIST_DIR=dist-x` reuses an existing build.
 */
export default function setup(project: TestProject) {
  let build = shared[KEY];
  if (!build) {
    const reuse = process.env.TEST_DIST_DIR;
    const distDir = reuse ?? `dist-test-${process.pid}`;
    let stop = () => {};
    if (reuse && existsSync(distDir)) writeFileSync(doneMarker(distDir), '');
    else {
      rmSync(failedMarker(distDir), { force: true });
      rmSync(doneMarker(distDir), { force: true });
      // Astro's own bin on this Node, not through npx (~0.9 s of CPU to find it).
      const child = spawn(process.execPath, [ASTRO_BIN, 'build', '--silent'], {
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { ...process.env, DIST_DIR: distDir, SITE_URL: 'http://localhost:4321', CATALOG_DIR: 'templates' },
      });
      let errors = '';
      child.stderr.on('data', (d: Buffer) => (errors += d.toString()));
      child.on('exit', (code) => writeFileSync(code === 0 ? doneMarker(distDir) : failedMarker(distDir), errors));
      stop = () => {
        child.kill();
        for (const path of [distDir, `${distDir}.builds`, doneMarker(distDir), failedMarker(distDir)]) if (!reuse) rmSync(path, { recursive: true, force: true });
      };
    }
    shared[KEY] = build = { distDir, users: 0, stop };
  }
  build.users++;
  project.provide('distDir', build.distDir);
  return () => {
    if (--build.users === 0) {
      build.stop();
      delete shared[KEY];
    }
  };
}
