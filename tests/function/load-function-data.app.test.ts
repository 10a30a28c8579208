import { describe, expect, it } from 'vitest';
import { LIST_COLUMNS_PATH, SEARCH_COLUMNS_PATH } from '../../src/contracts/published/function-data-files.ts';
import { loadFunctionData } from '../../src/function/load-function-data.ts';
import { readColumn, writeColumn } from '../../src/core/catalog/column-codec.ts';
import { openFourShards } from '../helpers/four-shards.ts';

describe('loadFunctionData', () => {
  it('loads a build without columns (made before them) as one with them', async () => {
    const opened = openFourShards();
    const withColumns = await loadFunctionData(opened.source);
    opened.files.delete(LIST_COLUMNS_PATH);
    opened.files.delete(SEARCH_COLUMNS_PATH);
    const without = await loadFunctionData(opened.source);
    expect(JSON.stringify(without.catalog.templates)).toBe(JSON.stringify(withColumns.catalog.templates));
  });

  it('refuses list columns that place a template in another shard, naming the file', async () => {
    const opened = openFourShards((columns) => {
      const count = (columns.columns.tier as { codes: string }).codes.length;
      const shard = readColumn(columns.shard, count, 'shard');
      columns.shard = writeColumn(Array.from({ length: count }, (_, p) => (p === 0 ? ((shard(0) as number) + 1) % 4 : shard(p))));
    });
    await expect(loadFunctionData(opened.source)).rejects.toThrow(`${LIST_COLUMNS_PATH} does not list the templates of the shards`);
  });

  it('refuses search columns that give a template another title, naming the file', async () => {
    const opened = openFourShards();
    const file = JSON.parse(Buffer.from(opened.files.get(SEARCH_COLUMNS_PATH)!).toString('utf8')) as { columns: { title: { lines: string } } };
    file.columns.title.lines = file.columns.title.lines.replace(/^[^\n]*/, 'Another title');
    opened.files.set(SEARCH_COLUMNS_PATH, Buffer.from(JSON.stringify(file)));
    await expect(loadFunctionData(opened.source)).rejects.toThrow(`${SEARCH_COLUMNS_PATH} does not list the templates of the shards`);
  });
});
