import { readFile } from 'node:fs/promises';
import { formatIssues } from '../../core/format-issues.ts';
import { templateSchema, type Template } from '../../schemas/template.ts';

/** Thrown when the build is missing or unreadable; the message says how to make one. */
export class BuildError extends Error {
  override name = 'BuildError';
}

/** The refusal of a build whose files are there but wrong. */
export const corruptBuild = (what: string) => new BuildError(`The build is corrupt: ${what}. Rebuild with \`npm run build\`.`);

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

/** `text` parsed as JSON; anything else refuses the build, naming `path`. */
export function parseJson(text: string, path: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw corruptBuild(`${path} is not valid JSON (${(err as Error).message})`);
  }
}

/** Templates checked in full when there are more, spread evenly from first to last. */
const SAMPLE_SIZE = 64;
/**
 * Up to this many, every template is checked in full: what a reload parses after an edit or
 * two (a shard holds up to ~1,024 templates). The 775 templates of one shard of a
 * 50,000-template build take 6–8 ms once zod's schema is warm, 28–83 ms the first time in a
 * process (five runs, this 2-core machine).
 */
const CHECK_ALL_UP_TO = 2048;

/**
 * Checks every template has a string id and slug, and that they match the Template shape: all
 * of them when they are few (CHECK_ALL_UP_TO), else a spread sample; `where(i)` names
 * template i for the message (`template 3 of …/data/catalog/1.json`).
 */
export function checkSample(templates: readonly unknown[], where: (i: number) => string): void {
  const bad = templates.findIndex((t) => typeof (t as Template | null)?.id !== 'string' || typeof (t as Template).slug !== 'string');
  if (bad !== -1) throw corruptBuild(`${where(bad)} has no string id and slug`);
  const last = templates.length - 1;
  const size = templates.length <= CHECK_ALL_UP_TO ? templates.length : SAMPLE_SIZE;
  const picks = new Set(Array.from({ length: size }, (_, k) => Math.round((k * last) / Math.max(1, size - 1))));
  for (const i of picks) {
    const checked = templateSchema.safeParse(templates[i]);
    if (!checked.success) {
      const lines = formatIssues(checked.error).slice(0, 5);
      throw new BuildError(`The build is corrupt: ${where(i)} does not match the Template shape:\n  ${lines.join('\n  ')}\nRebuild with \`npm run build\`.`);
    }
  }
}

/** Lets requests in between the long synchronous steps of a load (parse, index, check). */
export const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));
