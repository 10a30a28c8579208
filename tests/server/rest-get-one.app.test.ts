import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBuiltCatalog, readBuiltFile } from '../helpers/build-data.ts';
import { sendRaw } from '../helpers/raw-http.ts';
import { startApp, type RunningApp } from '../helpers/start-app.ts';

let server: RunningApp;
const catalog = readBuiltCatalog();
const template = catalog.templates[1]!;

beforeAll(async () => {
  server = await startApp({ REST_RATE_LIMIT: '100000' });
});
afterAll(() => server.stop());

describe('GET /api/v1/templates/{id}', () => {
  it('returns the envelope by id, byte for byte the prebuilt file a CDN would serve', async () => {
    const res = await server.request(`/api/v1/templates/${template.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    const text = await res.text();
    expect(text).toBe(readBuiltFile(`api/v1/templates/${template.id}`));
    expect(JSON.parse(text)).toEqual({ apiVersion: 'v1', template });
  });

  it('returns the same envelope by slug', async () => {
    const byId = await server.request(`/api/v1/templates/${template.id}`);
    const bySlug = await server.request(`/api/v1/templates/${template.slug}`);
    expect(await bySlug.json()).toEqual(await byId.json());
    expect(bySlug.headers.get('etag')).toBe(byId.headers.get('etag'));
  });

  it('decodes a percent-encoded id', async () => {
    const encoded = [...template.id].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');
    const res = await server.request(`/api/v1/templates/${encoded}`);
    expect(res.status).toBe(200);
  });

  it('answers 404 template_not_found with the nearest ids for an unknown one', async () => {
    const res = await server.request(`/api/v1/templates/${template.slug}-typo`);
    expect(res.status).toBe(404);
    const body = (await res.json()) as { error: string; message: string };
    expect(body.error).toBe('template_not_found');
    expect(body.message).toContain(template.id);
  });

  it.each(['a.b', 'has%20space', 'x'.repeat(129), '%E2%9C%93', 'semi;colon', '%00', '%zz'])(
    'answers 404 template_not_found for the off-pattern id %s',
    async (id) => {
      const res = await sendRaw(server.url, `/api/v1/templates/${id}`);
      expect(res.status).toBe(404);
      expect(JSON.parse(res.body)).toMatchObject({ error: 'template_not_found' });
    },
  );

  it.each(['/api/v1/templates/', `/api/v1/templates/${template.id}/extra`, '/api/v1/template', '/api/v1', '/api/v2/templates', '/api/nope', '/api'])(
    'answers 404 not_found for the unknown API path %s',
    async (path) => {
      const res = await sendRaw(server.url, path);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toBe('application/json');
      expect(JSON.parse(res.body)).toMatchObject({ error: 'not_found' });
    },
  );
});
