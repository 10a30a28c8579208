import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_ORIGIN, startSiteServer } from '../helpers/browser.ts';
import type { RunningApp } from '../helpers/start-app.ts';
import { extractIds, extractLinks, extractSitemapLocs, type PageLink } from './extract-links.ts';

interface Fetched {
  status: number;
  type: string;
  body: string;
}

let server: RunningApp;
const cache = new Map<string, Promise<Fetched>>();

/** GETs a site address from the real server (once per address); redirects are not followed. */
function fetchSite(url: string): Promise<Fetched> {
  const target = new URL(url);
  target.hash = '';
  const key = target.href;
  let answer = cache.get(key);
  if (!answer) {
    answer = fetch(`${server.url}${target.pathname}${target.search}`, { redirect: 'manual' }).then(async (res) => ({
      status: res.status,
      type: res.headers.get('content-type') ?? '',
      body: await res.text(),
    }));
    cache.set(key, answer);
  }
  return answer;
}

/** Every page address in /sitemap.xml, following child sitemaps when it is an index. */
async function readSitemapPages(): Promise<string[]> {
  const pages: string[] = [];
  const queue = [`${SITE_ORIGIN}/sitemap.xml`];
  for (let sitemap = queue.shift(); sitemap; sitemap = queue.shift()) {
    const { status, body } = await fetchSite(sitemap);
    expect(status, sitemap).toBe(200);
    const locs = extractSitemapLocs(body);
    if (body.includes('<sitemapindex')) queue.push(...locs);
    else pages.push(...locs);
  }
  return pages;
}

/** Runs `task` over `items`, `limit` at a time. */
async function runPooled<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

beforeAll(async () => {
  server = await startSiteServer();
});
afterAll(() => server?.stop());

describe('crawl of the sitemap', () => {
  it('every page in the sitemap, and every address on it that points at this site, answers below 400', async () => {
    const pages = await readSitemapPages();
    expect(pages.length).toBeGreaterThan(10);
    const broken: string[] = [];
    const external = new Map<string, Set<string>>();
    const links: { from: string; link: PageLink }[] = [];

    await runPooled(pages, 8, async (page) => {
      expect(new URL(page).origin, `sitemap address ${page}`).toBe(SITE_ORIGIN);
      const { status, type, body } = await fetchSite(page);
      if (status >= 400) broken.push(`${status} sitemap page ${page}`);
      expect(type, page).toMatch(/^text\/html/);
      for (const link of extractLinks(body, page)) links.push({ from: page, link });
    });

    await runPooled(links, 8, async ({ from, link }) => {
      const url = new URL(link.url);
      if (url.origin !== SITE_ORIGIN) {
        const where = url.origin === 'null' ? url.protocol : url.origin; // mailto: has no origin
        if (!external.has(where)) external.set(where, new Set());
        external.get(where)!.add(url.href);
        return;
      }
      const { status, type, body } = await fetchSite(url.href);
      if (status >= 400) broken.push(`${status} ${link.kind} ${url.pathname}${url.search} on ${from}`);
      else if (url.hash && type.startsWith('text/html') && !extractIds(body).has(decodeURIComponent(url.hash.slice(1)))) {
        broken.push(`missing anchor ${link.kind} ${url.pathname}${url.hash} on ${from}`);
      }
    });

    const listing = Object.fromEntries([...external].map(([origin, urls]) => [origin, [...urls].sort()]));
    mkdirSync('test-results', { recursive: true });
    writeFileSync(join('test-results', 'external-links.json'), `${JSON.stringify(listing, null, 2)}\n`);
    console.log(
      `crawl: ${pages.length} sitemap pages, ${cache.size} site addresses fetched; external (not fetched): ` +
        [...external].map(([origin, urls]) => `${origin} (${urls.size})`).join(', '),
    );

    expect(broken).toEqual([]);
    // A page that names another local origin was built for the wrong SITE_URL.
    const loopback = [...external.keys()].filter((o) => /^https?:\/\/(localhost|127\.|\[::1\])/.test(o));
    expect(loopback).toEqual([]);
  }, 120_000);
});
