import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { copyDataOnly, startNodeFunction, startWorkerd, type RunningFunction } from '../../../scripts/lib/start-function.ts';
import { hasNginx, startNginx, type RunningNginx } from '../../../scripts/lib/nginx.ts';
import { readConfig } from '../../../src/config/read-config.ts';
import { describeNeeding } from '../../helpers/describe-needing.ts';
import { readBuiltCatalog } from '../../helpers/build-data.ts';
import { BUILD_ID } from '../../../src/core/header-names.ts';
import { CACHE_HEADERS } from '../../../src/core/cdn/cache-policy.ts';
import { parseSocialImagePath } from '../../../src/core/links/social-image.ts';
import { startServer, type RunningServer } from '../../helpers/start-server.ts';
import { ASTRO_BIN } from '../../global-setup.ts';

/**
 * The tail (PRERENDER_TEMPLATES) answered on demand must be what a full build serves: with 8
 * templates prerendered, every address of every other template is asked of the origin and of
 * the Node function over that build, and compared byte for byte and header for header with the
 * origin over a full build. `TAIL_DIST_DIR` reuses a build made with PRERENDER_TEMPLATES=8.
 */
const HEAD = 8;
const scratch = mkdtempSync(join(tmpdir(), 'tail-'));
const headDist = process.env.TAIL_DIST_DIR ?? join(scratch, 'dist');
/** Headers that name the exchange or the build serving it, not the answer. */
const EXCHANGE = new Set(['date', 'x-request-id', 'connection', 'keep-alive', 'transfer-encoding', BUILD_ID.toLowerCase()]);

/** A stylesheet link's address. */
const STYLESHEET = /<link rel="stylesheet" href="([^"]+)">/g;

function buildHead(): Promise<void> {
  if (process.env.TAIL_DIST_DIR) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ASTRO_BIN, 'build', '--silent'], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, DIST_DIR: headDist, SITE_URL: 'http://localhost:4321', CATALOG_DIR: 'templates', PRERENDER_TEMPLATES: String(HEAD) },
    });
    let errors = '';
    child.stderr.on('data', (d: Buffer) => (errors += d.toString()));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(errors))));
  });
}

interface Seen {
  status: number;
  headers: Record<string, string>;
  body: string;
}

async function ask(base: string, path: string, headers: Record<string, string> = {}): Promise<Seen> {
  const res = await fetch(base + path, { redirect: 'manual', headers: { 'Accept-Encoding': 'identity', ...headers } });
  const seen: Record<string, string> = {};
  res.headers.forEach((value, name) => EXCHANGE.has(name) || (seen[name] = value));
  const bytes = Buffer.from(await res.arrayBuffer());
  // The bytes by their digest and length: a difference shows in one line, not as two pages of base64.
  return { status: res.status, headers: seen, body: `${bytes.length} ${createHash('sha256').update(bytes).digest('base64url')}` };
}

/** The social image a page names (og:image), as a path. */
async function imageOf(base: string, slug: string): Promise<string> {
  const html = await (await fetch(`${base}/templates/${slug}`)).text();
  return new URL(/<meta property="og:image" content="([^"]+)"/.exec(html)![1]!).pathname;
}

/** Every address of every tail template, with the Accept of the twin by negotiation, and three un-hashed social images (a redirect to the current one). */
async function listTailAsks(): Promise<[string, Record<string, string>?][]> {
  const asks: [string, Record<string, string>?][] = [];
  for (const { slug, examples } of tail) {
    asks.push([`/templates/${slug}`], [`/templates/${slug}.md`], [`/templates/${slug}.html`], [`/templates/${slug}`, { Accept: 'text/markdown' }]);
    asks.push([`/posters/${slug}.svg`], [`/posters/${slug}.motion.svg`], [await imageOf(full.url, slug)]);
    for (let n = 1; n <= examples; n++) asks.push([`/posters/${slug}-${n}.svg`]);
  }
  for (const { slug } of tail.slice(0, 3)) asks.push([`/posters/${slug}.png`]);
  return asks;
}

let full: RunningServer;
let origin: RunningServer;
let fn: RunningFunction;
let dataOnly: ReturnType<typeof copyDataOnly>;
const tail: { slug: string; examples: number }[] = [];

beforeAll(async () => {
  await buildHead();
  const client = join(realpathSync(headDist), 'client');
  for (const t of readBuiltCatalog().templates) if (!existsSync(join(client, 'templates', `${t.slug}.html`))) tail.push({ slug: t.slug, examples: t.examples?.length ?? 0 });
  // The Node function over the data files and the server entry alone: every tail file is its own.
  dataOnly = copyDataOnly(headDist);
  cpSync(join(realpathSync(headDist), 'server'), join(dataOnly.distDir, 'server'), { recursive: true });
  [full, origin, fn] = await Promise.all([startServer(), startServer({ DIST_DIR: headDist }), startNodeFunction({ DIST_DIR: dataOnly.distDir })]);
}, 600_000);

afterAll(async () => {
  await Promise.all([full?.stop(), origin?.stop(), fn?.stop()]);
  dataOnly?.remove();
  rmSync(scratch, { recursive: true, force: true });
});

describe('the tail on demand (PRERENDER_TEMPLATES=8)', () => {
  it('leaves out the files of every template but the newest 8', () => {
    expect(readBuiltCatalog().templates.length - tail.length).toBe(HEAD);
    const client = join(realpathSync(headDist), 'client');
    expect(readdirSync(join(client, 'social')).filter((n) => parseSocialImagePath(`/social/${n}`)?.slug === tail[0]!.slug)).toEqual([]);
    expect(readFileSync(join(client, 'sitemap.xml'), 'utf8')).toContain(`/templates/${tail[0]!.slug}<`);
  });

  it('answers every address of every tail template as the full build does, on the origin and the Node function', async () => {
    const asks = await listTailAsks();
    for (const [path, headers] of asks) {
      // The three servers are processes of their own, so they are asked at once.
      const [want, got, gotFn] = await Promise.all([full, origin, fn].map((server) => ask(server.url, path, headers)));
      expect(want!.status, path).toBe(path.endsWith('.png') && path.startsWith('/posters/') ? 302 : 200);
      expect(got, `origin ${path}`).toEqual(want);
      expect(gotFn, `function ${path}`).toEqual(want);
    }
  }, 300_000);

  it("serves every stylesheet a tail page links from the build's own files, as the full build does", async () => {
    const html = await (await fetch(`${fn.url}/templates/${tail[0]!.slug}`)).text();
    const sheets = [...html.matchAll(STYLESHEET)].map((link) => link[1]!);
    expect(sheets.length).toBeGreaterThan(0);
    // The function-only instance has no files: the static half (here the origin over the same build) serves them.
    for (const sheet of sheets) expect(await ask(origin.url, sheet), sheet).toEqual(await ask(full.url, sheet));
  });

  it.each(['', '.md'])('answers 304 to the ETag, and HEAD without a body, as a file (%s)', async (suffix) => {
    const path = `/templates/${tail[0]!.slug}${suffix}`;
    const { headers } = await ask(full.url, path);
    for (const [name, base] of [['full', full.url], ['origin', origin.url], ['function', fn.url]] as const) {
      const res = await fetch(base + path, { headers: { 'If-None-Match': headers.etag!, 'Accept-Encoding': 'identity' } });
      expect(res.status, name).toBe(304);
      expect(res.headers.get('etag')).toBe(headers.etag);
      const head = await fetch(base + path, { method: 'HEAD', headers: { 'Accept-Encoding': 'identity' } });
      expect([head.status, head.headers.get('content-length'), (await head.arrayBuffer()).byteLength]).toEqual([200, headers['content-length'], 0]);
    }
  });

  it('still answers 404 where no template is', async () => {
    for (const path of ['/templates/no-such-template', '/templates/no-such-template.md', '/templates/a/b', '/posters/no-such-template.png', `/posters/${tail[0]!.slug}-99.svg`]) {
      expect(await ask(origin.url, path), `origin ${path}`).toEqual(await ask(full.url, path));
      expect((await fetch(fn.url + path)).status, `function ${path}`).toBe(404);
    }
  });
});

describe('social images by the hash of what they are drawn from', () => {
  const IMMUTABLE = CACHE_HEADERS.asset[CACHE_HEADERS.asset.indexOf('Cache-Control') + 1]!;
  const NO_STORE = CACHE_HEADERS.none[CACHE_HEADERS.none.indexOf('Cache-Control') + 1]!;
  const servers = () => [['origin', origin.url], ['function', fn.url], ['full', full.url]] as const;

  it("answers a page's og:image 200 as an immutable PNG, of the head and of the tail, on the origin and the Node function", async () => {
    expect(IMMUTABLE).toMatch(/max-age=31536000.*immutable/);
    const head = readBuiltCatalog().templates.find((t) => !tail.some((x) => x.slug === t.slug))!;
    for (const slug of [head.slug, tail[0]!.slug]) {
      for (const [name, base] of servers()) {
        const image = await imageOf(base, slug);
        expect(image, name).toBe(await imageOf(full.url, slug));
        const res = await fetch(base + image);
        expect([res.status, res.headers.get('content-type'), res.headers.get('cache-control')], `${name} ${image}`).toEqual([200, 'image/png', IMMUTABLE]);
        expect(Buffer.from(await res.arrayBuffer()).subarray(1, 4).toString(), name).toBe('PNG');
      }
    }
  });

  it('answers a hash that is not the current one 404, stored nowhere, and the un-hashed address 302 to the current one', async () => {
    const { slug } = tail[0]!;
    const current = await imageOf(full.url, slug);
    const stale = current.replace(/\.([0-9a-f]{12})\.png$/, (_, h: string) => `.${h.startsWith('0') ? '1' : '0'}${h.slice(1)}.png`);
    for (const [name, base] of servers()) {
      const res = await fetch(base + stale);
      expect([res.status, res.headers.get('cache-control')], `${name} ${stale}`).toEqual([404, NO_STORE]);
      const moved = await fetch(`${base}/posters/${slug}.png`, { redirect: 'manual' });
      expect([moved.status, moved.headers.get('location')], name).toEqual([302, `http://localhost:4321${current}`]);
    }
  });
});

describeNeeding('nginx and envsubst', hasNginx(), 'install nginx-light and gettext-base (.ci/run does)', 'the tail behind nginx (PRERENDER_TEMPLATES=8)', () => {
  const work = mkdtempSync(join(tmpdir(), 'tail-nginx-'));
  let nginx: RunningNginx | undefined;
  beforeAll(async () => {
    // The nginx shape: the build's files, and the Node function (no files of its own) for the rest.
    const config = readConfig({ SITE_URL: 'http://localhost:4321' });
    const settings = { CATALOG_ROOT: join(realpathSync(headDist), 'client'), CATALOG_FUNCTION: fn.url, CATALOG_SITE_URL: config.SITE_URL, CATALOG_MEDIA_URL: config.MEDIA_URL, CATALOG_STUDIO_URL: config.STUDIO_URL };
    nginx = await startNginx(join(work, 'run'), settings);
  });
  afterAll(async () => {
    await nginx?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it("hands every tail address, which has no file, to the function, whose answer is the full build's", async () => {
    for (const [path, headers] of await listTailAsks()) {
      const [want, got] = await Promise.all([ask(full.url, path, headers), ask(nginx!.url, path, headers)]);
      delete got.headers.server; // nginx names itself
      expect(got, `nginx ${path}`).toEqual(want);
    }
  }, 300_000);

  it('still answers 404 where no template is', async () => {
    for (const path of ['/templates/no-such-template', '/templates/no-such-template.md', '/templates/no-such-template.html', '/posters/no-such-template.svg', '/social/no-such-template.0123456789ab.png']) {
      expect((await fetch(nginx!.url + path)).status, path).toBe(404);
    }
  });
});

describe('the tail on workerd (PRERENDER_TEMPLATES=8)', () => {
  let wd: RunningFunction | undefined;
  beforeAll(async () => {
    wd = await startWorkerd(headDist, { timeoutMs: 180_000 });
  }, 200_000);
  afterAll(() => wd?.stop());

  /**
   * wrangler dev's local stack sends every HTML answer of the worker chunked, the build's own
   * pages too (checked below), so an HTML answer is compared without Content-Length: its body's
   * length is in the digest compared.
   */
  const askWorkerd = async (base: string, path: string, headers?: Record<string, string>) => {
    const seen = await ask(base, path, headers);
    if (seen.headers['content-type']?.startsWith('text/html')) delete seen.headers['content-length'];
    return seen;
  };

  it("sends the build's own pages chunked too (why HTML is compared without Content-Length)", async () => {
    const client = join(realpathSync(headDist), 'client', 'templates');
    const head = readBuiltCatalog().templates.find((t) => existsSync(join(client, `${t.slug}.html`)))!;
    const res = await fetch(`${wd!.url}/templates/${head.slug}`, { headers: { 'Accept-Encoding': 'identity' } });
    expect([res.status, res.headers.get('content-length')]).toEqual([200, null]);
  });

  // The page comes from the tail renderer, the second worker (src/function/tail-renderer.ts)
  // that `wrangler dev` runs beside the main one, as is the social image (resvg's WebAssembly build).
  it('answers the page, the twin, the posters and the social image of every tail template as the full build does', async () => {
    for (const { slug, examples } of tail) {
      const paths: [string, Record<string, string>?][] = [[`/templates/${slug}`], [`/templates/${slug}.html`], [`/templates/${slug}.md`], [`/templates/${slug}`, { Accept: 'text/markdown' }]];
      paths.push([`/posters/${slug}.svg`], [`/posters/${slug}.motion.svg`], [await imageOf(full.url, slug)], ...Array.from({ length: examples }, (_, n): [string] => [`/posters/${slug}-${n + 1}.svg`]));
      for (const [path, headers] of paths) {
        const want = await askWorkerd(full.url, path, headers);
        expect(want.status, path).toBe(200);
        expect(await askWorkerd(wd!.url, path, headers), `workerd ${path}`).toEqual(want);
      }
    }
  }, 300_000);

  it('answers 304 to a tail page\'s ETag, and HEAD without a body, as a file', async () => {
    const path = `/templates/${tail[0]!.slug}`;
    const { headers } = await ask(full.url, path);
    const res = await fetch(wd!.url + path, { headers: { 'If-None-Match': headers.etag!, 'Accept-Encoding': 'identity' } });
    expect([res.status, res.headers.get('etag')]).toEqual([304, headers.etag]);
    const head = await fetch(wd!.url + path, { method: 'HEAD', headers: { 'Accept-Encoding': 'identity' } });
    expect([head.status, head.headers.get('content-length'), (await head.arrayBuffer()).byteLength]).toEqual([200, headers['content-length'], 0]);
  });

  it('answers the un-hashed social image address with the redirect the full build answers', async () => {
    const path = `/posters/${tail[0]!.slug}.png`;
    expect(await ask(wd!.url, path), `workerd ${path}`).toEqual(await ask(full.url, path));
  });
});
