import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { formatIssues } from '../../core/format-issues.ts';
import { catalogHeadSchema, catalogShardEnvelopeSchema, type CatalogHead } from '../../schemas/catalog-data.ts';
import { templateSchema, type Template } from '../../schemas/template.ts';

/** Thrown when the build is missing or unreadable; the message says how to make one. */
export class BuildError extends Error {
  override name = 'BuildError';
}

const corrupt = (what: string) => new BuildError(`The build is corrupt: ${what}. Rebuild with \`npm run build\`.`);

/** A file of the build, as text or bytes; a missing one says how to make a build. */
export async function readBuildFile(path: string, distDir: string): Promise<string>;
export async function readBuildFile(path: string, distDir: string, binary: true): Promise<Buffer>;
export async function readBuildFile(path: string, distDir: string, binary = false): Promise<string | Buffer> {
  try {
    return binary ? await readFile(path) : await readFile(path, 'utf8');
  } catch {
    throw new BuildError(
      `No build found: ${path} is missing. Build the site first with \`npm run build\` (DIST_DIR=${distDir}), or run \`npm start\`, which builds and then serves.`,
    );
  }
}

function parseJson(text: string, path: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw corrupt(`${path} is not valid JSON (${(err as Error).message})`);
  }
}

/** Templates checked in full at start, spread evenly from first to last. */
const SAMPLE_SIZE = 64;

/**
 * Checks every template has a string id and slug, and a spread sample of them in full;
 * `where(i)` names template i for the message (`template 3 of …/data/catalog/1.json`).
 */
export function checkSample(templates: readonly unknown[], where: (i: number) => string): void {
  const bad = templates.findIndex((t) => typeof (t as Template | null)?.id !== 'string' || typeof (t as Template).slug !== 'string');
  if (bad !== -1) throw corrupt(`${where(bad)} has no string id and slug`);
  const last = templates.length - 1;
  const picks = new Set(Array.from({ length: Math.min(SAMPLE_SIZE, templates.length) }, (_, k) => Math.round((k * last) / Math.max(1, SAMPLE_SIZE - 1))));
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

/** Shards read at once: enough to keep the disk busy, few enough to bound the text held. */
const SHARDS_AT_ONCE = 8;

/**
 * Reads `data/catalog.json` and every shard it lists (a few at a time, yielding between
 * parses, so no string holds more than one shard and a running server keeps answering), and
 * checks the head's shape and that the shards hold as many templates as it says.
 */
export async function readCatalogData(clientDir: string, distDir: string): Promise<{ head: CatalogHead; templates: unknown[]; where: (i: number) => string }> {
  const path = join(clientDir, 'data', 'catalog.json');
  const parsed = catalogHeadSchema.safeParse(parseJson(await readBuildFile(path, distDir), path));
  if (!parsed.success) {
    const lines = formatIssues(parsed.error).slice(0, 5);
    throw new BuildError(`The build is corrupt: ${path} does not match the catalog shape:\n  ${lines.join('\n  ')}\nRebuild with \`npm run build\`.`);
  }
  const head = parsed.data;
  const parts: unknown[][] = new Array(head.shards.length);
  for (let from = 0; from < head.shards.length; from += SHARDS_AT_ONCE) {
    await Promise.all(
      head.shards.slice(from, from + SHARDS_AT_ONCE).map(async (shard, k) => {
        const file = join(clientDir, shard);
        const checked = catalogShardEnvelopeSchema.safeParse(parseJson(await readBuildFile(file, distDir), file));
        if (!checked.success) throw corrupt(`${file} is not a catalog shard`);
        parts[from + k] = checked.data.templates;
      }),
    );
    await yieldToRequests();
  }
  const templates = parts.flat();
  if (templates.length !== head.templateCount) throw corrupt(`the shards hold ${templates.length} templates where ${path} says ${head.templateCount}`);
  const where = (i: number) => {
    let shard = 0;
    for (; i >= parts[shard]!.length; shard++) i -= parts[shard]!.length;
    return `template ${i} of ${join(clientDir, head.shards[shard]!)}`;
  };
  return { head, templates, where };
}
