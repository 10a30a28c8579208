import { describe, expect, it } from 'vitest';
import { CACHE_HEADERS, DEFAULT_ASSET_RETENTION_SECONDS, formatCacheControl, longestSharedUse, resolveAssetRetention } from '../../../src/core/cdn/cache-policy.ts';

describe('CACHE_HEADERS', () => {
  it('keeps pages, published files and per-template JSON a day at the edge while browsers revalidate', () => {
    for (const cls of ['page', 'published', 'template-json'] as const) {
      expect(CACHE_HEADERS[cls].slice(0, 2)).toEqual(['Cache-Control', 'public, max-age=0, s-maxage=86400, stale-if-error=86400']);
    }
  });

  it('makes hashed assets immutable for a year', () => {
    expect(CACHE_HEADERS.asset).toEqual(['Cache-Control', 'public, max-age=31536000, immutable', 'Vary', 'Accept-Encoding']);
  });

  it('keeps list and search answers a minute, as before', () => {
    expect(CACHE_HEADERS.list).toEqual(['Cache-Control', 'public, max-age=60, stale-while-revalidate=300', 'Vary', 'Accept-Encoding']);
    expect(CACHE_HEADERS.search).toEqual(['Cache-Control', 'public, max-age=60, stale-while-revalidate=300', 'Vary', 'Accept, Accept-Encoding']);
  });

  it('lets no cache keep errors', () => {
    expect(CACHE_HEADERS.none).toEqual(['Cache-Control', 'no-store']);
  });

  it('varies pages on Accept and files on Accept-Encoding only', () => {
    expect(CACHE_HEADERS.page.slice(2)).toEqual(['Vary', 'Accept, Accept-Encoding']);
    expect(CACHE_HEADERS.published.slice(2)).toEqual(['Vary', 'Accept-Encoding']);
  });
});

describe('formatCacheControl', () => {
  it('leaves out s-maxage when it equals max-age, and everything but no-store for an uncacheable class', () => {
    expect(formatCacheControl({ covers: '', browser: 30, shared: 30, vary: [] })).toBe('public, max-age=30');
    expect(formatCacheControl({ covers: '', noStore: true, browser: 30, shared: 60, vary: [] })).toBe('no-store');
  });
});

describe('resolveAssetRetention', () => {
  it('defaults to the longest a CDN may still hand out a page: its shared lifetime and stale window', () => {
    expect(DEFAULT_ASSET_RETENTION_SECONDS).toBe(2 * 86_400);
    expect(longestSharedUse({ covers: '', browser: 60, staleWhileRevalidate: 300, vary: [] })).toBe(360);
    expect(resolveAssetRetention(undefined)).toBe(DEFAULT_ASSET_RETENTION_SECONDS);
    expect(resolveAssetRetention(0)).toBe(0);
  });
});
