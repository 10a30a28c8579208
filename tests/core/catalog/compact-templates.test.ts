import { describe, expect, it } from 'vitest';
import { createCatalog } from '../../../src/core/catalog/catalog.ts';
import { compactTemplates } from '../../../src/core/catalog/compact-templates.ts';
import { getTemplate } from '../../../src/core/operations/get-template.ts';
import { listTemplates } from '../../../src/core/operations/list-templates.ts';
import type { Template } from '../../../src/schemas/template.ts';
import { loadSampleCatalog } from '../../helpers/sample-catalog.ts';

const sample = loadSampleCatalog();
/** The templates as the shards publish them and the function parses them. */
const published = (): Template[] => JSON.parse(JSON.stringify(sample.templates)) as Template[];
const FIELDS = Object.keys(sample.templates[0]!) as (keyof Template)[];

describe('compactTemplates', () => {
  it('reads back every sample template as published: each field, and the same JSON bytes', () => {
    const given = published();
    const compact = compactTemplates(given, sample.categories);
    expect(compact.filter((t, i) => t === given[i])).toEqual([]); // every one compacted
    compact.forEach((t, i) => {
      expect(JSON.stringify(t)).toBe(JSON.stringify(given[i]));
      for (const field of FIELDS) expect(t[field], `${t.id}.${field}`).toEqual(given[i]![field]);
    });
  });

  it('keeps as given a template whose fields are not what the build derives', () => {
    const given = published();
    const [moved, extra, reordered] = [given[1]!, given[2]!, given[3]!];
    moved.url = 'https://elsewhere.example/x';
    (extra as Template & { palette?: string[] }).palette = ['#000'];
    given[3] = { publishedAt: reordered.publishedAt, ...reordered };
    const compact = compactTemplates(given, sample.categories);
    expect(compact[1]).toBe(moved);
    expect(compact[2]).toBe(extra);
    expect(compact[3]).toBe(given[3]);
    expect(compact[4]).not.toBe(given[4]);
  });

  it('answers lists, searches and lookups with the same bytes as the plain templates', () => {
    const catalog = (templates: Template[]) => createCatalog(sample.categories, templates, sample.index, sample.filterWords, { topicalPairs: sample.topicalPairs });
    const [plain, compact] = [catalog(published()), catalog(compactTemplates(published(), sample.categories))];
    for (const query of [{}, { q: 'launch' }, { q: 'free vertical launch', limit: 3 }, { category: 'hiring', format: '9:16' as const }, { sort: 'price' as const }]) {
      expect(JSON.stringify(listTemplates(compact, query as never)), JSON.stringify(query)).toBe(JSON.stringify(listTemplates(plain, query as never)));
    }
    const t = sample.templates[5]!;
    expect(JSON.stringify(getTemplate(compact, t.slug))).toBe(JSON.stringify(getTemplate(plain, t.slug)));
  });
});
