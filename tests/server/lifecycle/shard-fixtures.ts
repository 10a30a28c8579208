import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { selectShard, shardPath } from '../../../src/contracts/published/catalog-shards.ts';
import type { CatalogHead, CatalogShard } from '../../../src/schemas/catalog-data.ts';
import type { Template } from '../../../src/schemas/template.ts';
import { rewriteClientFile } from './build-fixtures.ts';

const readJson = <T>(dir: string, path: string) => JSON.parse(readFileSync(join(dir, 'client', path), 'utf8')) as T;

/** The catalog head of a build folder. */
export const readHead = (dir: string) => readJson<CatalogHead>(dir, 'data/catalog.json');

/** The templates of shard `n` of a build folder. */
export const readShard = (dir: string, n: number) => readJson<CatalogShard>(dir, shardPath(n)).templates;

/**
 * Splits a build's catalog into `count` shards by the build's own rule (the sample catalog
 * fits one), so that a later build can share some of them and change others.
 */
export function splitShards(dir: string, count: number): void {
  const head = readHead(dir);
  const templates = head.shards.flatMap((path) => readJson<CatalogShard>(dir, path).templates);
  for (const path of head.shards) for (const suffix of ['', '.br', '.gz']) rmSync(join(dir, 'client', path + suffix), { force: true });
  const shards: Template[][] = Array.from({ length: count }, () => []);
  for (const t of templates) shards[selectShard(t.id, count)]!.push(t);
  shards.forEach((shard, n) => writeFileSync(join(dir, 'client', shardPath(n)), JSON.stringify({ templates: shard })));
  rewriteClientFile(dir, 'data/catalog.json', () => JSON.stringify({ ...head, shards: shards.map((_, n) => shardPath(n)) }));
}

/** Rewrites shard `n` of a build as a new file, its templates changed by `change`. */
export function editShard(dir: string, n: number, change: (templates: Template[]) => void): void {
  rewriteClientFile(dir, shardPath(n), (text) => {
    const shard = JSON.parse(text) as CatalogShard;
    change(shard.templates);
    return JSON.stringify(shard);
  });
}
