import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expectCspCoversInline } from '../helpers/csp.ts';
import { sendRaw } from '../helpers/raw-http.ts';
import { startApp, type RunningApp } from '../helpers/start-app.ts';

let server: RunningApp;
beforeAll(async () => {
  server = await startApp();
});
afterAll(() => server.stop());

describe('on-demand pages', () => {
  it('renders /search through Astro with the catalog, a whole-body CSP and security headers', async () => {
    const res = await fetch(`${server.url}/search?q=launch`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(html));
    expect(html.toLowerCase()).toContain('launch');
    expectCspCoversInline(html, res.headers.get('content-security-policy'));
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('vary')).toContain('Accept');
  });

  it('answers HEAD on an on-demand page without a body', async () => {
    const res = await fetch(`${server.url}/search`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });

  it('falls through to the 404 page when no on-demand route matches, with that page\'s own CSP', async () => {
    const res = await fetch(`${server.url}/definitely/not/here`);
    expect(res.status).toBe(404);
    expectCspCoversInline(await res.text(), res.headers.get('content-security-policy'));
  });

  it.each(['/search?q=launch', '/search.md?q=launch'])('gives %s the headers of a search answer: a minute of caching, ETag with 304, CORS', async (path) => {
    const res = await fetch(`${server.url}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(res.headers.get('vary')).toBe('Accept, Accept-Encoding');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await fetch(`${server.url}${path}`, { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
  });

  it.each([
    ['/search?q=launch', 'br', brotliDecompressSync],
    ['/search.md?q=launch', 'gzip', gunzipSync],
  ] as const)('compresses %s by Accept-Encoding (%s), with a validator of its own', async (path, coding, decode) => {
    const plain = await sendRaw(server.url, path, { 'Accept-Encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const packed = await sendRaw(server.url, path, { 'Accept-Encoding': coding });
    expect(packed.status).toBe(200);
    expect(packed.headers['content-encoding']).toBe(coding);
    expect(Number(packed.headers['content-length'])).toBe(packed.raw.length);
    expect(packed.raw.length).toBeLessThan(plain.body.length / 2);
    expect(decode(packed.raw).toString('utf8')).toBe(plain.body);
    expect(packed.headers.etag).not.toBe(plain.headers.etag); // RFC 9110 §8.8.3: one per coding
    const again = await sendRaw(server.url, path, { 'Accept-Encoding': coding, 'If-None-Match': String(packed.headers.etag) });
    expect(again.status).toBe(304);
  });

  it('answers /search with its Markdown twin when Accept prefers Markdown', async () => {
    const res = await fetch(`${server.url}/search?q=launch&page=1`, { headers: { Accept: 'text/markdown' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(res.headers.get('vary')).toContain('Accept');
    const md = await res.text();
    expect(md).toMatch(/^# Search: "launch"/);
    expect(md).toMatch(/JSON: http:\/\/[^\s]+\/api\/v1\/templates\?q=launch&limit=\d+/);
    const html = await fetch(`${server.url}/search?q=launch`, { headers: { Accept: 'text/html' } });
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('refuses a parameter given twice with the API\'s rule and wording, shown in the page with the same status', async () => {
    const api = await fetch(`${server.url}/api/v1/templates?q=a&q=b`);
    expect(api.status).toBe(400);
    const { message } = (await api.json()) as { message: string };
    const page = await fetch(`${server.url}/search?q=a&q=b`);
    expect(page.status).toBe(400);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(await page.text()).toContain(message.replaceAll('"', '&quot;'));
    const md = await fetch(`${server.url}/search.md?q=a&q=b`);
    expect(md.status).toBe(400);
    expect(await md.text()).toContain(message);
  });

  it('refuses a parameter given twice on /studio too, in the page', async () => {
    const res = await fetch(`${server.url}/studio?template=a&template=b`);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('parameter &quot;template&quot;: was given 2 times');
  });

  it('refuses a bad page number in the page with the schema\'s message', async () => {
    const res = await fetch(`${server.url}/search?page=0`);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('parameter &quot;page&quot;: must be at least 1');
  });
});
