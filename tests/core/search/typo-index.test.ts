import { describe, expect, it } from 'vitest';
import { buildSearchIndex } from '../../../src/core/search/search-index.ts';
import { allowedEdits } from '../../../src/core/search/search-options.ts';
import { createTypoIndex, measureEdits } from '../../../src/core/search/typo-index.ts';
import { createPrng } from '../../../scripts/lib/prng.ts';
import { createSyntheticInput, readRepositoryInput } from '../../helpers/catalog-inputs.ts';
import * as reference from './reference/typo-index.ts';

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

describe('createTypoIndex against the reference', () => {
  it('finds the same words in the same order as the string-keyed index it replaced, for catalog words and typos of them', () => {
    const prng = createPrng(7);
    const accept = (t: string) => /^[a-z]{4,}$/.test(t) && allowedEdits(t) > 0;
    for (const input of [readRepositoryInput(), createSyntheticInput({ count: 2000, seed: 1, vocabulary: 'realistic' })]) {
      // Runs of one letter (balloon, committee) and words longer than 31 letters are filed too.
      const terms = [...buildSearchIndex(input.templates).terms, 'balloonn', 'committee', 'a'.repeat(40), 'ab'.repeat(17)];
      const [ours, theirs] = [createTypoIndex(terms, (t) => /^[a-z]{4,}$/.test(t)), reference.createTypoIndex(terms, (t) => /^[a-z]{4,}$/.test(t))];
      const [served, servedByReference] = [createTypoIndex(terms, accept), reference.createTypoIndex(terms, accept)];
      const typo = (w: string) => {
        const i = prng.int(w.length);
        const c = String.fromCharCode(97 + prng.int(26));
        return [w.slice(0, i) + w.slice(i + 1), w.slice(0, i) + c + w.slice(i), w.slice(0, i) + c + w.slice(i + 1), w.slice(0, i) + w.slice(i + 1, i + 2) + w[i] + w.slice(i + 2)][prng.int(4)]!;
      };
      const letters = terms.filter((t) => /^[a-z]+$/.test(t));
      const words = Array.from({ length: 200 }, () => prng.pick(letters)).flatMap((t) => [t, typo(t), typo(typo(t))]);
      for (const word of words) {
        for (const edits of [1, 2]) {
          expect(ours.find(word, edits), `${word} ${edits}`).toEqual(theirs.find(word, edits));
          expect(served.find(word, edits), `${word} ${edits}`).toEqual(servedByReference.find(word, edits));
        }
      }
    }
  });
});
