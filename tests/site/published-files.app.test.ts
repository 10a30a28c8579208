import { HOST_FILES } from '../../src/publish/served-path.ts';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { compareNewestFirst } from '../../src/core/catalog/sort-newest-first.ts';
import { createTemplateSearch } from '../../src/core/search/create-template-search.ts';
import { loadSearchIndex } from '../../src/core/search/search-index.ts';
import { countCatalogShards, selectShard } from '../../src/contracts/published/catalog-shards.ts';
import { collectTopicalPairs } from '../../src/core/search/topical-pairs.ts';
import { readFilterWords } from '../../src/site/load-site-catalog.ts';
import { catalogHeadSchema, catalogShardSchema } from '../../src/schemas/catalog-data.ts';
import { templateEnvelopeSchema } from '../../src/schemas/responses.ts';
import { parseLlmsTxt } from '../contracts/parse-llms-txt.ts';
import { listLocs, validateSitemapXml } from '../contracts/validate-sitemap-xml.ts';

const SITE = 'http://localhost:4321'; // what tests/global-setup.ts builds with
const client = join(inject('distDir'), 'client');
const read = (path: string) => readFileSync(join(client, path), 'utf8');
const head = catalogHeadSchema.parse(JSON.parse(read('data/catalog.json')));
const shards = head.shards.map((path) => catalogShardSchema.parse(JSON.parse(read(path.slice(1)))).templates);
const data = { ...head, templates: shards.flat().sort(compareNewestFirst) };

/** The build file a site URL is served from (`/docs` -> docs.html), or undefined. */
function fileOf(url: string): string | undefined {
  if (!url.startsWith(`${SITE}/`)) return undefined;
  const path = new URL(url).pathname;
  const candidates = path === '/' ? ['index.html'] : [path.slice(1), `${path.slice(1)}.html`];
  return candidates.find((c) => existsSync(join(client, c)) && statSync(join(client, c)).isFile());
}

function listFiles(dir: string): string[] {
  return readdirSync(join(client, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(client, join(e.parentPath, e.name)));
}

describe('published data files', () => {
  it('catalog.json names the categories and the shards, which hold every template once, by id, newest first', () => {
    expect(head.apiVersion).toBe('v1');
    expect(Date.parse(head.builtAt)).toBeLessThanOrEqual(Date.now());
    expect(head.templateCount).toBe(data.templates.length);
    expect(data.templates.length).toBeGreaterThan(0);
    expect(head.shards).toHaveLength(countCatalogShards(head.templateCount));
    shards.forEach((templates, n) => {
      expect(templates).toEqual([...templates].sort(compareNewestFirst));
      for (const t of templates) expect(selectShard(t.id, shards.length), t.id).toBe(n);
    });
    expect(new Set(data.templates.map((t) => t.id)).size).toBe(head.templateCount);
    expect(new Set(data.templates.map((t) => t.category))).toEqual(new Set(head.categories.map((c) => c.id)));
  });

  it('search-index.bin loads and finds templates without re-indexing', () => {
    const index = loadSearchIndex(readFileSync(join(client, 'data', 'search-index.bin')));
    expect(index.ids.length).toBe(data.templates.length);
    const first = data.templates[0]!;
    expect(createTemplateSearch(index, data.templates)(first.title).ids[0]).toBe(first.id);
  });

  it('catalog.json carries the filter words as checked and the topical pairs as the index and templates give them', () => {
    expect(data.filterWords).toEqual(readFilterWords('templates'));
    const index = loadSearchIndex(readFileSync(join(client, 'data', 'search-index.bin')));
    expect(data.topicalPairs).toEqual(collectTopicalPairs(index, data.templates, data.filterWords));
    expect(data.topicalPairs).toContainEqual(['fre ship', 'free shipping']) // by stems (stemWord), as the catalog writes it;
  });

  it('publishes one TemplateEnvelope per id and per slug, and nothing else', () => {
    const files = listFiles('api/v1/templates').filter((f) => !/\.(br|gz)$/.test(f));
    const names = files.map((f) => f.slice('api/v1/templates/'.length)).sort();
    expect(names).toEqual(data.templates.flatMap((t) => [t.id, t.slug]).sort());
    for (const t of data.templates) {
      const byId = read(`api/v1/templates/${t.id}`);
      expect(templateEnvelopeSchema.parse(JSON.parse(byId))).toEqual({ apiVersion: 'v1', template: t });
      expect(read(`api/v1/templates/${t.slug}`)).toBe(byId);
    }
  });
});

describe('published sitemaps', () => {
  const xml = read('sitemap.xml');
  const locs = listLocs(xml);

  it('sitemap.xml validates against the sitemaps.org 0.9 XSD', async () => {
    expect(await validateSitemapXml(xml)).toEqual([]);
  });

  it('lists every HTML page of the build, each one a real file', () => {
    for (const loc of locs) expect(fileOf(loc), loc).toMatch(/\.html$/);
    // The 404 page and the page a static host answers while the function is down are no addresses to index.
    const html = listFiles('.').filter((f) => f.endsWith('.html') && f !== '404.html' && f !== 'unavailable.html');
    expect(locs.map((l) => fileOf(l)).sort()).toEqual(html.sort());
    const later = html.filter((f) => /^(newest|categories\/[^/]+)\/\d+\.html$/.test(f));
    expect(locs).toHaveLength(3 + later.length + data.categories.length + data.templates.length);
  });

  it('sitemap.md lists the same pages with their Markdown twins', () => {
    const md = read('sitemap.md');
    for (const loc of locs) expect(md).toContain(`](${loc})`);
    const twins = [...md.matchAll(/\[Markdown\]\(([^)]+)\)/g)].map((m) => m[1]!);
    expect(twins).toHaveLength(locs.length);
    for (const twin of twins) expect(fileOf(twin), twin).toBeDefined();
  });

  it('robots.txt allows all and names the sitemap', () => {
    expect(read('robots.txt')).toMatch(new RegExp(`^User-agent: \\*\\nAllow: /\\n[\\s\\S]*^Sitemap: ${SITE}/sitemap\\.xml$`, 'm'));
  });
});

describe('published files for agents', () => {
  it('llms.txt follows llmstxt.org and every link resolves to a file of the build', () => {
    const llms = parseLlmsTxt(read('llms.txt'));
    expect(llms.sections.map((s) => s.name)).toContain('Optional');
    const links = llms.sections.flatMap((s) => s.links);
    expect(links.length).toBeGreaterThan(data.categories.length);
    for (const link of links) expect(fileOf(link.url), link.url).toBeDefined();
  });

  it('llms-full.txt holds every template under one H1', () => {
    const full = read('llms-full.txt');
    expect(full.match(/^# /gm)).toHaveLength(1);
    for (const t of data.templates) expect(full).toContain(`JSON: ${SITE}/api/v1/templates/${t.id}`);
  });

  it('security.txt has Contact, Expires a year after the build, Canonical', () => {
    const fields = Object.fromEntries(read('.well-known/security.txt').trim().split('\n').map((l) => l.split(/: (.*)/s)));
    expect(fields.Contact).toMatch(/^(mailto:|https:\/\/)/);
    expect(fields.Canonical).toBe(`${SITE}/.well-known/security.txt`);
    const year = new Date(data.builtAt);
    year.setUTCFullYear(year.getUTCFullYear() + 1);
    expect(Date.parse(fields.Expires!)).toBe(Math.floor(year.getTime() / 1000) * 1000);
  });

  it('/.well-known/api-catalog is an extension-less linkset whose descriptions are in the build', () => {
    const { linkset } = JSON.parse(read('.well-known/api-catalog')) as { linkset: Record<string, { href: string }[] | string>[] };
    expect(linkset.map((l) => l.anchor)).toEqual([`${SITE}/.well-known/api-catalog`, `${SITE}/api/v1`, `${SITE}/api/mcp`]);
    const targets = linkset.flatMap((l) => [l['service-desc'] ?? [], l['service-doc'] ?? []].flat()) as { href: string }[];
    expect(targets.map((t) => t.href)).toContain(`${SITE}/openapi.json`);
    for (const t of targets) expect(fileOf(t.href), t.href).toBeDefined();
  });
});

describe('precompressed files', () => {
  // The static hosts' files (_headers, …) are read by a host, never served: nothing to compress.
  const text = listFiles('.').filter((f) => !/\.(br|gz|bin|png|jpe?g|webp|avif|woff2?|ico|mp4)$/.test(f) && !HOST_FILES.includes(f));

  it('sit beside every text file of 1 KB or more and decompress to it', () => {
    const big = text.filter((f) => statSync(join(client, f)).size >= 1024);
    expect(big).toEqual(expect.arrayContaining(['openapi.json', 'data/catalog/0.json', 'llms-full.txt', 'sitemap.xml']));
    for (const f of big) {
      const original = readFileSync(join(client, f));
      expect(brotliDecompressSync(readFileSync(join(client, `${f}.br`))).equals(original), `${f}.br`).toBe(true);
      expect(gunzipSync(readFileSync(join(client, `${f}.gz`))).equals(original), `${f}.gz`).toBe(true);
    }
  });

  it('are not written for files under 1 KB', () => {
    const small = text.filter((f) => statSync(join(client, f)).size < 1024);
    expect(small).toContain('robots.txt');
    for (const f of small) expect(existsSync(join(client, `${f}.br`)), f).toBe(false);
  });
});
