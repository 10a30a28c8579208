import { describe, expect, it } from 'vitest';
import { compileListFilters, describeListFilters, hasListFilters, LIST_FILTER_KEYS, listFilterParams } from '../../../src/core/operations/list-filters.ts';
import { listQuerySchema } from '../../../src/schemas/queries.ts';
import { loadSampleCatalog } from '../../helpers/sample-catalog.ts';

const catalog = loadSampleCatalog();

describe('LIST_FILTER_KEYS', () => {
  it('holds every parameter of the list query but the words, the order and the page, in the schema order', () => {
    expect(LIST_FILTER_KEYS).toEqual(Object.keys(listQuerySchema.shape).filter((k) => !['q', 'sort', 'limit', 'offset'].includes(k)));
  });
});

describe('listFilterParams', () => {
  it('lists the set filters in address order, leaving out unset and empty ones and the words', () => {
    expect(listFilterParams({ format: '9:16', tier: '', category: 'event' })).toEqual([['category', 'event'], ['format', '9:16']]);
    expect(listFilterParams({})).toEqual([]);
  });
});

describe('hasListFilters', () => {
  it('is true only when a filter is set (the /search state writes none as "")', () => {
    expect(hasListFilters({ tier: 'free' })).toBe(true);
    expect(hasListFilters({ category: '', tier: undefined })).toBe(false);
  });
});

describe('describeListFilters', () => {
  it('words each set filter as the answers name it', () => {
    expect(describeListFilters({ category: 'hiring', tier: 'free', format: '9:16' })).toEqual(['category hiring', 'tier free', 'format 9:16']);
  });
});

describe('compileListFilters', () => {
  it('is undefined when no filter is set, so a list keeps every template', () => {
    expect(compileListFilters({ q: 'launch', limit: 3 })).toBeUndefined();
  });

  it('keeps exactly the templates that pass every set filter', () => {
    const passes = compileListFilters({ category: 'event', format: '9:16' })!;
    const kept = catalog.templates.filter(passes);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toEqual(catalog.templates.filter((t) => t.category === 'event' && t.formats.includes('9:16')));
  });
});
