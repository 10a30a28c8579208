import { describe, expect, it } from 'vitest';
import { createTypoIndex, measureEdits } from '../../../src/core/search/typo-index.ts';

describe('measureEdits', () => {
  it('counts a swap of neighbours as one edit (Damerau), like a wrong, missing or extra letter', () => {
    expect(measureEdits('lanuch', 'launch', 2)).toBe(1);
    expect(measureEdits('tmeplate', 'template', 2)).toBe(1);
    expect(measureEdits('lunch', 'launch', 2)).toBe(1);
    expect(measureEdits('countdwn', 'countdown', 2)).toBe(1);
    expect(measureEdits('festivall', 'festival', 2)).toBe(1);
    expect(measureEdits('kitten', 'sitting', 3)).toBe(3);
  });

  it('stops at the limit', () => {
    expect(measureEdits('abcdef', 'uvwxyz', 2)).toBe(3);
    expect(measureEdits('a', 'abcd', 1)).toBe(2);
  });
});

describe('createTypoIndex', () => {
  const terms = ['launch', 'lunch', 'launcher', 'template', 'testimonial', 'podcast', 'ugc'];
  const typos = createTypoIndex(terms, (t) => t.length >= 4);
  const find = (w: string, edits: number) => typos.find(w, edits).map((m) => `${terms[m.term]}:${m.edits}`);

  it('finds words one swap, substitution, deletion or insertion away, nearest first', () => {
    expect(find('lanuch', 1)).toEqual(['launch:1']);
    expect(find('launch', 1)).toEqual(['lunch:1']);
    expect(find('tmeplate', 1)).toEqual(['template:1']);
    expect(find('testimonail', 2)).toEqual(['testimonial:1']);
    expect(find('podacst', 1)).toEqual(['podcast:1']);
    expect(find('lauch', 2)).toEqual(['launch:1', 'lunch:2']);
  });

  it('finds nothing past the edits allowed, and never files words it was told to skip', () => {
    expect(find('lnuach', 1)).toEqual([]);
    expect(find('ugg', 1)).toEqual([]);
    expect(find('launch', 0)).toEqual([]);
  });
});
