import { readFile } from 'node:fs/promises';
import { BuildError } from '../../http/data/check-build-data.ts';

/** The refusal of a build that lacks `path`: it says how to make one. */
export const missingBuildFile = (path: string, distDir: string) =>
  new BuildError(
    `No build found: ${path} is missing. Build the site first with \`npm run build\` (DIST_DIR=${distDir}), or run \`npm start\`, which builds and then serves.`,
  );

/** A file of the build, as text or bytes; a missing one says how to make a build. */
export async function readBuildFile(path: string, distDir: string): Promise<string>;
export async function readBuildFile(path: string, distDir: string, binary: true): Promise<Buffer>;
export async function readBuildFile(path: string, distDir: string, binary = false): Promise<string | Buffer> {
  try {
    return binary ? await readFile(path) : await readFile(path, 'utf8');
  } catch {
    throw missingBuildFile(path, distDir);
  }
}

/** Lets requests in between the long synchronous steps of a load (parse, index, check). */
export const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));
