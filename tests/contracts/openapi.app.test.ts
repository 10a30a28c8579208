import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, inject, it } from 'vitest';
import { listQuerySchema, studioLinkQuerySchema } from '../../src/schemas/queries.ts';
import { errorCodeSchema } from '../../src/schemas/responses.ts';
import { readBuiltCatalog } from '../helpers/build-data.ts';

const client = join(inject('distDir'), 'client');
const path = join(client, 'openapi.json');
const doc = JSON.parse(readFileSync(path, 'utf8')) as any;
const operations = Object.values(doc.paths).flatMap((item) => Object.values(item as object)) as any[];
const byId = (id: string) => operations.find((op) => op.operationId === id);

describe('openapi.json', () => {
  it('passes redocly lint with no error and no warning', () => {
    const out = execFileSync('npx', ['@redocly/cli', 'lint', path, '--format=json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const report = JSON.parse(out) as { totals: { errors: number; warnings: number }; problems: { message: string }[] };
    expect(report.problems.map((p) => p.message)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it('is OpenAPI 3.1 served from SITE_URL with /api/v1 in the paths', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.servers).toEqual([expect.objectContaining({ url: 'http://localhost:4321' })]);
    // Exactly the route table's endpoints: tests/contracts/openapi/openapi-routes.test.ts.
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/api/'))).toEqual([]);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/studio-link', '/api/v1/templates', '/api/v1/templates/{id}']));
    expect(doc.info.contact.url).toBe('http://localhost:4321/docs');
    expect(doc.info.license.name).toBeTruthy();
  });

  it('names every operation and documents every query parameter of the zod schemas', () => {
    const ids = operations.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(operations.length);
    expect(ids).toEqual(expect.arrayContaining(['callMcp', 'createStudioLink', 'getMcpServerCard', 'getTemplate', 'listTemplates']));
    const names = (op: { parameters: { name?: string }[] }) => op.parameters.map((p) => p.name).filter(Boolean);
    expect(names(byId('listTemplates'))).toEqual(Object.keys(listQuerySchema.shape));
    expect(names(byId('createStudioLink'))).toEqual(Object.keys(studioLinkQuerySchema.shape));
    expect(byId('getTemplate').parameters[0]).toMatchObject({ name: 'id', in: 'path', required: true, schema: { pattern: '^[A-Za-z0-9_-]+$' } });
    expect(byId('createStudioLink').parameters.find((p: { name: string }) => p.name === 'template').required).toBe(true);
    expect(byId('listTemplates').parameters.find((p: { name: string }) => p.name === 'limit').schema).toMatchObject({ minimum: 1, maximum: 100 });
  });

  it('documents rate-limit headers on 200 and 429, Retry-After on 429, ETag and 304', () => {
    for (const id of ['listTemplates', 'getTemplate', 'createStudioLink']) {
      const { responses } = byId(id);
      expect(responses['304'], id).toBeDefined();
      expect(Object.keys(responses['200'].headers)).toEqual(
        expect.arrayContaining(['RateLimit-Policy', 'RateLimit', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'ETag', 'Deprecation', 'Sunset', 'Link']),
      );
    }
    expect(Object.keys(doc.components.responses.RateLimited.headers)).toEqual(expect.arrayContaining(['Retry-After', 'RateLimit']));
  });

  it('lists every error code with its status', () => {
    const error = doc.components.schemas.Error;
    expect(error.properties.error.enum).toEqual(errorCodeSchema.options);
    for (const code of ['template_not_found', 'invalid_site', 'invalid_parameter', 'rate_limited', 'not_found', 'method_not_allowed']) {
      expect(error.description).toMatch(new RegExp(`\`${code}\` \\| \\d{3} \\|`));
    }
    expect(byId('getTemplate').responses['404'].$ref).toBe('#/components/responses/TemplateNotFound');
    expect(byId('createStudioLink').responses['400'].$ref).toBe('#/components/responses/InvalidSiteOrParameter');
  });

  it('describes the template files the build publishes (validated with its own schemas)', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema({ $id: 'https://catalog.test/openapi.json', components: doc.components });
    const validate = ajv.getSchema('https://catalog.test/openapi.json#/components/schemas/TemplateEnvelope')!;
    const dir = join(client, 'api/v1/templates');
    for (const name of readdirSync(dir).filter((n) => !/\.(br|gz)$/.test(n))) {
      expect(validate(JSON.parse(readFileSync(join(dir, name), 'utf8'))), `${name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    }
  });

  it('declares the 500 shape on every operation, and MCP\'s 405, 406 and 415', () => {
    for (const op of operations) expect(op.responses['500'], op.operationId).toBeDefined();
    expect(doc.components.responses.InternalError.content['application/json'].schema.$ref).toBe('#/components/schemas/Error');
    expect(Object.keys(byId('callMcp').responses)).toEqual(expect.arrayContaining(['405', '406', '415']));
  });

  it('puts rate-limit headers on every MCP answer but the preflight', () => {
    for (const [status, response] of Object.entries(byId('callMcp').responses) as [string, any][]) {
      const headers = response.$ref ? doc.components.responses[response.$ref.split('/').pop()].headers : response.headers;
      expect(Object.keys(headers ?? {}), status).toEqual(expect.arrayContaining(['RateLimit', 'X-RateLimit-Limit']));
    }
  });

  it('bounds offset, and says the bound in the error example', () => {
    const offset = byId('listTemplates').parameters.find((p: { name: string }) => p.name === 'offset');
    expect(offset.schema).toMatchObject({ minimum: 0, maximum: 10_000_000 });
    expect(doc.components.responses.InvalidParameter.content['application/json'].examples.offset.value.message).toBe('parameter "offset": must be at most 10000000');
  });

  it('takes its examples from the built catalog', () => {
    const ids = new Set(readBuiltCatalog().templates.map((t) => t.id));
    const example = doc.components.responses.TemplateNotFound.content['application/json'].examples.template_not_found.value.message as string;
    const named = [...example.matchAll(/\btpl-\d+\b/g)].map((m) => m[0]);
    expect(named.length).toBeGreaterThan(0);
    for (const id of named) expect(ids.has(id), id).toBe(true);
    expect(ids.has(byId('getTemplate').parameters[0].examples.id.value)).toBe(true);
  });
});
