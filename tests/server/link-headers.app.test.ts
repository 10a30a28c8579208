import LinkHeader from 'http-link-header';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../helpers/start-app.ts';

const SITE = 'http://localhost:4321'; // the build's SITE_URL: every link names it

let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

const onApp = (url: string) => `${app.url}${url.slice(SITE.length)}`;

/** The answer's Link header, parsed by http-link-header (an RFC 8288 parser). */
async function readLinks(path: string, init: RequestInit = {}): Promise<LinkHeader> {
  const res = await fetch(`${app.url}${path}`, init);
  expect(res.status, path).toBe(200);
  const value = res.headers.get('link');
  expect(value, `Link on ${path}`).toBeTruthy();
  return LinkHeader.parse(value!);
}

const one = (links: LinkHeader, rel: string) => {
  const found = links.rel(rel);
  expect(found, rel).toHaveLength(1);
  return found[0]!;
};

describe('Link headers on pages', () => {
  const PAGES = [
    ['/', '/index.md'],
    ['/docs', '/docs.md'],
    ['/requests', '/requests.md'],
    ['/categories/event', '/categories/event.md'],
    ['/templates/neon-countdown-launch', '/templates/neon-countdown-launch.md'],
  ];

  it.each(PAGES)('%s points to the API catalog, the API description and guide, llms.txt and its Markdown twin %s', async (page, twin) => {
    for (const method of ['GET', 'HEAD']) {
      const links = await readLinks(page, { method });
      expect(one(links, 'api-catalog').uri).toBe(`${SITE}/.well-known/api-catalog`);
      expect(one(links, 'service-desc')).toMatchObject({ uri: `${SITE}/openapi.json`, type: 'application/vnd.oai.openapi+json;version=3.1' });
      expect(one(links, 'service-doc')).toMatchObject({ uri: `${SITE}/docs`, type: 'text/html' });
      expect(one(links, 'describedby')).toMatchObject({ uri: `${SITE}/llms.txt`, type: 'text/plain' });
      expect(one(links, 'ard').uri).toBe(`${SITE}/.well-known/ard.json`);
      expect(one(links, 'ai-catalog').uri).toBe(`${SITE}/.well-known/ai-catalog.json`);
      expect(one(links, 'alternate')).toMatchObject({ uri: `${SITE}${twin}`, type: 'text/markdown' });
    }
  });

  it('names targets the site serves', async () => {
    const links = await readLinks('/docs');
    for (const link of links.refs) {
      const res = await fetch(onApp(link.uri), { method: 'HEAD' });
      expect(res.status, link.uri).toBe(200);
      if (link.type) expect(res.headers.get('content-type')!.split(';')[0]).toBe(link.type === 'application/vnd.oai.openapi+json;version=3.1' ? 'application/json' : link.type);
    }
  });

  it('points a Markdown twin back to its page, whether asked by .md or by Accept', async () => {
    expect(one(await readLinks('/docs.md'), 'alternate')).toMatchObject({ uri: `${SITE}/docs`, type: 'text/html' });
    expect(one(await readLinks('/index.md'), 'alternate')).toMatchObject({ uri: `${SITE}/`, type: 'text/html' });
    expect(one(await readLinks('/docs', { headers: { Accept: 'text/markdown' } }), 'alternate')).toMatchObject({ uri: `${SITE}/docs`, type: 'text/html' });
  });

  it('gives the on-demand search page its twin with the same query', async () => {
    expect(one(await readLinks('/search?q=launch&tier=free'), 'alternate')).toMatchObject({ uri: `${SITE}/search.md?q=launch&tier=free`, type: 'text/markdown' });
    expect(one(await readLinks('/search.md?q=launch'), 'alternate')).toMatchObject({ uri: `${SITE}/search?q=launch`, type: 'text/html' });
    expect(one(await readLinks('/search?q=%3Cb%3E'), 'api-catalog').uri).toBe(`${SITE}/.well-known/api-catalog`);
  });

  it('leaves documents that are not pages without page links', async () => {
    for (const path of ['/.well-known/agent-skills/index.json', '/openapi.json', '/llms.txt']) {
      const res = await fetch(`${app.url}${path}`);
      expect(res.headers.get('link'), path).toBeNull();
    }
  });
});

describe('/.well-known/api-catalog (RFC 9727)', () => {
  it.each(['HEAD', 'GET'])('answers %s with its own api-catalog Link and the profiled linkset type', async (method) => {
    const res = await fetch(`${app.url}/.well-known/api-catalog`, { method });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"');
    const links = LinkHeader.parse(res.headers.get('link') ?? '');
    expect(links.refs).toEqual([{ uri: `${SITE}/.well-known/api-catalog`, rel: 'api-catalog' }]);
  });
});
