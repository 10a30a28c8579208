/**
 * Setup file of the tiers that read the test build (app, process, browser): holds each test
 * file until the build tests/global-setup.ts started is done, and fails it with the build's own
 * output when the build failed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { doneMarker, failedMarker } from '../global-setup.ts';

const distDir = inject('distDir');
const deadline = Date.now() + 300_000;
while (!existsSync(doneMarker(distDir))) {
  if (existsSync(failedMarker(distDir))) throw new Error(`The test build failed:\n${readFileSync(failedMarker(distDir), 'utf8')}`);
  if (Date.now() > deadline) throw new Error(`The test build into ${distDir} did not finish within 5 minutes.`);
  await new Promise((resolve) => setTimeout(resolve, 100));
}
