import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBuiltCatalog, readBuiltFile } from '../helpers/build-data.ts';
import { startApp, type RunningApp } from '../helpers/start-app.ts';

describe('Markdown twins over HTTP', () => {
  let server: RunningApp;
  const slug = readBuiltCatalog().templates[0]!.slug;
  beforeAll(async () => {
    server = await startApp();
  });
  afterAll(() => server.stop());

  it.each([
    ['/', 'index.md'],
    [`/templates/${slug}`, `templates/${slug}.md`],
  ])('serves the twin of %s for Accept: text/markdown', async (path, file) => {
    const res = await fetch(`${server.url}${path}`, { headers: { Accept: 'text/markdown' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(res.headers.get('vary')).toContain('Accept');
    expect(await res.text()).toBe(readBuiltFile(file));
  });

  it('serves HTML, with Vary: Accept, when HTML has the higher q', async () => {
    const res = await fetch(`${server.url}/templates/${slug}`, { headers: { Accept: 'text/markdown;q=0.9, text/html' } });
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('vary')).toContain('Accept');
  });

  it('serves a .md path directly as Markdown', async () => {
    const res = await fetch(`${server.url}/templates/${slug}.md`);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(res.headers.get('vary')).toContain('Accept');
  });

  it('answers an unknown page with the 404 page in the form asked for', async () => {
    const html = await fetch(`${server.url}/no/such/page`);
    expect(html.status).toBe(404);
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const md = await fetch(`${server.url}/no/such/page`, { headers: { Accept: 'text/markdown' } });
    expect(md.status).toBe(404);
    expect(md.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const direct = await fetch(`${server.url}/no/such/page.md`);
    expect(direct.status).toBe(404);
    expect(direct.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
  });
});
