import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBuiltCatalog } from '../helpers/build-data.ts';
import { copyTestBuild } from '../helpers/copy-build.ts';
import { startApp, type RunningApp } from '../helpers/start-app.ts';

const BUILT_FOR = 'https://catalog.example.org';
const template = readBuiltCatalog().templates.find((t) => (t.examples?.length ?? 0) > 0) ?? readBuiltCatalog().templates[0]!;
let copy: ReturnType<typeof copyTestBuild>;
let server: RunningApp;

beforeAll(async () => {
  // The catalog of a build made for another address than the test default (http://localhost:4321).
  copy = copyTestBuild(`dist-address-${process.pid}`);
  const file = join(copy.distDir, 'client', 'data', 'catalog.json');
  writeFileSync(file, readFileSync(file, 'utf8').replaceAll('http://localhost:4321', BUILT_FOR));
  server = await startApp({ DIST_DIR: copy.distDir });
});
afterAll(async () => {
  await server.stop();
  copy.remove();
});

describe('the site address', () => {
  it('is the build\'s: the CSP and API messages name it, not a default of the serving process', async () => {
    const page = await fetch(`${server.url}/search?q=launch`);
    expect(page.headers.get('content-security-policy')).toContain(BUILT_FOR);
    const api = await fetch(`${server.url}/api/nothing`);
    expect(((await api.json()) as { message: string }).message).toContain(`${BUILT_FOR}/openapi.json`);
  });

  it('links posters in HTML root-relatively, so they load from whatever host serves the page', async () => {
    for (const path of [`/search?q=${encodeURIComponent(template.title)}`, `/templates/${template.slug}`, '/']) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      const posters = [...html.matchAll(/<img[^>]+src="([^"]+)"/g)].map((m) => m[1]!);
      expect(posters.length, path).toBeGreaterThan(0);
      for (const src of posters) expect(src, `${path}: ${src}`).toMatch(/^\/posters\//);
    }
  });

  it('keeps absolute addresses in JSON', async () => {
    const body = (await (await fetch(`${server.url}/api/v1/templates/${template.id}`)).json()) as { template: { poster: string } };
    expect(body.template.poster.startsWith(`${BUILT_FOR}/posters/`)).toBe(true);
  });
});
