import { join } from 'node:path';
import { formatIssues } from '../../core/format-issues.ts';
import { catalogHeadSchema, type CatalogHead } from '../../schemas/catalog-data.ts';
import { BuildError, checkSample, corruptBuild, parseJson, readBuildFile } from './read-build-data.ts';
import { readShards, type LoadedShard, type ShardTemplates } from './read-shards.ts';

/** The catalog data of a build as loaded: the head, every template, and what the next load may reuse. */
export interface CatalogData {
  head: CatalogHead;
  /** Every template, shard after shard. */
  templates: unknown[];
  /** The templates of each shard file, for the next load (readShards). */
  byFile: ShardTemplates;
  /** How many of the shards were taken from the serving build rather than parsed. */
  reusedShards: number;
}

/** Names template i of `shards` (taken together) for a message: `template 3 of …/data/catalog/1.json`. */
function nameTemplate(shards: readonly LoadedShard[]) {
  return (i: number) => {
    let k = 0;
    for (; i >= shards[k]!.templates.length; k++) i -= shards[k]!.templates.length;
    return `template ${i} of ${shards[k]!.file}`;
  };
}

/**
 * Reads `data/catalog.json` and checks its shape, then every shard it lists (readShards: the
 * serving build's templates for any shard file it shares, `known`), and checks that the
 * shards hold as many templates as the head says and that the templates parsed now have the
 * Template shape (checkSample). Shards taken from the serving build are not checked again:
 * they are the very bytes it accepted.
 */
export async function readCatalogData(clientDir: string, distDir: string, known: ShardTemplates = new Map()): Promise<CatalogData> {
  const path = join(clientDir, 'data', 'catalog.json');
  const parsed = catalogHeadSchema.safeParse(parseJson(await readBuildFile(path, distDir), path));
  if (!parsed.success) {
    const lines = formatIssues(parsed.error).slice(0, 5);
    throw new BuildError(`The build is corrupt: ${path} does not match the catalog shape:\n  ${lines.join('\n  ')}\nRebuild with \`npm run build\`.`);
  }
  const head = parsed.data;
  const { shards, byFile } = await readShards(clientDir, head.shards, distDir, known);
  const templates = shards.flatMap((s) => s.templates);
  if (templates.length !== head.templateCount) throw corruptBuild(`the shards hold ${templates.length} templates where ${path} says ${head.templateCount}`);
  const parsedNow = shards.filter((s) => !s.reused);
  checkSample(
    parsedNow.flatMap((s) => s.templates),
    nameTemplate(parsedNow),
  );
  return { head, templates, byFile, reusedShards: shards.length - parsedNow.length };
}
