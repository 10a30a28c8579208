import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { copyTestBuild } from '../helpers/copy-build.ts';
import { CANARY_FILE } from './fuzz-cases-traversal.ts';

/** A private copy of the test build with canary files around (never inside) what it serves. */
export interface CanaryBuild {
  /** DIST_DIR for the server: `<root>/build`. */
  distDir: string;
  /** The canary contents; none may ever appear in an answer. */
  markers: string[];
  /** Absolute paths that must never appear in an answer either. */
  paths: string[];
  remove(): void;
}

/**
 * Copies the build to `dist-fuzz-<pid>/build` and plants canaries in the build's parent
 * folder, beside `client/` (in the build root and in `server/`), and as a dotfile inside
 * `client/` (served folder, but hidden files are never served).
 */
export function plantCanaries(): CanaryBuild {
  const root = `dist-fuzz-${process.pid}`;
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root);
  const { distDir } = copyTestBuild(join(root, 'build'));
  const token = randomBytes(8).toString('hex');
  const places: [string, string][] = [
    [join(root, CANARY_FILE), 'parent'],
    [join(distDir, CANARY_FILE), 'beside-client'],
    [join(distDir, 'server', CANARY_FILE), 'server'],
    [join(distDir, 'client', '.canary'), 'hidden'],
  ];
  const markers = places.map(([file, where]) => {
    const marker = `canary-${token}-${where}`;
    writeFileSync(file, `${marker}\n`);
    return marker;
  });
  return {
    distDir,
    markers,
    paths: [process.cwd(), resolve(root), '/node_modules/'],
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
