import { describe, expect, it } from 'vitest';
import { createRouteMatcher, matchRoute } from '../../../src/contracts/routes/match-route.ts';
import { ROUTE_LIST, type Route } from '../../../src/contracts/routes/route-table.ts';

const handlerOf = (path: string) => matchRoute(path).route.handler;

describe('matchRoute', () => {
  it('sends each REST endpoint to its handler, with the id of get-one as it was sent', () => {
    expect(handlerOf('/api/v1/templates')).toBe('list');
    expect(matchRoute('/api/v1/templates/tpl-1%2D2')).toMatchObject({ route: { handler: 'get-one' }, param: 'tpl-1%2D2' });
    expect(handlerOf('/api/v1/studio-link')).toBe('studio-link');
  });

  it('keeps unknown /api/v1 paths in the REST budget and other /api paths out of it', () => {
    for (const path of ['/api/v1/templates/', '/api/v1/templates/a/b', '/api/v1/nope', '/api/v1']) {
      expect(matchRoute(path).route, path).toMatchObject({ handler: 'rest-unknown', bucket: 'rest' });
    }
    for (const path of ['/api', '/api/', '/api/v2/templates', '/api/mcp/other']) {
      expect(matchRoute(path).route, path).toMatchObject({ handler: 'api-unknown' });
      expect(matchRoute(path).route.bucket, path).toBeUndefined();
    }
  });

  it('draws MCP and its server card from the MCP budget, counted as mcp', () => {
    expect(matchRoute('/api/mcp').route).toMatchObject({ handler: 'mcp', bucket: 'mcp', group: 'mcp', allow: 'POST, OPTIONS' });
    expect(matchRoute('/api/mcp/server-card').route).toMatchObject({ handler: 'mcp-card', bucket: 'mcp', group: 'mcp', allow: 'GET, HEAD, OPTIONS' });
  });

  it('groups files by what they are and sends every other path to the pages', () => {
    expect(matchRoute('/_astro/BaseLayout.abc123.css').route).toMatchObject({ group: 'asset', cache: 'asset' });
    expect(matchRoute('/posters/x.svg').route.group).toBe('asset');
    expect(matchRoute('/.well-known/api-catalog').route.group).toBe('published');
    expect(matchRoute('/openapi.json').route.group).toBe('published');
    for (const path of ['/', '/templates/x', '/templates/x.md', '/index.md', '/categories/launch', '/no/such/page', '*']) {
      expect(matchRoute(path).route, path).toMatchObject({ handler: 'files', group: 'page', cache: 'page' });
    }
  });

  it('answers probes apart from any build', () => {
    expect(handlerOf('/healthz')).toBe('health');
    expect(handlerOf('/readyz')).toBe('readiness');
    expect(handlerOf('/healthz/')).toBe('files');
  });

  it('refuses a table without a route for everything else', () => {
    const withoutFallback = ROUTE_LIST.filter((r: Route) => r.pattern !== '*');
    expect(() => createRouteMatcher(withoutFallback)).toThrow(/"\*" route/);
  });
});
