import { describe, expect, it } from 'vitest';
import { renderSearchMarkdown } from '../../../src/core/markdown/render-search-markdown.ts';
import { renderSearchResultsMarkdown } from '../../../src/core/markdown/render-search-results-markdown.ts';
import { listTemplates } from '../../../src/core/operations/list-templates.ts';
import { loadSampleCatalog } from '../../helpers/sample-catalog.ts';

const catalog = loadSampleCatalog();

describe('search Markdown with a suggestion', () => {
  it('puts "did you mean" in the MCP text, with results and without', () => {
    const found = listTemplates(catalog, { q: 'prodcut lanuch', limit: 3 });
    const md = renderSearchResultsMarkdown(found, { q: 'prodcut lanuch', limit: 3 }, catalog.categories, 'https://x.example');
    expect(md).toMatch(/^\d+ templates match "prodcut lanuch"; showing 1-3\.\n\nDid you mean "product launch"\? Search again with q="product launch"\.\n\n1\. /);

    const none = listTemplates(catalog, { q: 'podcsat', category: 'hiring' });
    expect(none.total).toBe(0);
    expect(renderSearchResultsMarkdown(none, { q: 'podcsat', category: 'hiring' }, catalog.categories, 'https://x.example')).toContain('Did you mean "podcast"?');
  });

  it('links the corrected search in /search.md, keeping the filters', () => {
    const list = listTemplates(catalog, { q: 'testimonail', tier: 'free' });
    const md = renderSearchMarkdown('https://x.example', { q: 'testimonail', tier: 'free' }, list, 1, 1, 24);
    expect(md).toContain('Did you mean "testimonial"? Results for it: https://x.example/search.md?q=testimonial&tier=free');
  });

  it('says nothing of the kind when every word was found', () => {
    const list = listTemplates(catalog, { q: 'testimonial' });
    expect(renderSearchResultsMarkdown(list, { q: 'testimonial' }, catalog.categories, 'https://x.example')).not.toContain('Did you mean');
  });
});
