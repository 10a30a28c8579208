import { describe, expect, it } from 'vitest';
import { countListPages, findListNeighbours, listLaterPages, toCategoryPagePath, toNewestPagePath } from '../../../src/core/links/list-pages.ts';

describe('countListPages', () => {
  it('gives one page to an empty or short list and one more for each started page', () => {
    expect([0, 1, 48, 49, 96, 97, 1132].map((n) => countListPages(n, 48))).toEqual([1, 1, 1, 2, 2, 3, 24]);
  });
});

describe('toCategoryPagePath', () => {
  it('keeps page 1 at the category address and numbers the rest', () => {
    expect([1, 2, 24].map((n) => toCategoryPagePath('event', n))).toEqual(['/categories/event', '/categories/event/2', '/categories/event/24']);
  });
});

describe('toNewestPagePath', () => {
  it('keeps page 1 at the home page', () => {
    expect([1, 2].map(toNewestPagePath)).toEqual(['/', '/newest/2']);
  });
});

describe('findListNeighbours', () => {
  it('links the previous and next pages, none past the ends', () => {
    expect(findListNeighbours(1, 3, toNewestPagePath)).toEqual({ next: '/newest/2' });
    expect(findListNeighbours(2, 3, toNewestPagePath)).toEqual({ prev: '/', next: '/newest/3' });
    expect(findListNeighbours(3, 3, toNewestPagePath)).toEqual({ prev: '/newest/2' });
    expect(findListNeighbours(1, 1, toNewestPagePath)).toEqual({});
  });
});

describe('listLaterPages', () => {
  it('lists the pages after the first', () => {
    expect(listLaterPages(1)).toEqual([]);
    expect(listLaterPages(3)).toEqual([2, 3]);
  });
});
