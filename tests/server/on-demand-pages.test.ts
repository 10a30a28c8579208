import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCspCoversInline } from '../helpers/csp.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

describe('on-demand pages', () => {
  it('renders /search through Astro with the catalog, a whole-body CSP and security headers', async () => {
    const res = await fetch(`${server.url}/search?q=launch`);
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
});
