import { describe, expect, it } from 'vitest';
import { listTemplates } from '../../src/core/operations/list-templates.ts';
import { loadSampleCatalog } from '../helpers/sample-catalog.ts';
import { HONEST_QUERIES } from './judged-honest.ts';

const catalog = loadSampleCatalog();
const literal = (how: string) => how === 'word' || how === 'prefix' || how === 'typo';

describe('honest answers (judged-honest.ts)', () => {
  it('names every word the catalog lacks in unmatched, and no meaning-only template ranks above a literal one', () => {
    const failures: string[] = [];
    for (const j of HONEST_QUERIES) {
      const list = listTemplates(catalog, { q: j.q });
      for (const w of j.unmatched) if (!list.unmatched?.includes(w)) failures.push(`${j.q}: "${w}" not in unmatched ${JSON.stringify(list.unmatched)}`);
      const kinds = list.templates.map((t) => (t.matched ?? []).some((m) => literal(m.how)));
      const firstMeant = kinds.indexOf(false);
      if (firstMeant >= 0 && kinds.indexOf(true, firstMeant) >= 0) failures.push(`${j.q}: a template reached only by meaning ranks above a literal match`);
      if (j.answers && !list.templates.slice(0, 5).some((t) => j.answers!.includes(t.slug))) failures.push(`${j.q}: none of its answers in the first five`);
    }
    expect(failures).toEqual([]);
  });

  it('shows the templates about the words it has: "halloween sale" answers sales, none reached only through halloween', () => {
    const list = listTemplates(catalog, { q: 'halloween sale' });
    expect(list.unmatched).toEqual(['halloween']);
    expect(list.templates.slice(0, 5).every((t) => t.matched!.some((m) => m.word === 'sale' && m.how === 'word'))).toBe(true);
  });

  it('reads "opening" as an event beside a shop, not an intro: "bakery opening" answers no intro template first', () => {
    for (const q of ['bakery opening', 'store opening']) {
      const first = listTemplates(catalog, { q, limit: 3 }).templates.map((t) => t.slug);
      expect(first, q).not.toContain('company-overview-intro');
      expect(first, q).not.toContain('brand-colors-mosaic-intro');
    }
  });
});
