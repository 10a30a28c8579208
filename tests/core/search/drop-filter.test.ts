import { describe, expect, it } from 'vitest';
import { listTemplates } from '../../../src/core/operations/list-templates.ts';
import { dropFilter, listReadFilters } from '../../../src/core/search/drop-filter.ts';
import { normalizeQuery } from '../../../src/core/search/search-options.ts';
import { readQuery } from '../../../src/core/query/read-query.ts';
import { listQuerySchema } from '../../../src/schemas/queries.ts';
import { renderSearchMarkdown } from '../../../src/core/markdown/render-search-markdown.ts';
import { loadSampleCatalog } from '../../helpers/sample-catalog.ts';

const catalog = loadSampleCatalog();
/** A search as an address carries it: parameters in, the answer out. */
const ask = (params: URLSearchParams) => listTemplates(catalog, readQuery(listQuerySchema, params));
const toParams = (s: { q?: string; tier?: string; format?: string }) => new URLSearchParams(Object.entries(s).filter((e): e is [string, string] => Boolean(e[1])));

describe('understood phrases', () => {
  it('say which words of q produced each: start and end in q normalized', () => {
    const q = '  Free VERTICAL launch   under 20 seconds ';
    for (const p of ask(toParams({ q })).understood!.phrases) expect(normalizeQuery(q).slice(p.start, p.end)).toBe(p.text);
    expect(ask(toParams({ q })).understood!.phrases.map((p) => [p.filter, p.text])).toEqual([['tier', 'free'], ['format', 'vertical'], ['durationSeconds', 'under 20 seconds']]);
  });
});

describe('dropFilter', () => {
  it.for([
    ['free vertical launch under 20 seconds', 'tier', 'vertical launch under 20 seconds'],
    ['free vertical launch under 20 seconds', 'format', 'free launch under 20 seconds'],
    ['free vertical launch under 20 seconds', 'durationSeconds', 'free vertical launch'],
    ['teaser over 5 s and under 20 s', 'durationSeconds', 'teaser and'],
    ['promo with music and a voice-over', 'editable.music', 'promo and a voice-over'],
  ] as const)('chooses Any for a filter read from "%s" (%s): its words leave q', ([q, filter, left]) => {
    const understood = ask(toParams({ q })).understood;
    expect(dropFilter({ q }, understood, filter).q).toBe(left);
  });

  it('survives a round trip through the address: the filter is gone, the others stay, for every filter of every judged query', () => {
    for (const q of ['free vertical launch under 20 seconds', 'premium landscape launch at least 30 seconds with music', 'vertical hiring video with a voice-over under $30', 'sale with at least 5 images', 'a free 16:9 explainer of 60 seconds with a voiceover']) {
      const before = ask(toParams({ q })).understood;
      const read = listReadFilters(before);
      expect(read.length, q).toBeGreaterThan(0);
      for (const f of read) {
        const after = ask(toParams(dropFilter({ q }, before, f.filter))).understood;
        expect(listReadFilters(after), `${q} without ${f.filter}`).toEqual(read.filter((r) => r.filter !== f.filter));
      }
    }
  });

  it('clears the parameter of that name too, and drops a word the parameter overrode', () => {
    const search = { q: 'free launch', tier: 'premium', format: '9:16' };
    const understood = ask(toParams(search)).understood;
    expect(dropFilter(search, understood, 'tier')).toEqual({ q: 'launch', tier: '', format: '9:16' });
    expect(dropFilter(search, understood, 'format')).toEqual({ q: 'free launch', tier: 'premium', format: '' });
  });

  it('keeps a filter word the catalog is about ("free shipping") in q', () => {
    const understood = ask(toParams({ q: 'free shipping' })).understood;
    expect(dropFilter({ q: 'free shipping' }, understood, 'tier').q).toBe('free shipping');
  });
});

describe('renderSearchMarkdown', () => {
  it('lists the filters read from q, each with the search choosing Any for it, as the chips do', () => {
    const filters = { q: 'free vertical launch under 20 seconds' };
    const md = renderSearchMarkdown('https://example.test', filters, ask(toParams(filters)), 1, 1, 24);
    expect(md).toContain('Filters read from the words:');
    expect(md).toContain('- price: free (from "free") — [any price](https://example.test/search.md?q=vertical+launch+under+20+seconds)');
    expect(md).toContain('- length: under 20 s (from "under 20 seconds") — [any length](https://example.test/search.md?q=free+vertical+launch)');
  });
});
