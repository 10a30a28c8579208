import { describe, expect, it } from 'vitest';
import { countCatalogShards, readCatalogFiles, selectShard, shardPath, splitCatalog } from '../../src/contracts/published/catalog-shards.ts';
import type { Template } from '../../src/schemas/template.ts';

describe('countCatalogShards', () => {
  it('is a power of two of about a thousand templates each', () => {
    expect([0, 64, 1024, 1025, 10_000, 50_000, 200_000, 1_000_000].map(countCatalogShards)).toEqual([1, 1, 1, 2, 16, 64, 256, 1024]);
  });
});

describe('selectShard', () => {
  it('puts a template in the same shard whatever else the catalog holds, and spreads templates evenly', () => {
    expect(selectShard('tpl-1001', 16)).toBe(selectShard('tpl-1001', 16));
    const counts = new Array<number>(16).fill(0);
    for (let i = 0; i < 16_000; i++) counts[selectShard(`syn-${i}`, 16)]!++;
    expect(Math.min(...counts)).toBeGreaterThan(850);
    expect(Math.max(...counts)).toBeLessThan(1150);
  });
});

describe('splitCatalog and readCatalogFiles', () => {
  it('split the templates by id, each shard in catalog order, and read them back whole', () => {
    const templates = Array.from({ length: 3000 }, (_, i) => ({ id: `t-${i}` }) as Template);
    const shards = splitCatalog(templates);
    expect(shards).toHaveLength(4);
    shards.forEach((shard, n) => shard.forEach((t) => expect(selectShard(t.id, 4)).toBe(n)));
    expect(shards.flat().sort((a, b) => Number(a.id.slice(2)) - Number(b.id.slice(2)))).toEqual(templates);
    const files = new Map<string, unknown>([['/data/catalog.json', { shards: shards.map((_, n) => shardPath(n)) }], ...shards.map((s, n) => [shardPath(n), { templates: s }] as [string, unknown])]);
    expect(readCatalogFiles((path) => files.get(path)).templates).toEqual(shards.flat());
  });
});
