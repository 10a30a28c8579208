import { describe, expect, it } from 'vitest';
import { stemWord } from '../../../src/core/search/stem-word.ts';
import { createStemGroups } from '../../../src/core/search/term-lookups.ts';
import { loadSampleCatalog } from '../../helpers/sample-catalog.ts';

// The sample's words and forms whose stems are short, end in "y", undouble, or lose an "e".
const crafted = ['a', 'ax', 'axes', 'box', 'boxes', 'cat', 'cats', 'hire', 'hired', 'hiring', 'run', 'running', 'runs', 'stories', 'story', 'launch', 'launched', 'launches', '80s', 'éclair', 'éclairs'];
const terms = [...new Set([...loadSampleCatalog().index.terms, ...crafted])].sort();

describe('createStemGroups', () => {
  it('finds each stem\'s words when first asked (lazy) as the ordering of every stem does', () => {
    const [whole, lazy] = [createStemGroups(terms), createStemGroups(terms, { lazy: true })];
    for (const stem of new Set(terms.map(stemWord))) expect(lazy.get(stem), stem).toEqual(whole.get(stem));
    expect(lazy.get('axe')).toBeUndefined();
    expect(lazy.has('launch')).toBe(true);
    expect(lazy.get('launch')!.map((id) => terms[id])).toEqual(['launch', 'launched', 'launches']);
  });
});
