import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findFreePort } from '../../scripts/lib/redis-server.ts';
import { startVarnish, type RunningVarnish } from '../../scripts/lib/stack.ts';
import { readBuiltCatalog } from '../helpers/build-data.ts';
import { startApp, type RunningApp } from '../helpers/start-app.ts';
import { describeWithStackTools } from '../helpers/stack-tools.ts';

const template = readBuiltCatalog().templates[0]!;

/** What Varnish did: `X-Varnish` holds two ids on a hit (this request's and the stored object's). */
async function ask(base: string, path: string) {
  const res = await fetch(base + path);
  await res.arrayBuffer();
  return { status: res.status, hit: (res.headers.get('x-varnish') ?? '').trim().split(/\s+/).length === 2, age: Number(res.headers.get('age')) };
}

describeWithStackTools('a stock Varnish with nothing but a backend, in front of the origin', () => {
  const work = mkdtempSync(join(tmpdir(), 'stock-varnish-'));
  let origin: RunningApp;
  let varnish: RunningVarnish;

  beforeAll(async () => {
    origin = await startApp();
    const { port } = new URL(origin.url);
    writeFileSync(join(work, 'stock.vcl'), `vcl 4.1;\nbackend default { .host = "127.0.0.1"; .port = "${port}"; }\n`);
    varnish = await startVarnish(join(work, 'stock.vcl'), await findFreePort(), join(work, 'varnish'));
  });
  afterAll(async () => {
    await varnish?.stop();
    await origin?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it.each([
    ['a template page', `/templates/${template.slug}`],
    ['the home page', '/'],
    ["a template's JSON", `/api/v1/templates/${template.id}`],
    ['openapi.json', '/openapi.json'],
    ['llms.txt', '/llms.txt'],
  ])('caches %s on the second request', async (_what, path) => {
    const first = await ask(varnish.url, path);
    expect(first).toMatchObject({ status: 200, hit: false });
    const second = await ask(varnish.url, path);
    expect(second).toMatchObject({ status: 200, hit: true });
  });

  it('never caches a 404', async () => {
    for (const path of ['/templates/no-such-template', '/api/v1/templates/no-such-template', '/nothing/here.md']) {
      for (let i = 0; i < 3; i++) expect(await ask(varnish.url, path), path).toMatchObject({ status: 404, hit: false });
    }
  });
});
