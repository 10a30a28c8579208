import { describe, expect, it } from 'vitest';
import { matchesIfNoneMatch } from '../../src/http/conditional.ts';
import { computeEtag } from '../../src/http/etag.ts';
import { LruCache } from '../../src/core/lru-cache.ts';

const item = (size: number) => ({ size });

describe('LruCache', () => {
  it('counts hits and misses (for the cache metrics)', () => {
    const cache = new LruCache<{ size: number }>(2, 1000);
    cache.get('a');
    cache.set('a', item(1));
    cache.get('a');
    cache.get('a');
    expect([cache.hits, cache.misses]).toEqual([2, 1]);
  });

  it('evicts the least recently used entry past the entry bound', () => {
    const cache = new LruCache<{ size: number }>(2, 1000);
    cache.set('a', item(1));
    cache.set('b', item(1));
    cache.get('a');
    cache.set('c', item(1));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
  });

  it('evicts until the byte bound holds and refuses entries larger than it', () => {
    const cache = new LruCache<{ size: number }>(100, 10);
    cache.set('a', item(4));
    cache.set('b', item(4));
    cache.set('c', item(4));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.bytes).toBe(8);
    cache.set('huge', item(11));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.bytes).toBe(8);
  });

  it('replaces an entry without counting it twice', () => {
    const cache = new LruCache<{ size: number }>(10, 100);
    cache.set('a', item(5));
    cache.set('a', item(7));
    expect(cache.bytes).toBe(7);
  });
});

describe('matchesIfNoneMatch', () => {
  const etag = computeEtag('hello');
  it('matches the same tag, its weak form, a list holding it and *', () => {
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(matchesIfNoneMatch(etag, etag)).toBe(true);
    expect(matchesIfNoneMatch(`W/${etag}`, etag)).toBe(true);
    expect(matchesIfNoneMatch(`"x", ${etag}`, etag)).toBe(true);
    expect(matchesIfNoneMatch('*', etag)).toBe(true);
  });

  it('does not match other tags or nothing', () => {
    expect(matchesIfNoneMatch('"x"', etag)).toBe(false);
    expect(matchesIfNoneMatch(undefined, etag)).toBe(false);
    expect(matchesIfNoneMatch(computeEtag('hello!'), etag)).toBe(false);
  });
});
