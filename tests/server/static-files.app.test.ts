import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBuiltCatalog, readBuiltFile } from '../helpers/build-data.ts';
import { copyTestBuild } from '../helpers/copy-build.ts';
import { expectCspCoversInline, listInlineCode } from '../helpers/csp.ts';
import { listFiles } from '../../src/publish/scan-files.ts';
import { exchange } from '../helpers/http-wire.ts';
import { sendRaw } from '../helpers/raw-http.ts';
import { startApp, type RunningApp } from '../helpers/start-app.ts';

const SECRET = `secret-${process.pid}-${Date.now()}`;
// Secrets are planted in a copy: other test files read the shared build at the same time.
const copy = copyTestBuild(`dist-static-${process.pid}`);
const dist = copy.distDir;
const planted = [join(dist, 'client', '.env'), join(dist, 'client', '.hidden', 'key.txt'), join(dist, '.env')];
let server: RunningApp;

beforeAll(async () => {
  mkdirSync(join(dist, 'client', '.hidden'), { recursive: true });
  for (const file of planted) writeFileSync(file, SECRET);
  server = await startApp({ DIST_DIR: dist });
});
afterAll(async () => {
  await server.stop();
  copy.remove();
});

describe('static files', () => {
  it.each([
    '/../server/entry.mjs', '/server/entry.mjs', '/%2e%2e/server/entry.mjs', '/..%2fserver%2fentry.mjs',
    '/%2e%2e%2fserver%2fentry.mjs', '/%252e%252e/server/entry.mjs', '/..\\server\\entry.mjs', '/%5c..%5cserver%5centry.mjs',
    '/templates/..%2f..%2fserver%2fentry.mjs', '//server/entry.mjs', '/.%2e/server/entry.mjs', '/.env', '/%2eenv', '/../.env',
    '/.hidden/key.txt', '/%2ehidden/key.txt', '/.well-known/../.env', '/.well-known/%2e%2e/.env', '/../../package.json',
    '/%2e%2e/%2e%2e/package.json', '/.git/config', '/./.env',
  ])('never serves anything outside dist/client or hidden for %s', async (path) => {
    const res = await sendRaw(server.url, path);
    expect([400, 403, 404]).toContain(res.status);
    expect(res.body).not.toContain(SECRET);
    expect(res.body).not.toContain('createMiddleware');
    expect(res.body).not.toContain('"devDependencies"');
  });

  it('refuses a NUL byte in the path at the HTTP layer', async () => {
    const answer = (await exchange(server.url, Buffer.from('GET /.env\0 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 'latin1'))).raw.toString('latin1');
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer).not.toContain(SECRET);
  });

  it.each([
    ['/openapi.json', 'application/json'],
    ['/llms.txt', 'text/plain; charset=utf-8'],
    ['/robots.txt', 'text/plain; charset=utf-8'],
    ['/.well-known/security.txt', 'text/plain; charset=utf-8'],
    ['/.well-known/api-catalog', 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"'],
    ['/.well-known/ard.json', 'application/ai-catalog+json'],
    ['/.well-known/ai-catalog.json', 'application/ai-catalog+json'],
    ['/.well-known/mcp/manifest.json', 'application/json'],
    ['/.well-known/mcp/server-card.json', 'application/mcp-server-card+json'],
    ['/.well-known/agent-skills/index.json', 'application/json'],
    ['/sitemap.md', 'text/markdown; charset=utf-8'],
    ['/', 'text/html; charset=utf-8'],
  ])('serves %s as %s, open to any origin, kept a day by a CDN and revalidated by browsers', async (path, type) => {
    for (const method of ['GET', 'HEAD']) {
      const res = await fetch(`${server.url}${path}`, { method });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=86400, stale-if-error=86400');
      // Pages and their Markdown twins vary on Accept (either may answer a page address); files do not.
      expect(res.headers.get('vary')).toBe(/^text\/(html|markdown)/.test(type) ? 'Accept, Accept-Encoding' : 'Accept-Encoding');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      if (method === 'HEAD') expect(await res.text()).toBe('');
    }
  });

  it('serves hashed /_astro/ assets as immutable', async () => {
    const html = readBuiltFile('index.html');
    const asset = /(?:href|src)="(\/_astro\/[^"]+)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const res = await fetch(`${server.url}${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('serves the precompressed brotli sibling with the same content and ETag-based 304', async () => {
    const res = await sendRaw(server.url, '/openapi.json', { 'Accept-Encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('Accept-Encoding');
    const again = await sendRaw(server.url, '/openapi.json', { 'Accept-Encoding': 'br', 'If-None-Match': String(res.headers.etag) });
    expect(again.status).toBe(304);
    const plain = await fetch(`${server.url}/openapi.json`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(await plain.text()).toBe(readBuiltFile('openapi.json'));
  });

  it('answers a Range request with 206, the asked bytes and the ETag of the whole', async () => {
    const whole = await fetch(`${server.url}/openapi.json`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const res = await fetch(`${server.url}/openapi.json`, { headers: { Range: 'bytes=0-9', 'Accept-Encoding': 'identity' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toMatch(/^bytes 0-9\/\d+$/);
    expect(res.headers.get('etag')).toBe(whole.headers.get('etag'));
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.text()).toBe(readBuiltFile('openapi.json').slice(0, 10));
  });

  it('answers a suffix Range with the last bytes', async () => {
    const res = await fetch(`${server.url}/llms.txt`, { headers: { Range: 'bytes=-5', 'Accept-Encoding': 'identity' } });
    expect(res.status).toBe(206);
    expect(await res.text()).toBe(readBuiltFile('llms.txt').slice(-5));
  });

  it('sends the whole file when If-Range names another version, and the range when it names this one', async () => {
    const etag = (await fetch(`${server.url}/llms.txt`, { headers: { 'Accept-Encoding': 'identity' } })).headers.get('etag')!;
    const stale = await fetch(`${server.url}/llms.txt`, { headers: { Range: 'bytes=0-3', 'If-Range': '"stale"', 'Accept-Encoding': 'identity' } });
    expect(stale.status).toBe(200);
    expect(await stale.text()).toBe(readBuiltFile('llms.txt'));
    const dated = await fetch(`${server.url}/llms.txt`, { headers: { Range: 'bytes=0-3', 'If-Range': 'Sun, 01 Jan 2023 00:00:00 GMT', 'Accept-Encoding': 'identity' } });
    expect(dated.status).toBe(200);
    const current = await fetch(`${server.url}/llms.txt`, { headers: { Range: 'bytes=0-3', 'If-Range': etag, 'Accept-Encoding': 'identity' } });
    expect(current.status).toBe(206);
    expect(await current.text()).toBe(readBuiltFile('llms.txt').slice(0, 4));
  });

  it('answers an unsatisfiable Range with a 416 typed as text and the size in Content-Range', async () => {
    const size = Buffer.byteLength(readBuiltFile('llms.txt'));
    const res = await fetch(`${server.url}/llms.txt`, { headers: { Range: `bytes=${size + 10}-`, 'Accept-Encoding': 'identity' } });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('content-range')).toBe(`bytes */${size}`);
    expect(await res.text()).toMatch(/outside/);
  });

  it('answers If-Match naming another version with 412, and the current one with 200', async () => {
    const etag = (await fetch(`${server.url}/openapi.json`)).headers.get('etag')!;
    const other = await fetch(`${server.url}/openapi.json`, { headers: { 'If-Match': '"something-else"' } });
    expect(other.status).toBe(412);
    expect(await other.text()).toBe('');
    expect((await fetch(`${server.url}/openapi.json`, { headers: { 'If-Match': etag } })).status).toBe(200);
    expect((await fetch(`${server.url}/openapi.json`, { headers: { 'If-Match': '*' } })).status).toBe(200);
  });

  it.each(['/openapi.json', '/llms.txt', '/', '/templates/nothing-here', '/search'])('answers OPTIONS on %s as a CORS preflight', async (path) => {
    const res = await fetch(`${server.url}${path}`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://elsewhere.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'If-None-Match' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
    expect(res.headers.get('access-control-allow-headers')).toMatch(/If-None-Match/);
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])('refuses %s on a page with 405 and Allow', async (method) => {
    for (const path of ['/', '/openapi.json', '/search?q=launch']) {
      const res = await fetch(`${server.url}${path}`, { method });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      expect(await res.text()).toMatch(/not allowed/);
    }
  });

  it('answers ETag revalidation of a page with 304', async () => {
    const first = await fetch(`${server.url}/`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"/);
    const again = await fetch(`${server.url}/`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('vary')).toContain('Accept');
  });

  it('protects pages with a CSP that allows exactly their inline scripts and styles', async () => {
    const slug = readBuiltCatalog().templates[0]!.slug;
    const res = await fetch(`${server.url}/templates/${slug}`);
    expectCspCoversInline(await res.text(), res.headers.get('content-security-policy'));
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('gives every page, HTML or Markdown, one CSP: the build holds no executable inline script or style', async () => {
    const slug = readBuiltCatalog().templates[0]!.slug;
    const answers = await Promise.all(['/', '/docs', `/templates/${slug}`, `/templates/${slug}.md`, '/docs.md', '/no-such-page', '/search?q=launch', '/studio'].map((p) => fetch(`${server.url}${p}`)));
    const policies = new Set(answers.map((res) => res.headers.get('content-security-policy')));
    expect(policies.size).toBe(1);
    for (const file of listFiles(join(dist, 'client')).filter((f) => f.endsWith('.html'))) {
      expect(listInlineCode(readFileSync(join(dist, 'client', file), 'utf8')), file).toEqual([]);
    }
    const ld = readBuiltFile(`templates/${slug}.html`);
    expect(ld).toContain('<script type="application/ld+json">'); // a data block: CSP leaves it alone
  });

  it.each(['/index.html.br', '/index.html.gz', '/openapi.json.br', '/data/catalog.json.gz', '/docs.md.br'])('never answers the precompressed sibling %s as an address of its own', async (path) => {
    const sibling = path.replace(/^\//, '');
    expect(existsSync(join(dist, 'client', sibling)), sibling).toBe(true);
    const res = await fetch(`${server.url}${path}`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8'); // the 404 page, not the sibling's bytes
    expect(await res.text()).toContain('</html>');
  });

  it('still sends a sibling for its original by Accept-Encoding', async () => {
    const res = await sendRaw(server.url, '/', { 'Accept-Encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});
