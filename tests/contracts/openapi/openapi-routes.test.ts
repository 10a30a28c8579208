import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../src/config/read-config.ts';
import { buildOpenApiDocument } from '../../../src/contracts/openapi/openapi.ts';
import { buildPathItems, listEndpointPaths, type EndpointPathItems } from '../../../src/contracts/openapi/openapi-routes.ts';
import { ROUTE_LIST } from '../../../src/contracts/routes/route-table.ts';
import { loadSampleCatalog } from '../../helpers/sample-catalog.ts';

const doc = buildOpenApiDocument(readConfig({}), loadSampleCatalog().templates[0]!) as { paths: Record<string, Record<string, unknown>> };
// The API's own addresses in the route table, read here without the code under test: under /api/, not a catch-all.
const endpoints = ROUTE_LIST.filter((r) => r.pattern.startsWith('/api/') && !r.pattern.endsWith('*'));
const asOpenApi = (pattern: string) => pattern.replace(/:(\w+)/g, '{$1}');

describe('buildPathItems', () => {
  it('gives openapi.json exactly the API endpoints of the route table: none missing, none it lacks', () => {
    expect(Object.keys(doc.paths).sort()).toEqual(endpoints.map((r) => asOpenApi(r.pattern)).sort());
    expect(endpoints.length).toBeGreaterThanOrEqual(5);
  });

  it('describes each endpoint under every method its route answers (HEAD aside), and no other', () => {
    for (const r of endpoints) {
      const documented = Object.keys(doc.paths[asOpenApi(r.pattern)]!).sort();
      expect(documented, r.pattern).toEqual(r.methods.filter((m) => m !== 'HEAD').map((m) => m.toLowerCase()).sort());
    }
  });

  it('stops the build on a handler that is no endpoint of the route table, or a method its route refuses', () => {
    const items = Object.fromEntries([...listEndpointPaths()].map(([handler, path]) => [handler, doc.paths[path]])) as EndpointPathItems;
    expect(buildPathItems(items)).toEqual(doc.paths);
    expect(() => buildPathItems({ ...items, health: { get: {} } } as EndpointPathItems)).toThrow('"health" is not an endpoint of the route table');
    expect(() => buildPathItems({ ...items, list: { delete: {} } })).toThrow('/api/v1/templates does not answer delete (the route table allows GET, HEAD, OPTIONS)');
  });
});

describe('listEndpointPaths', () => {
  it('writes each endpoint path the OpenAPI way, a segment parameter in braces', () => {
    expect(listEndpointPaths().get('get-one')).toBe('/api/v1/templates/{id}');
  });
});
