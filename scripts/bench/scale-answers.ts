import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sortNewestFirst } from '../../src/core/catalog/sort-newest-first.ts';
import { resolveBuild } from '../../src/publish/build-layout.ts';
import { spawnServer } from '../lib/spawn-server.ts';
import { startNodeFunction, startWorkerd } from '../lib/start-function.ts';
import { readBuiltCatalog } from './built-catalog.ts';
import type { TrafficSite } from './cdn-traffic.ts';
import { LIFT, lifted } from './suites/edge.ts';

const load = () => loadavg()[0]!.toFixed(1);
type Site = TrafficSite & { build: string };

/** The built catalog newest first (the head first), its categories and hashed assets. */
export function readScaleSite(dist: string): Site {
  const build = resolveBuild(dist).dir;
  const data = readBuiltCatalog(build);
  const assets = readdirSync(join(build, 'client/_astro')).filter((n) => !/\.(br|gz)$/.test(n)).map((n) => `/_astro/${n}`);
  return { build, templates: sortNewestFirst(data.templates), categories: data.categories.map((c) => c.id), assets };
}

/** The five addresses of a template the issue names: page, Markdown twin, JSON, poster, social image. */
const ADDRESSES = (t: { id: string; slug: string }) => [`/templates/${t.slug}`, `/templates/${t.slug}.md`, `/api/v1/templates/${t.id}`, `/posters/${t.slug}.svg`, `/posters/${t.slug}.png`];

/**
 * Status and time of the first request to `path` on `base`, as `200, 12 ms`. A redirect is
 * followed on `base` (`302 → 200, 40 ms`): its `Location` names the site's public address
 * (SITE_URL), which nothing on loopback answers.
 */
async function askOnce(base: string, path: string): Promise<string> {
  const t0 = performance.now();
  const ask = (p: string) => fetch(base + p, { headers: { 'accept-encoding': 'br, gzip' }, redirect: 'manual', signal: AbortSignal.timeout(120_000) });
  try {
    let res = await ask(path);
    await res.arrayBuffer();
    const location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
    const moved = location === null ? '' : `${res.status} → `;
    if (location !== null) {
      const to = new URL(location, base + path);
      res = await ask(to.pathname + to.search);
      await res.arrayBuffer();
    }
    return `${moved}${res.status === 200 ? '200' : `**${res.status}**`}, ${(performance.now() - t0).toFixed(0)} ms`;
  } catch (err) {
    return `**no answer** (${String((err as Error).cause ?? err).slice(0, 80)})`;
  }
}

/** Tail templates whose warm answers tail-latency.ts measures: the oldest, none of them prerendered. */
const WARM_SLUGS = 40;

/** tail-latency.ts against `base` (10 rounds of each page, each social image's first draw): a row's cells. */
async function measureWarmTail(base: string, slugs: string[]): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['scripts/bench/tail-latency.ts', base, ...slugs], { env: { ...process.env, ROUNDS: '10' } });
    type Summary = { n: number; p50: number; p99: number };
    const got = JSON.parse(stdout) as Record<'page' | 'socialDrawn' | 'twin', Summary>;
    const cell = (x: Summary) => `${x.p50} / ${x.p99} ms (${x.n})`;
    return `${cell(got.page)} | ${cell(got.socialDrawn)} | ${cell(got.twin)}`;
  } catch (err) {
    return `**failed**: ${String((err as Error).message).replace(/\s+/g, ' ').slice(-200)} | | `;
  }
}

interface Answerer {
  name: string;
  start(): Promise<{ url: string; stop(): Promise<unknown> }>;
}

/**
 * The origin (`npm run serve` over the build), the Node function over the same build and
 * workerd (`wrangler dev` over the upload folder, as Cloudflare serves it) answering the head's
 * newest template and the tail's oldest: each address's status and the time of its first
 * request, after a list request has loaded the data (the start time is its own column). Then,
 * on each, the warm tail (tail-latency.ts over the 40 oldest): a second table.
 */
export async function measureHeadAndTail(dist: string, upload: string, count: number): Promise<string[]> {
  const site = readScaleSite(dist);
  const head = site.templates[0]!;
  const tail = site.templates.at(-1)!;
  const isFile = (slug: string) => existsSync(join(site.build, 'client/templates', `${slug}.html`));
  const answerers: Answerer[] = [
    { name: 'origin (`npm run serve`)', start: () => spawnServer({ DIST_DIR: dist, LOG_LEVEL: 'warn', ...LIFT }) },
    { name: 'Node function (`npm run function`)', start: () => startNodeFunction({ DIST_DIR: dist, ...LIFT }, { timeoutMs: 900_000 }) },
    { name: 'workerd (`wrangler dev` over the upload folder)', start: () => startWorkerd(dist, { assetsDir: upload, adjust: lifted, timeoutMs: 900_000 }) },
  ];
  const n = count.toLocaleString('en');
  const rows = [`| ${n} templates | started in | template | page | twin (.md) | JSON | poster (SVG) | social PNG |`, '|---|---|---|---|---|---|---|---|'];
  const warm = ['', `| ${n} templates, warm, the ${WARM_SLUGS} oldest (tail-latency.ts) | tail page p50 / p99 | social image, first draw | twin |`, '|---|---|---|---|'];
  const slugs = site.templates.slice(-WARM_SLUGS).map((t) => t.slug);
  for (const a of answerers) {
    const t0 = performance.now();
    let server: Awaited<ReturnType<Answerer['start']>>;
    try {
      server = await a.start();
      await (await fetch(`${server.url}/api/v1/templates?limit=1`)).arrayBuffer();
    } catch (err) {
      // The cause is at the end of the output (wrangler prints its banner first).
      rows.push(`| ${a.name} | **failed to start** (load ${load()}): …${String((err as Error).message).replace(/\s+/g, ' ').slice(-300)} | | | | | | |`);
      continue;
    }
    const started = `${((performance.now() - t0) / 1000).toFixed(1)} s (load ${load()})`;
    try {
      for (const [which, t] of [['head', head], ['tail', tail]] as const) {
        const cells: string[] = [];
        for (const path of ADDRESSES(t)) cells.push(await askOnce(server.url, path));
        rows.push(`| ${a.name} | ${which === 'head' ? started : ''} | ${which} (${isFile(t.slug) ? 'a file' : 'on demand'}) | ${cells.join(' | ')} |`);
      }
      warm.push(`| ${a.name} | ${await measureWarmTail(server.url, slugs)} |`);
    } finally {
      await server.stop();
    }
  }
  return [...rows, ...warm];
}
