import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBuiltCatalog } from '../helpers/build-data.ts';
import { startApp, type RunningApp } from '../helpers/start-app.ts';

const template = readBuiltCatalog().templates[0]!;

function parseLinks(header: string): { href: string; rel: string }[] {
  return [...header.matchAll(/<([^>]+)>\s*((?:;\s*[^;,]+)*)/g)].map(([, href, params]) => ({
    href: href!,
    rel: /rel="?([^";]+)"?/.exec(params!)?.[1] ?? '',
  }));
}

describe('API v1 deprecation headers', () => {
  let server: RunningApp;
  beforeAll(async () => {
    server = await startApp({ API_V1_DEPRECATION: '2027-01-15', API_V1_SUNSET: '2027-07-31T12:00:00Z' });
  });
  afterAll(() => server.stop());

  it.each(['/api/v1/templates?tier=free', `/api/v1/templates/${template.id}`, '/api/v1/studio-link', '/api/v1/nowhere'])(
    'marks %s with Deprecation, Sunset and their Links',
    async (path) => {
      const res = await server.request(`${path}`);
      expect(res.headers.get('deprecation')).toBe(`@${Date.UTC(2027, 0, 15) / 1000}`);
      expect(res.headers.get('sunset')).toBe('Sat, 31 Jul 2027 12:00:00 GMT');
      const links = parseLinks(res.headers.get('link')!);
      expect(links.map((l) => l.rel).sort()).toEqual(['deprecation', 'sunset']);
      for (const link of links) expect(new URL(link.href).pathname).toBe('/docs');
    },
  );

  it('leaves pages and MCP unmarked', async () => {
    expect((await server.request(`/`)).headers.get('deprecation')).toBeNull();
  });
});

describe('API v1 without a deprecation date', () => {
  it('carries no Deprecation, Sunset or Link', async () => {
    const server = await startApp();
    try {
      const res = await server.request(`/api/v1/templates?tier=free`);
      expect(res.headers.get('deprecation')).toBeNull();
      expect(res.headers.get('sunset')).toBeNull();
      expect(res.headers.get('link')).toBeNull();
    } finally {
      await server.stop();
    }
  });
});
