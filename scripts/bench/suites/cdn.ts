import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sortNewestFirst } from '../../../src/core/catalog/sort-newest-first.ts';
import { resolveBuild } from '../../../src/publish/build-layout.ts';
import { createPrng } from '../../lib/prng.ts';
import { startStack, type Stack } from '../../lib/stack.ts';
import { readBuiltCatalog } from '../built-catalog.ts';
import { ensureSyntheticCatalog } from '../builds.ts';
import { runPublish } from '../publish-steps.ts';
import { createTrafficMix, EDGE_CLASSES, listCrawl, runTraffic, type TrafficSite, type TrafficStats } from '../cdn-traffic.ts';

const TEMPLATES = Number(process.env.BENCH_CDN_TEMPLATES ?? 2000);
const WARMUP = Number(process.env.BENCH_CDN_WARMUP ?? 20_000);
const MEASURED = Number(process.env.BENCH_CDN_REQUESTS ?? 30_000);
const BASELINE = Number(process.env.BENCH_CDN_BASELINE ?? 6000);
const LANES = 16;
const PUBLISHES = 3;
// info: the instances' `build live` and `cdn purged` lines time each step of a publish (request lines are skipped unread).
const UNLIMITED = { REST_RATE_LIMIT: '1000000000', MCP_RATE_LIMIT: '1000000000', LOG_LEVEL: 'info' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function readSite(dir: string): TrafficSite {
  const data = readBuiltCatalog(dir);
  const assets = readdirSync(join(dir, 'client/_astro')).filter((n) => !/\.(br|gz)$/.test(n)).map((n) => `/_astro/${n}`);
  return { templates: sortNewestFirst(data.templates), categories: data.categories.map((c) => c.id), assets };
}

/** `npm run build` of `catalog` into `distDir`, as an operator publishes (publish-steps.ts runs it). */
const publish = (catalog: string, distDir: string) => runPublish({ CATALOG_DIR: catalog, DIST_DIR: distDir, SITE_URL: 'http://localhost:4321', LOG_LEVEL: 'warn' });

/** Edits one template's title in the catalog folder, as its owner would. */
function editTemplate(catalog: string, t: TrafficSite['templates'][number], title: string): void {
  const file = join(catalog, `${t.slug}.json`);
  writeFileSync(file, JSON.stringify({ ...(JSON.parse(readFileSync(file, 'utf8')) as object), title }, null, 2));
}

/** Milliseconds from now until the edge answers `path` with `title` in it. */
async function timeToFresh(stack: Stack, path: string, title: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    const res = await fetch(stack.edgeUrl + path, { headers: { 'accept-encoding': 'br' } }); // fetch decodes br
    if ((await res.text()).includes(title)) return performance.now() - started;
    if (performance.now() - started > 30_000) throw new Error(`${path} never showed "${title}"`);
    await sleep(10);
  }
}

const sum = (stats: TrafficStats, classes: readonly string[], field: 'requests' | 'hits' | 'misses' | 'passes' | 'failed') =>
  [...stats].filter(([c]) => classes.includes(c)).reduce((n, [, s]) => n + s[field], 0);
const all = (stats: TrafficStats) => [...stats.keys()];
const ratio = (a: number, b: number) => (b ? a / b : 0);
const pct = (xs: number[], p: number) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(s.length * p))] ?? 0; };
const latencies = (stats: TrafficStats) => [...stats.values()].flatMap((s) => s.ms);

function describe(stats: TrafficStats, label: string, seconds: number): string {
  const requests = sum(stats, all(stats), 'requests');
  const origin = requests - sum(stats, all(stats), 'hits'); // straight to haproxy, every request is the origin's
  const edgeHit = ratio(sum(stats, EDGE_CLASSES, 'hits'), sum(stats, EDGE_CLASSES, 'requests'));
  const ms = latencies(stats);
  return `| ${label} | ${requests} | ${edgeHit.toFixed(3)} | ${ratio(sum(stats, all(stats), 'hits'), requests).toFixed(3)} | ${(1000 * ratio(origin, requests)).toFixed(0)} | ${(requests / seconds).toFixed(0)} | ${pct(ms, 0.5).toFixed(1)} | ${pct(ms, 0.99).toFixed(1)} | ${sum(stats, all(stats), 'failed')} |`;
}

function perClass(stats: TrafficStats): string {
  const failures = (s: { failures: Record<number, number> }) => Object.entries(s.failures).map(([status, n]) => ` (${n} × ${status === '0' ? 'no answer' : status})`).join('');
  const rows = [...stats].sort(([a], [b]) => a.localeCompare(b)).map(([cls, s]) => `| ${cls} | ${s.requests} | ${ratio(s.hits, s.requests).toFixed(3)} | ${s.misses} | ${s.passes} | ${s.failed}${failures(s)} |`);
  return ['| class | requests | hit ratio | misses | passes | failed |', '|---|---:|---:|---:|---:|---:|', ...rows].join('\n');
}

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const value = await run();
  return [value, (performance.now() - t0) / 1000];
}

/**
 * The whole stack (Varnish with the shipped VCL, haproxy, two instances, Redis) under a
 * realistic mix at TEMPLATES templates: the cold edge (warm-up), the warm edge, the same mix
 * straight to haproxy as the baseline, and PUBLISHES one-template edits published under load
 * with `npm run build`, each timed from the switch of the build link to the edited page fresh
 * at the edge.
 */
export async function runCdnSuite(): Promise<string> {
  const root = '/tmp/bench-cdn';
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root);
  const catalog = join(root, 'catalog');
  cpSync(ensureSyntheticCatalog(TEMPLATES), catalog, { recursive: true });
  const distDir = join(root, 'dist');
  await publish(catalog, distDir);
  const site = readSite(resolveBuild(distDir).dir);
  const stack = await startStack({ distDir, ports: { edge: 0, lb: 0, apps: [0, 0], redis: 0 }, env: UNLIMITED, spawn: { requestLines: false } });
  try {
    const prng = createPrng(17);
    const next = createTrafficMix(site, prng);
    const [cold, coldS] = await timed(() => runTraffic(stack.edgeUrl, next, { lanes: LANES, count: WARMUP }));
    const [warm, warmS] = await timed(() => runTraffic(stack.edgeUrl, next, { lanes: LANES, count: MEASURED }));
    const crawl = listCrawl(site);
    await runTraffic(stack.edgeUrl, () => crawl.pop()!, { lanes: LANES, count: crawl.length });
    await sleep(1000);
    const before = stack.readVarnishCounters();
    const [steady, steadyS] = await timed(() => runTraffic(stack.edgeUrl, next, { lanes: LANES, count: MEASURED }));
    await sleep(1000);
    const after = stack.readVarnishCounters();
    const fetched = (after['MAIN.backend_req'] ?? 0) - (before['MAIN.backend_req'] ?? 0);
    const [direct, directS] = await timed(() => runTraffic(stack.lbUrl, next, { lanes: LANES, count: BASELINE }));

    let stop = false;
    const during = runTraffic(stack.edgeUrl, next, { lanes: LANES, stop: () => stop });
    const fresh: string[] = [];
    const t0 = performance.now();
    await sleep(2000);
    for (let k = 0; k < PUBLISHES; k++) {
      const t = site.templates[k]!; // the most popular templates: cached at the edge for sure
      const title = `${t.title} Edited${k}`;
      editTemplate(catalog, t, title);
      const started = Date.now();
      const run = await publish(catalog, distDir); // ends with the switch of the link
      const publishedAt = started + Math.round(run.seconds * 1000); // the process's exit, before runPublish counted the files
      const id = run.changes.build;
      const freshMs = Date.now() - publishedAt + (await timeToFresh(stack, `/templates/${t.slug}`, title));
      const steps = await Promise.all(stack.apps.map(async (app) => {
        const purged = await app.waitForLog((e) => e.msg === 'cdn purged' && e.build === id);
        const live = app.logs.find((e) => e.msg === 'build live' && e.build === id)!;
        const at = (e: Record<string, unknown>) => Date.parse(String(e.time)) - publishedAt;
        return `live ${at(live)} ms (load ${String(live.loadMs)} ms), purged ${at(purged)} ms (purge ${String(purged.ms)} ms)`;
      }));
      fresh.push(`${freshMs.toFixed(0)} ms after a ${run.seconds.toFixed(1)} s publish (instances: ${steps.join('; ')})`);
      await sleep(2000);
    }
    stop = true;
    const publishing = await during;
    const publishingS = (performance.now() - t0) / 1000;

    const head = '| phase | requests | edge hit ratio, pages + static JSON | hit ratio, all | origin requests per 1,000 | req/s | p50 ms | p99 ms | failed |';
    return [
      `${TEMPLATES} templates (synthetic), ${LANES} connections, one request at a time each; Varnish 7.1 with deploy/varnish/catalog.vcl, haproxy 2.6 with deploy/haproxy/haproxy.cfg, two instances, Redis; all on loopback, this machine's 2 cores shared by every process.`,
      'Mix: template pages 35 %, Markdown twins 7 %, template JSON 18 %, home/categories 8 %, published files 4 %, hashed assets 8 %, list 8 %, /search 7 %, MCP 5 % (Zipf popularity over templates, categories and a pool of 300 queries; br 70 %, gzip 25 %, identity 5 %).',
      '',
      head,
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
      describe(cold, `cold edge (first ${WARMUP})`, coldS),
      describe(warm, `warm edge (the next ${MEASURED})`, warmS),
      describe(steady, 'steady edge (after a crawl of every page and JSON in every coding)', steadyS),
      describe(direct, 'baseline: the same mix straight to haproxy', directS),
      describe(publishing, `steady edge across ${PUBLISHES} publishes`, publishingS),
      '',
      `Varnish's own count over the steady phase (MAIN.backend_req, refetches of stale list answers included): ${fetched} backend requests, ${((1000 * fetched) / MEASURED).toFixed(0)} per 1,000.`,
      '',
      `Each publish is \`npm run build\` of a one-template edit, under the load above. Time from the end of the publish (the switch of the build link) to the edited page fresh at the edge (both instances switch, then purge by xkey from the publish's change list), with each instance's steps from the same moment:\n\n${fresh.map((f, i) => `${i + 1}. ${f}`).join('\n')}`,
      '',
      `Warm edge per class (after ${WARMUP} requests):`,
      '',
      perClass(warm),
      '',
      'Steady edge per class:',
      '',
      perClass(steady),
      '',
      'Across the publishes, per class:',
      '',
      perClass(publishing),
    ].join('\n');
  } finally {
    await stack.stop();
    rmSync(root, { recursive: true, force: true });
  }
}
