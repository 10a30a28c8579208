import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../src/config/read-config.ts';
import { countTemplateFiles, listPrerenderedIds, selectPrerendered } from '../../src/contracts/published/prerender-head.ts';
import { listTemplateFiles } from '../../src/contracts/published/template-files.ts';
import { listTemplatePages } from '../../src/contracts/published/template-pages.ts';
import { loadSiteCatalog } from '../../src/site/load-site-catalog.ts';

const config = readConfig({ SITE_URL: 'http://localhost:4321' });
const { valid, catalog } = loadSiteCatalog(config);
const source = { entries: valid.entries, catalog, socialRenderer: 'renderer' };

describe('selectPrerendered', () => {
  it('keeps the newest templates, in the catalog order, and all of them when unset or larger than the catalog', () => {
    const ids = catalog.templates.map((t) => t.id);
    expect(selectPrerendered(catalog.templates, 3).map((t) => t.id)).toEqual(ids.slice(0, 3));
    expect(selectPrerendered(catalog.templates, undefined)).toBe(catalog.templates);
    expect(selectPrerendered(catalog.templates, ids.length + 5)).toBe(catalog.templates);
    expect([...listPrerenderedIds(catalog.templates, 0)]).toEqual([]);
  });
});

describe('listTemplatePages and listTemplateFiles', () => {
  it('list files for the head only, every shard still, and as many files per template as countTemplateFiles says', () => {
    const all = [...listTemplatePages(source), ...listTemplateFiles(source)];
    const head = [...listTemplatePages({ ...source, prerender: 8 }), ...listTemplateFiles({ ...source, prerender: 8 })];
    const shards = (list: typeof all) => list.filter((o) => o.path.startsWith('/data/')).map((o) => o.path);
    expect(shards(head)).toEqual(shards(all));
    const perTemplate = (list: typeof all) => list.filter((o) => !o.path.startsWith('/data/')).length;
    expect(perTemplate(head)).toBe(catalog.templates.slice(0, 8).reduce((n, t) => n + countTemplateFiles(t), 0));
    expect(perTemplate(all)).toBe(catalog.templates.reduce((n, t) => n + countTemplateFiles(t), 0));
    const tail = catalog.templates[8]!;
    expect(head.filter((o) => o.path.includes(tail.slug) || o.path.endsWith(`/${tail.id}`))).toEqual([]);
  });
});

describe('PRERENDER_TEMPLATES', () => {
  it('is a count: unset means every template, anything but a whole number of 0 or more is refused', () => {
    expect(readConfig({}).PRERENDER_TEMPLATES).toBeUndefined();
    expect(readConfig({ PRERENDER_TEMPLATES: '1000' }).PRERENDER_TEMPLATES).toBe(1000);
    for (const bad of ['-1', '1.5', 'many']) expect(() => readConfig({ PRERENDER_TEMPLATES: bad }), bad).toThrow(ConfigError);
  });
});
