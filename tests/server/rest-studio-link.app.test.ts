import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioLink } from '../../src/schemas/responses.ts';
import { readBuiltCatalog } from '../helpers/build-data.ts';
import { startApp, type RunningApp } from '../helpers/start-app.ts';

let server: RunningApp;
const template = readBuiltCatalog().templates[0]!;
const STUDIO = 'https://studio.test.example';

beforeAll(async () => {
  server = await startApp({ REST_RATE_LIMIT: '100000', STUDIO_URL: STUDIO });
});
afterAll(() => server.stop());

async function link(query: string) {
  const res = await server.request(`/api/v1/studio-link${query}`);
  return { res, body: (await res.json()) as StudioLink & { error?: string; message?: string } };
}

describe('GET /api/v1/studio-link', () => {
  it('builds the studio address for a template id, without a site', async () => {
    const { res, body } = await link(`?template=${template.id}`);
    expect(res.status).toBe(200);
    expect(body).toEqual({ apiVersion: 'v1', url: `${STUDIO}/new?template=${template.id}`, template: template.id, site: null });
  });

  it('accepts a slug, answers with the canonical id and the normalized site and format', async () => {
    const { body } = await link(`?template=${template.slug}&site=${encodeURIComponent('https://WWW.Acme.com/about')}&format=9:16`);
    expect(body.template).toBe(template.id);
    expect(body.site).toBe('www.acme.com');
    const url = new URL(body.url);
    expect(url.origin + url.pathname).toBe(`${STUDIO}/new`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ template: template.id, site: 'www.acme.com', format: '9:16' });
  });

  it('treats an empty site as absent', async () => {
    const { body } = await link(`?template=${template.id}&site=`);
    expect(body.site).toBeNull();
  });

  it.each([
    ['1.2.3.4', 'IP addresses'], ['localhost', 'localhost'], ['acme', 'two labels'], ['ftp://acme.com', 'only http and https'],
    ['https://user:pw@acme.com', 'user name or password'], ['user:pw@acme.com', 'user name or password'],
    [`${'a'.repeat(250)}.com`, 'longer than 253'], ['-acme.com', 'inner hyphens'],
    ['printer.local', 'special-use'], ['db.internal', 'special-use'], ['shop.test', 'special-use'], ['x.invalid', 'special-use'],
    ['abc.onion', 'special-use'], ['nas.home.arpa', 'special-use'], ['xn--a.com', 'not valid punycode'], ['co.uk', 'public suffix'],
  ])('refuses the site %s with 400 invalid_site saying %s', async (site, why) => {
    const { res, body } = await link(`?template=${template.id}&site=${encodeURIComponent(site)}`);
    expect(res.status).toBe(400);
    expect(body.error).toBe('invalid_site');
    expect(body.message).toContain(why);
  });

  it.each([
    ['', 'required'],
    ['?template=', 'required'],
    ['?template=a.b', 'letters, digits'],
    [`?template=${template.id}&template=${template.id}`, 'once'],
    [`?template=${template.id}&format=1:1`, '"16:9", "9:16"'],
  ])('refuses %s with 400 invalid_parameter', async (query, rule) => {
    const { res, body } = await link(query);
    expect(res.status).toBe(400);
    expect(body.error).toBe('invalid_parameter');
    expect(body.message).toContain(rule);
  });

  it('answers 404 template_not_found for an unknown template', async () => {
    const { res, body } = await link('?template=no-such-template-anywhere&site=acme.com');
    expect(res.status).toBe(404);
    expect(body.error).toBe('template_not_found');
  });
});
