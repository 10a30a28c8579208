import { describe, expect, it } from 'vitest';
import { loadSearchIndex, serializeSearchIndex } from '../../../src/core/search/search-index.ts';
import { loadSampleCatalog } from '../../helpers/sample-catalog.ts';

const index = loadSampleCatalog().index;
const bytes = serializeSearchIndex(index);

describe('serializeSearchIndex / loadSearchIndex', () => {
  it('round-trips the index through bytes, with no JSON string of the whole index', () => {
    const loaded = loadSearchIndex(bytes);
    expect(loaded.ids).toEqual(index.ids);
    expect(loaded.terms).toEqual(index.terms);
    expect(loaded.synonyms).toEqual(index.synonyms);
    expect(Array.from(loaded.postings.docs)).toEqual(Array.from(index.postings.docs));
    expect(() => JSON.parse(Buffer.from(bytes).toString('utf8'))).toThrow(); // a binary file, not JSON
  });

  it('refuses truncated, padded or foreign bytes, saying why', () => {
    expect(() => loadSearchIndex(bytes.subarray(0, bytes.length - 10))).toThrow(/truncated/);
    expect(() => loadSearchIndex(Buffer.concat([bytes, Buffer.from('x')]))).toThrow(/trailing bytes/);
    expect(() => loadSearchIndex(Buffer.from('[]'))).toThrow(/not a tcs-search\/2 index/);
  });
});
