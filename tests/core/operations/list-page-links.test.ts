import { describe, expect, it } from 'vitest';
import { formatPageLinks, listPageLinks } from '../../../src/core/operations/list-page-links.ts';

const rels = (links: ReturnType<typeof listPageLinks>) => Object.fromEntries(links.map((l) => [l.rel, l.query.offset]));

describe('listPageLinks', () => {
  it('has no links without limit', () => {
    expect(listPageLinks({ offset: 10 }, 50)).toEqual([]);
  });

  it('gives first and next on the first page', () => {
    expect(rels(listPageLinks({ limit: 10 }, 25))).toEqual({ first: 0, next: 10 });
  });

  it('gives first, prev and next in the middle', () => {
    expect(rels(listPageLinks({ limit: 10, offset: 10 }, 25))).toEqual({ first: 0, prev: 0, next: 20 });
  });

  it('gives no next on the last page, and prev never below 0', () => {
    expect(rels(listPageLinks({ limit: 10, offset: 23 }, 25))).toEqual({ first: 0, prev: 13 });
    expect(rels(listPageLinks({ limit: 10, offset: 4 }, 25))).toEqual({ first: 0, prev: 0, next: 14 });
  });

  it('gives only first on an empty answer', () => {
    expect(rels(listPageLinks({ q: 'nothing', limit: 10 }, 0))).toEqual({ first: 0 });
  });
});

describe('formatPageLinks', () => {
  it('writes RFC 8288 links with the parameters in the given order, encoded', () => {
    const value = formatPageLinks(listPageLinks({ limit: 2, q: 'a&b', format: '9:16' }, 5), 'https://c.example/api/v1/templates', ['q', 'format', 'limit', 'offset']);
    expect(value).toBe(
      '<https://c.example/api/v1/templates?q=a%26b&format=9%3A16&limit=2&offset=0>; rel="first", ' +
        '<https://c.example/api/v1/templates?q=a%26b&format=9%3A16&limit=2&offset=2>; rel="next"',
    );
  });
});
