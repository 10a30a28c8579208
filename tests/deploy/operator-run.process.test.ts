import { execFile } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hasNginx, startNginx, type RunningNginx } from '../../scripts/lib/nginx.ts';
import { findFreePort, startNodeFunction, type RunningFunction } from '../../scripts/lib/start-function.ts';
import { readConfig } from '../../src/config/read-config.ts';
import { describeNeeding } from '../helpers/describe-needing.ts';
import { requestFrom } from '../helpers/request-from.ts';
import { sleep } from '../helpers/wait-for.ts';

/**
 * An operator's run of the static host and the function (docs/deploying.md): `npm run build`,
 * the shipped nginx template in front, and the function started with the documented command
 * (its environment read from the docs, only the folder and ports changed).
 */
const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), 'operator-run-'));
chmodSync(scratch, 0o755); // nginx's workers (another user when run as root) read the build under it
const catalog = join(scratch, 'catalog');
const dist = join(scratch, 'dist');
const LIMIT = 6;
const SITE = 'http://localhost:4321';

/** The environment of the documented `npm run function` command. */
function readDocumentedFunctionEnv(): Record<string, string> {
  const line = readFileSync('docs/deploying.md', 'utf8').split('\n').find((l) => /^DIST_DIR=\S+ .*npm run function$/.test(l));
  if (!line) throw new Error('docs/deploying.md has no `… npm run function` command line');
  return Object.fromEntries(line.replace(/ npm run function$/, '').split(' ').map((pair) => pair.split('=', 2) as [string, string]));
}

/** `npm run build` of the scratch catalog into `dist`. */
async function publish(): Promise<void> {
  await run(process.execPath, ['scripts/build.ts'], { env: { ...process.env, CATALOG_DIR: catalog, DIST_DIR: dist, SITE_URL: SITE, LOG_LEVEL: 'warn' } });
}

const MISSING = 'nginx or envsubst is not installed: install nginx-light and gettext-base (.ci/run does).';

describeNeeding('nginx and envsubst', hasNginx(), MISSING, "an operator's run: nginx and the Node function from the documented commands", () => {
  let nginx: RunningNginx;
  let fn: RunningFunction;
  const documented = readDocumentedFunctionEnv();

  beforeAll(async () => {
    mkdirSync(catalog);
    const templates = readdirSync('templates').filter((f) => !f.startsWith('_')).sort().slice(0, 30);
    for (const name of ['_categories.json', '_synonyms.json', '_filter-words.json', ...templates]) cpSync(join('templates', name), join(catalog, name));
    await publish();
    const config = readConfig({ SITE_URL: SITE });
    const [nginxPort, fnPort] = await Promise.all([findFreePort(), findFreePort()]);
    fn = await startNodeFunction({ ...documented, DIST_DIR: dist, PORT: String(fnPort), STATIC_ORIGIN: `http://127.0.0.1:${nginxPort}`, REST_RATE_LIMIT: String(LIMIT) }, { port: fnPort, probe: false });
    nginx = await startNginx(join(scratch, 'nginx'), { CATALOG_ROOT: join(dist, 'client'), CATALOG_FUNCTION: fn.url, CATALOG_SITE_URL: config.SITE_URL, CATALOG_MEDIA_URL: config.MEDIA_URL, CATALOG_STUDIO_URL: config.STUDIO_URL }, nginxPort);
  }, 900_000); // a build on a loaded machine
  afterAll(async () => {
    await nginx?.stop();
    await fn?.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('documents a function command that trusts the proxy in front', () => {
    expect(documented.TRUST_PROXY).toBe('127.0.0.1');
  });

  it('compresses the JSON list through nginx, once', async () => {
    const answer = await requestFrom(`${nginx.url}/api/v1/templates`, { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(answer.status).toBe(200);
    const encoding = answer.headers['content-encoding'];
    expect(['gzip', 'br']).toContain(encoding);
    const body = encoding === 'br' ? brotliDecompressSync(answer.body) : gunzipSync(answer.body);
    expect(JSON.parse(body.toString('utf8')).templates.length).toBe(30);
  });

  it('limits two clients behind nginx apart (127.0.0.5 spends its budget, 127.0.0.6 keeps its own)', async () => {
    const ask = (from: string) => requestFrom(`${nginx.url}/api/v1/templates?limit=1`, { from });
    const first = await Promise.all(Array.from({ length: LIMIT + 1 }, () => ask('127.0.0.5')));
    expect(first.map((a) => a.status)).toContain(429);
    const other = await ask('127.0.0.6');
    expect(other.status).toBe(200);
    expect(other.headers['ratelimit']).toMatch(/remaining=5\b/);
  });

  // Needs the function to follow publishes (the pipeline work of issue 40, item 1).
  it('answers a publish without a restart: a renamed template is found within seconds', async () => {
    const file = readdirSync(catalog).find((f) => !f.startsWith('_'))!;
    const template = JSON.parse(readFileSync(join(catalog, file), 'utf8'));
    template.title = 'Zanzibar Quokka Parade';
    writeFileSync(join(catalog, file), JSON.stringify(template, null, 2));
    await publish();
    let found = 0;
    for (let i = 0; i < 40 && found === 0; i++) {
      const res = await requestFrom(`${nginx.url}/api/v1/templates?q=zanzibar%20quokka`, { from: '127.0.0.7' });
      if (res.status === 200) found = JSON.parse(res.body.toString('utf8')).count;
      if (found === 0) await sleep(250);
    }
    expect(found).toBe(1);
  }, 900_000);

  it('reaches every template by links alone from / with the function stopped, and answers its routes with our 503 page', async () => {
    await fn.stop();
    const page = await fetch(`${nginx.url}/search?q=countdown`);
    expect(page.status).toBe(503);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await page.text()).toContain('/categories/');
    const api = await fetch(`${nginx.url}/api/v1/templates?q=x`);
    expect(api.status).toBe(503);
    expect(api.headers.get('content-type')).toMatch(/^application\/json/);
    expect(api.headers.get('cache-control')).toBe('no-store');
    expect(await api.json()).toMatchObject({ error: 'unavailable' });
    const twin = await fetch(`${nginx.url}/docs`, { headers: { Accept: 'text/markdown' } });
    expect(twin.status).toBe(503);
    expect(twin.headers.get('content-type')).toMatch(/^text\/markdown/);

    const seen = new Set<string>();
    const queue = ['/'];
    while (queue.length > 0) {
      const path = queue.shift()!;
      const res = await fetch(`${nginx.url}${path}`, { headers: { Accept: 'text/html' } });
      if (res.status !== 200 || !res.headers.get('content-type')?.startsWith('text/html')) continue;
      for (const [, href] of (await res.text()).matchAll(/<a [^>]*href="(\/[^"#?]*)"/g)) {
        if (!seen.has(href!)) {
          seen.add(href!);
          queue.push(href!);
        }
      }
    }
    const slugs = readdirSync(join(dist, 'client', 'templates')).filter((f) => f.endsWith('.html')).map((f) => `/templates/${f.slice(0, -5)}`);
    expect(slugs.length).toBe(30);
    expect(slugs.filter((s) => !seen.has(s))).toEqual([]);
    expect(seen).toContain('/newest/2');

    // The home's category chips link the category pages, which answer without the function.
    const home = await (await fetch(`${nginx.url}/`)).text();
    const chips = [...home.matchAll(/<a class="chip" href="([^"]*)" data-filter-key="category" data-filter-value="([^"]+)"/g)];
    expect(chips.length).toBeGreaterThan(0);
    for (const [, href, category] of chips) {
      expect(href).toBe(`/categories/${category}`);
      expect((await fetch(`${nginx.url}${href}`)).status).toBe(200);
    }
  }, 120_000);
});
