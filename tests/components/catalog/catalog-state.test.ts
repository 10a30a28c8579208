import { describe, expect, it } from 'vitest';
import { buildStateHref, EMPTY_STATE, FILTER_KEYS, PAGE_PARAMS, readCatalogState } from '../../../src/components/catalog/catalog-state.ts';
import { searchPageQuerySchema } from '../../../src/schemas/queries.ts';

describe('catalog state', () => {
  it('knows exactly the parameters of the /search query schema', () => {
    expect([...PAGE_PARAMS].sort()).toEqual(Object.keys(searchPageQuerySchema.shape).sort());
    expect(FILTER_KEYS).toEqual(Object.keys(searchPageQuerySchema.shape).filter((k) => k !== 'q' && k !== 'sort' && k !== 'page'));
  });

  it('reads an address and writes it back the same, empty values and page 1 left out', () => {
    const state = readCatalogState(new URLSearchParams('q=launch&tier=free&format=9%3A16&page=2&category='));
    expect(state).toEqual({ ...EMPTY_STATE, q: 'launch', tier: 'free', format: '9:16', page: 2 });
    expect(buildStateHref('/search', state)).toBe('/search?q=launch&tier=free&format=9%3A16&page=2');
    expect(buildStateHref('/search', { ...state, page: 1 })).toBe('/search?q=launch&tier=free&format=9%3A16');
  });
});
