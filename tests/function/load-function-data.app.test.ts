import { describe, expect, it } from 'vitest';
import { LIST_COLUMNS_PATH } from '../../src/contracts/published/function-data-files.ts';
import { loadFunctionData } from '../../src/function/load-function-data.ts';
import { openFourShards } from '../helpers/four-shards.ts';

describe('loadFunctionData', () => {
  it('loads a build without list columns (made before them) as one with them', async () => {
    const opened = openFourShards();
    const withColumns = await loadFunctionData(opened.source);
    opened.files.delete(LIST_COLUMNS_PATH);
    const without = await loadFunctionData(opened.source);
    expect(JSON.stringify(without.catalog.templates)).toBe(JSON.stringify(withColumns.catalog.templates));
  });

  it('refuses list columns that place a template in another shard, naming the file', async () => {
    const opened = openFourShards((columns) => void (columns.shard[0] = (columns.shard[0]! + 1) % 4));
    await expect(loadFunctionData(opened.source)).rejects.toThrow(`${LIST_COLUMNS_PATH} does not list the templates of the shards`);
  });
});
