import { cpSync, rmSync } from 'node:fs';
import { inject } from 'vitest';

/**
 * Copies the test build to `target` (a folder inside the project, such as `dist-x-<pid>`, so
 * that the server bundle still resolves node_modules; `dist-*` is git-ignored), for tests
 * that plant files beside it or rebuild it. Returns `target` and a function that removes it.
 */
export function copyTestBuild(target: string): { distDir: string; remove: () => void } {
  rmSync(target, { recursive: true, force: true });
  cpSync(inject('distDir'), target, { recursive: true });
  return { distDir: target, remove: () => rmSync(target, { recursive: true, force: true }) };
}
