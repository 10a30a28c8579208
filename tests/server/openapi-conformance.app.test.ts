import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBuiltCatalog } from '../helpers/build-data.ts';
import { startApp, type RunningApp } from '../helpers/start-app.ts';

type Json = Record<string, unknown>;
const DOC_ID = 'https://catalog.test/openapi.json';
const template = readBuiltCatalog().templates[0]!;

/** Requests covering every operation, success and failure; path template → concrete URL. */
const CASES: [template: string, url: string][] = [
  ['/api/v1/templates', '/api/v1/templates'],
  ['/api/v1/templates', '/api/v1/templates?q=launch&tier=premium&format=16:9&limit=3&offset=1'],
  ['/api/v1/templates', '/api/v1/templates?q=zzzzqqqq-nothing'],
  ['/api/v1/templates', '/api/v1/templates?limit=0'],
  ['/api/v1/templates', '/api/v1/templates?tier=a&tier=b'],
  ['/api/v1/templates/{id}', `/api/v1/templates/${template.id}`],
  ['/api/v1/templates/{id}', `/api/v1/templates/${template.slug}`],
  ['/api/v1/templates/{id}', '/api/v1/templates/no-such-one'],
  ['/api/v1/templates/{id}', '/api/v1/templates/bad.id'],
  ['/api/v1/studio-link', `/api/v1/studio-link?template=${template.slug}&site=acme.com&format=9:16`],
  ['/api/v1/studio-link', `/api/v1/studio-link?template=${template.id}`],
  ['/api/v1/studio-link', `/api/v1/studio-link?template=${template.id}&site=127.0.0.1`],
  ['/api/v1/studio-link', '/api/v1/studio-link?template=nope-nope'],
  ['/api/v1/studio-link', '/api/v1/studio-link'],
];

let server: RunningApp;
let doc: Json;
let ajv: Ajv2020;

beforeAll(async () => {
  server = await startApp({ REST_RATE_LIMIT: String(CASES.length + 2) });
  doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as Json;
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(doc, DOC_ID);
});
afterAll(() => server.stop());

const pointer = (...parts: string[]) => parts.map((p) => encodeURIComponent(p.replaceAll('~', '~0').replaceAll('/', '~1'))).join('/');

/** The JSON pointer of the body schema the document gives for this operation and status (Error when it lists none). */
function findBodySchema(pathTemplate: string, status: number): { ref: string; documented: boolean } {
  const responses = ((doc.paths as Json)[pathTemplate] as Json & { get: { responses: Json } }).get.responses;
  let response = responses[String(status)] as Json | undefined;
  if (!response) return { ref: `${DOC_ID}#/components/schemas/Error`, documented: false };
  let at = pointer('paths', pathTemplate, 'get', 'responses', String(status));
  if (typeof response.$ref === 'string') {
    at = response.$ref.slice(2).split('/').map((p) => encodeURIComponent(p)).join('/');
    response = at.split('/').reduce<Json>((node, key) => node[decodeURIComponent(key)] as Json, doc);
  }
  expect(response.content, `status ${status} of ${pathTemplate} has a JSON body`).toBeDefined();
  return { ref: `${DOC_ID}#/${at}/${pointer('content', 'application/json', 'schema')}`, documented: true };
}

describe('API answers against the served openapi.json', () => {
  it.each(CASES)('%s: %s validates', async (pathTemplate, url) => {
    const res = await fetch(`${server.url}${url}`);
    const body = (await res.json()) as unknown;
    const { ref, documented } = findBodySchema(pathTemplate, res.status);
    expect(documented, `status ${res.status} is documented for ${pathTemplate}`).toBe(true);
    const validate = ajv.compile({ $ref: ref });
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({}), 'the schema is not vacuous').toBe(false);
  });

  it('documents the 429 answer the server gives', async () => {
    let res: Response;
    do res = await fetch(`${server.url}/api/v1/templates?limit=1`);
    while (res.status !== 429);
    const { ref } = findBodySchema('/api/v1/templates', 429);
    const validate = ajv.compile({ $ref: ref });
    expect(validate(await res.json()), JSON.stringify(validate.errors)).toBe(true);
  });

  it('answers undocumented statuses (405, unknown paths) with the Error schema', async () => {
    const validate = ajv.compile({ $ref: `${DOC_ID}#/components/schemas/Error` });
    for (const [url, method] of [['/api/v1/templates', 'DELETE'], ['/api/v1/nothing', 'GET'], ['/api/elsewhere', 'GET']] as const) {
      const res = await fetch(`${server.url}${url}`, { method });
      expect(validate(await res.json()), `${method} ${url}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });
});
