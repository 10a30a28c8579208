import { describe, expect, it } from 'vitest';
import { isPackedDataPath, PACKED_DATA_PATTERNS, rowsPath, toRowsPath } from '../../../src/contracts/published/function-data-files.ts';
import { shardPath } from '../../../src/contracts/published/catalog-shards.ts';

describe('rowsPath', () => {
  it('puts each shard’s rows file beside it', () => {
    expect(rowsPath(3)).toBe('/data/catalog/3.rows.json');
    expect(toRowsPath(shardPath(3))).toBe(rowsPath(3));
  });
});

describe('isPackedDataPath', () => {
  it('reads packed the rows files, the columns, the index and (for a build without rows) the shards, nothing else', () => {
    for (const path of [rowsPath(0), rowsPath(127), '/data/catalog/list-columns.json', '/data/catalog/search-columns.json', '/data/search-index.bin', shardPath(5)]) expect(isPackedDataPath(path), path).toBe(true);
    for (const path of ['/data/catalog.json', '/data/catalog/x.rows.json', '/data/palettes/0.json', '/data/catalog/1.rows.json.gz', '/data/catalog/list-columns.json.gz']) expect(isPackedDataPath(path), path).toBe(false);
  });

  it('keeps only the rows files’, the columns’ and the index’s packed copies in a Workers upload', () => {
    expect(PACKED_DATA_PATTERNS).toEqual(['data/catalog/*.rows.json.gz', 'data/catalog/list-columns.json.gz', 'data/catalog/search-columns.json.gz', 'data/search-index.bin.gz']);
  });
});
