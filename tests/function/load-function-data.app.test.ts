import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { encodeCompactRows } from '../../src/core/catalog/compact-rows.ts';
import { selectShard, shardPath } from '../../src/contracts/published/catalog-shards.ts';
import { CATALOG_HEAD_PATH, SEARCH_INDEX_PATH, toRowsPath } from '../../src/contracts/published/function-data-files.ts';
import { loadFunctionData, loadTemplateShard, type DataSource } from '../../src/function/load-function-data.ts';
import { readBuiltCatalog } from '../helpers/build-data.ts';

/**
 * The test build's data laid out in 4 shards, as a catalog of ~3,000 templates is (the sample's
 * 64 fit one): the head naming them, each shard's rows file, the build's index. Reads are recorded.
 */
function openFourShards(): { source: DataSource; reads: string[] } {
  const { templates, ...head } = readBuiltCatalog();
  const shards = [0, 1, 2, 3].map((n) => templates.filter((t) => selectShard(t.id, 4) === n));
  const files = new Map<string, Uint8Array>([
    [CATALOG_HEAD_PATH, Buffer.from(JSON.stringify({ ...head, shards: shards.map((_, n) => shardPath(n)) }))],
    [SEARCH_INDEX_PATH, readFileSync(join(inject('distDir'), 'client', SEARCH_INDEX_PATH))],
    ...shards.map((list, n) => [toRowsPath(shardPath(n)), Buffer.from(JSON.stringify(encodeCompactRows(list, head.categories)))] as const),
  ]);
  const reads: string[] = [];
  return { reads, source: { where: 'memory', read: async (path) => (reads.push(path), files.get(path)) } };
}

describe('loadTemplateShard', () => {
  it('reads the head and the one rows file an id hashes to, and holds that template as the whole load does', async () => {
    const { source } = openFourShards();
    const whole = await loadFunctionData(source);
    expect(new Set(whole.catalog.templates.map((t) => selectShard(t.id, 4))).size).toBe(4);
    for (const template of whole.catalog.templates) {
      const opened = openFourShards();
      const one = await loadTemplateShard(opened.source, template.id);
      expect(opened.reads).toEqual([CATALOG_HEAD_PATH, toRowsPath(shardPath(selectShard(template.id, 4)))]);
      expect(JSON.stringify(one?.catalog.byRef.get(template.id))).toBe(JSON.stringify(template));
      expect(one?.siteUrl).toBe(whole.siteUrl);
    }
  });

  it('finds nothing for a slug or an unknown id, which the whole catalog answers', async () => {
    const [first] = readBuiltCatalog().templates;
    for (const ref of [first!.slug, 'tpl-0000', 'no-such-template']) expect(await loadTemplateShard(openFourShards().source, ref), ref).toBeUndefined();
  });
});
