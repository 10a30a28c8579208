import { describe, expect, it } from 'vitest';
import { listTemplates } from '../../src/core/operations/list-templates.ts';
import { readQuery, API_QUERY } from '../../src/core/query/read-query.ts';
import { selectShard, shardPath } from '../../src/contracts/published/catalog-shards.ts';
import { CATALOG_HEAD_PATH, LIST_COLUMNS_PATH, SEARCH_COLUMNS_PATH, SEARCH_INDEX_PATH, toRowsPath } from '../../src/contracts/published/function-data-files.ts';
import { loadFunctionData } from '../../src/function/load-function-data.ts';
import { loadListPage, loadTemplateShard } from '../../src/function/load-early-data.ts';
import { readColumn, writeColumn } from '../../src/core/catalog/column-codec.ts';
import { listQuerySchema } from '../../src/schemas/queries.ts';
import { readBuiltCatalog } from '../helpers/build-data.ts';
import { openFourShards } from '../helpers/four-shards.ts';

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

/**
 * Each list of `searches` from a fresh source: the files it reads first (`first`), then exactly
 * its page's rows files, and the whole catalog's answer; or undefined where its page is in more
 * than half the shards (it would read most of the data twice). Returns the searches answered early.
 */
async function compareEarly(searches: readonly string[], first: readonly string[]): Promise<Set<string>> {
  const whole = (await loadFunctionData(openFourShards().source)).catalog;
  const early = new Set<string>();
  for (const search of searches) {
    const opened = openFourShards();
    const page = await loadListPage(opened.source, search);
    const query = readQuery(listQuerySchema, search, API_QUERY);
    const answer = listTemplates(whole, query);
    const pageShards = new Set(answer.templates.map((t) => toRowsPath(shardPath(selectShard(t.id, 4)))));
    expect(opened.reads.slice(0, first.length), search).toEqual(first);
    if (pageShards.size > 2) {
      expect(page, search).toBeUndefined();
      continue;
    }
    early.add(search);
    expect(JSON.stringify(listTemplates(page!.catalog, query)), search).toBe(JSON.stringify(answer));
    expect(new Set(opened.reads.slice(first.length)), search).toEqual(pageShards);
  }
  return early;
}

describe('loadListPage', () => {
  const [first] = readBuiltCatalog().templates;

  it('answers every list without words as the whole catalog does, reading the columns and its page\'s rows files only', async () => {
    const searches = [
      'limit=1', 'limit=2', 'limit=20', 'limit=100', 'limit=2&offset=60', 'limit=3&offset=500', 'limit=1&offset=17',
      `limit=2&category=${first!.category}`, `limit=2&tier=free&format=9:16`, 'limit=2&sort=price', 'limit=1&sort=duration&offset=2',
      `limit=2&sort=relevance&category=${first!.category}&tier=${first!.tier}`, 'limit=1&q=%20%20', 'limit=3&category=no-such-category',
    ];
    const early = await compareEarly(searches, [CATALOG_HEAD_PATH, LIST_COLUMNS_PATH]);
    expect(early.size).toBeGreaterThanOrEqual(10);
    expect(early.has('limit=20') || early.has('limit=100')).toBe(false);
  });

  it('answers searches as the whole catalog does, reading the columns, the index and its page\'s rows files only', async () => {
    const searches = [
      'q=launch&limit=2', `q=${encodeURIComponent(first!.title)}&limit=1`, 'q=free%20vertical%20under%2020%20seconds&limit=2', 'q=lanch&limit=2',
      'q=premium%20sale%20with%20music&limit=1&offset=1', 'q=cheapest%20intro&limit=2', 'q=zzzqqq&limit=3', `q=hiring&limit=2&category=${first!.category}`,
    ];
    const early = await compareEarly(searches, [CATALOG_HEAD_PATH, LIST_COLUMNS_PATH, SEARCH_INDEX_PATH, SEARCH_COLUMNS_PATH]);
    expect(early.size).toBeGreaterThanOrEqual(6);
  });

  it('leaves to the whole catalog the whole list, a query that does not parse and a build without the files it reads', async () => {
    for (const search of ['', 'category=saas-feature', 'q=launch', 'limit=0', 'limit=3&sort=sideways']) {
      expect(await loadListPage(openFourShards().source, search), search).toBeUndefined();
    }
    const opened = openFourShards();
    opened.files.delete(LIST_COLUMNS_PATH);
    expect(await loadListPage(opened.source, 'limit=3')).toBeUndefined();
    for (const path of [SEARCH_INDEX_PATH, SEARCH_COLUMNS_PATH]) {
      const without = openFourShards();
      without.files.delete(path);
      expect(await loadListPage(without.source, 'q=launch&limit=1'), path).toBeUndefined();
      expect(await loadListPage(without.source, 'limit=1'), path).toBeDefined();
    }
  });

  it('answers nothing from columns that disagree with a page\'s rows, and the whole load refuses them', async () => {
    // The newest template said to be of the other tier: the page of one shows it, the rows say otherwise.
    const opened = openFourShards((columns) => {
      const count = (columns.columns.tier as { codes: string }).codes.length;
      const tier = readColumn(columns.columns.tier, count, 'tier');
      const tiers = Array.from({ length: count }, (_, p) => tier(p));
      tiers[0] = tiers[0] === 'free' ? 'premium' : 'free';
      columns.columns.tier = writeColumn(tiers);
    });
    expect(await loadListPage(opened.source, 'limit=1')).toBeUndefined();
    await expect(loadFunctionData(opened.source)).rejects.toThrow(`${LIST_COLUMNS_PATH} does not list the templates of the shards`);
  });
});
