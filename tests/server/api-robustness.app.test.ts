import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorSchema } from '../../src/schemas/responses.ts';
import { readBuiltCatalog } from '../helpers/build-data.ts';
import { sendRaw } from '../helpers/raw-http.ts';
import { startApp, type RunningApp } from '../helpers/start-app.ts';

const template = readBuiltCatalog().templates[0]!;

/** Hostile or odd values, percent-encoded as a client would send them (some deliberately malformed). */
const VALUES = [
  '', '%', '%25', '%ff', '%00', '%0d%0aX-Injected:%201', '__proto__', 'constructor', 'toString', '-0', '1e3', '%201', '0x10',
  '9'.repeat(400), 'a'.repeat(5000), '%F0%9F%8E%AC', '%E2%80%AE', '%3Cscript%3E', '..%2F..%2Fetc%2Fpasswd', '+', '%2B',
  '[object%20Object]', 'null', 'undefined', 'true', '16:9%00', 'free%20', 'NaN', 'Infinity',
];
const PARAMS = ['q', 'category', 'tier', 'format', 'limit', 'offset', 'template', 'site'];
const PATHS = [
  ...VALUES.filter(Boolean).map((v) => `/api/v1/templates/${v.slice(0, 300)}`),
  '/api/v1/templates//', '/api/v1//templates', '/api/v1/templates/%2F', '/api/v1/templates/a%2Fb', '/api/v1/../v1/templates',
  '/api/v1/templates?limit[]=1', '/api/v1/templates?q[]=x', `/api/v1/templates?${'x=1&'.repeat(500)}`, '/api/v1/studio-link?template[a]=b',
  '/api/mcp/extra', '/api/%2e%2e/healthz', '/api/v1/templates#frag',
];

let server: RunningApp;
beforeAll(async () => {
  server = await startApp({ REST_RATE_LIMIT: '100000' });
});
afterAll(() => server.stop());

async function expectJsonAnswer(path: string): Promise<void> {
  const res = await sendRaw(server.url, path);
  expect(res.status, path).toBeLessThan(500);
  expect(res.headers['content-type'], path).toBe('application/json');
  const body = JSON.parse(res.body) as unknown;
  if (res.status >= 400) expect(errorSchema.safeParse(body).success, `${path}: ${res.body}`).toBe(true);
  expect(res.headers['x-injected']).toBeUndefined();
}

describe('the API never fails with a 500, HTML or a stack trace', () => {
  it.each(PARAMS)('list and studio-link take any value of %s', async (name) => {
    for (const value of VALUES) {
      await expectJsonAnswer(`/api/v1/templates?${name}=${value}`);
      await expectJsonAnswer(`/api/v1/studio-link?template=${template.id}&${name}=${value}`);
    }
  });

  it('answers every odd path with JSON', async () => {
    for (const path of PATHS) await expectJsonAnswer(path);
  });

  it('logged no unexpected error', () => {
    expect(server.unexpectedErrors()).toBe(0);
  });
});
