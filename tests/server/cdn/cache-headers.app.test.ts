import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBuiltCatalog } from '../../helpers/build-data.ts';
import { startApp, type RunningApp } from '../../helpers/start-app.ts';

const catalog = readBuiltCatalog();
const template = catalog.templates[0]!;
const other = catalog.templates.find((t) => t.category !== template.category)!;
const NO_STORE = 'no-store';
const EDGE_DAY = 'public, max-age=0, s-maxage=86400, stale-if-error=86400';
const MINUTE = 'public, max-age=60, stale-while-revalidate=300';

let tagged: RunningApp;
let fastly: RunningApp;
let strict: RunningApp;
beforeAll(async () => {
  [tagged, fastly, strict] = await Promise.all([
    startApp({ CACHE_TAG_HEADER: 'xkey' }),
    startApp({ CACHE_TAG_HEADER: 'Surrogate-Key' }),
    startApp({ REST_RATE_LIMIT: '1' }),
  ]);
});
afterAll(async () => {
  await Promise.all([tagged.stop(), fastly.stop(), strict.stop()]);
});

async function head(app: RunningApp, path: string, headers: Record<string, string> = {}) {
  const res = await app.request(path, { headers });
  await res.arrayBuffer();
  return { status: res.status, cacheControl: res.headers.get('cache-control'), vary: res.headers.get('vary'), xkey: res.headers.get('xkey'), headers: res.headers };
}

describe('cache tags (CACHE_TAG_HEADER=xkey)', () => {
  it.each([
    [`/templates/${template.slug}`, {}, `template:${template.id}`],
    [`/templates/${template.slug}`, { Accept: 'text/markdown' }, `template:${template.id}`],
    [`/templates/${template.slug}.md`, {}, `template:${template.id}`],
    [`/api/v1/templates/${template.id}`, {}, `template:${template.id}`],
    [`/api/v1/templates/${template.slug}`, {}, `template:${template.id}`],
    [`/posters/${template.slug}.svg`, {}, `template:${template.id}`],
    ['/', {}, 'home'],
    [`/categories/${other.category}`, {}, `category:${other.category}`],
    ['/api/v1/templates?q=launch', {}, 'lists'],
    [`/api/v1/studio-link?template=${template.id}`, {}, 'lists'],
    ['/search?q=launch', {}, 'lists'],
    ['/search.md?q=launch', {}, 'lists'],
    ['/sitemap.xml', {}, 'sitemaps'],
    ['/llms.txt', {}, 'llms'],
    ['/openapi.json', {}, 'site'],
    ['/api/mcp/server-card', {}, 'site'],
  ])('names what %s shows (%j): %s', async (path, headers, tag) => {
    const answer = await head(tagged, path, headers);
    expect(answer.status).toBe(200);
    expect(answer.xkey).toBe(tag);
  });

  it('tags no error, no 404 and no hashed asset', async () => {
    const html = await (await tagged.request('/')).text();
    const asset = /href="(\/_astro\/[^"]+\.css)"/.exec(html)![1]!;
    for (const path of ['/templates/no-such-template', '/api/v1/templates/no-such-template', '/api/v1/templates?tier=gold', '/search?q=a&q=b', asset]) {
      expect((await head(tagged, path)).xkey, path).toBeNull();
    }
  });

  it("writes Fastly's Surrogate-Key instead when asked, and no tag header without the setting", async () => {
    const fromFastly = await head(fastly, `/api/v1/templates/${template.id}`);
    expect(fromFastly.headers.get('surrogate-key')).toBe(`template:${template.id}`);
    expect(fromFastly.xkey).toBeNull();
    const plain = await head(strict, `/templates/${template.slug}`);
    expect([...plain.headers.keys()].filter((h) => /xkey|surrogate-key|cache-tag/.test(h))).toEqual([]);
  });
});

describe('cache policy per answer', () => {
  it.each([
    [`/templates/${template.slug}`, EDGE_DAY, 'Accept, Accept-Encoding'],
    [`/templates/${template.slug}.md`, EDGE_DAY, 'Accept, Accept-Encoding'],
    [`/api/v1/templates/${template.id}`, EDGE_DAY, 'Accept-Encoding'],
    ['/openapi.json', EDGE_DAY, 'Accept-Encoding'],
    ['/api/v1/templates?q=launch', MINUTE, 'Accept-Encoding'],
    ['/search?q=launch', MINUTE, 'Accept, Accept-Encoding'],
  ])('gives %s a Cache-Control a CDN acts on: %s, varying on %s', async (path, cacheControl, vary) => {
    const answer = await head(tagged, path);
    expect(answer.cacheControl).toBe(cacheControl);
    expect(answer.vary).toBe(vary);
  });

  it.each([
    ['/templates/no-such-template', 404],
    ['/no/such/page.md', 404],
    ['/api/v1/templates/no-such-template', 404],
    ['/api/v1/nothing-here', 404],
    ['/api/v1/templates?tier=gold', 400],
    ['/search?q=a&q=b', 400],
  ])('lets no cache keep %s (%i)', async (path, status) => {
    const answer = await head(tagged, path);
    expect(answer.status).toBe(status);
    expect(answer.cacheControl).toBe(NO_STORE);
  });

  it('lets no cache keep a 429', async () => {
    await head(strict, '/api/v1/templates?limit=1');
    const refused = await head(strict, '/api/v1/templates?limit=1');
    expect(refused.status).toBe(429);
    expect(refused.cacheControl).toBe(NO_STORE);
  });
});
