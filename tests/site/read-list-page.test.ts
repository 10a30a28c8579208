import { describe, expect, it } from 'vitest';
import { listTemplates } from '../../src/core/operations/list-templates.ts';
import { readListPage } from '../../src/site/read-list-page.ts';
import { loadSampleCatalog } from '../helpers/sample-catalog.ts';

const catalog = loadSampleCatalog();

describe('readListPage', () => {
  it('answers each page of every list as listTemplates answers it alone', () => {
    for (const category of [undefined, ...catalog.categories.map((c) => c.id)]) {
      const total = listTemplates(catalog, category ? { category } : {}).total!;
      for (let offset = 0; offset < total; offset += 5) {
        const alone = listTemplates(catalog, { ...(category ? { category } : {}), limit: 5, offset });
        expect(JSON.stringify(readListPage(catalog, category, { limit: 5, offset }))).toBe(JSON.stringify(alone));
      }
    }
  });

  it('cuts the pages from one list, in order, with the facets of every match', () => {
    const whole = listTemplates(catalog, {});
    const pages = Array.from({ length: Math.ceil(whole.total! / 7) }, (_, n) => readListPage(catalog, undefined, { limit: 7, offset: n * 7 }));
    expect(pages.flatMap((p) => p.templates.map((t) => t.id))).toEqual(whole.templates.map((t) => t.id));
    for (const page of pages) expect(page.facets).toEqual(whole.facets);
    expect(readListPage(catalog, undefined, { limit: 1 })).not.toHaveProperty('offset');
  });
});
