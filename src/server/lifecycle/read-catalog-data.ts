import { join } from 'node:path';
import type { CatalogHead } from '../../schemas/catalog-data.ts';
import { createTemplateCompactor } from '../../core/catalog/compact-templates.ts';
import { checkCatalogHead, checkSample, checkTemplateCount, nameTemplate } from '../../http/data/check-build-data.ts';
import { readBuildFile } from './read-build-data.ts';
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

/**
 * Reads `data/catalog.json` and checks its shape, then every shard it lists (readShards: the
 * serving build's templates for any shard file it shares, `known`), and checks that the
 * shards hold as many templates as the head says and that the templates parsed now have the
 * Template shape (checkSample: a compact template reads as the published one, through its
 * getters). Shards taken from the serving build are not checked again: they are the very bytes
 * it accepted.
 */
export async function readCatalogData(clientDir: string, distDir: string, known: ShardTemplates = new Map()): Promise<CatalogData> {
  const path = join(clientDir, 'data', 'catalog.json');
  const head = checkCatalogHead(await readBuildFile(path, distDir), path);
  const { shards, byFile } = await readShards(clientDir, head.shards, distDir, known, createTemplateCompactor(head.categories));
  const templates = shards.flatMap((s) => s.templates);
  checkTemplateCount(templates.length, head, path);
  const parsedNow = shards.filter((s) => !s.reused);
  checkSample(
    parsedNow.flatMap((s) => s.templates),
    nameTemplate(parsedNow),
  );
  return { head, templates, byFile, reusedShards: shards.length - parsedNow.length };
}
