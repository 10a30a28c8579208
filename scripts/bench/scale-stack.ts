import { loadavg } from 'node:os';
import { createPrng } from '../lib/prng.ts';
import { startStack } from '../lib/stack.ts';
import { createTrafficMix, EDGE_CLASSES, listCrawl, runTraffic, type TrafficClass, type TrafficRequest, type TrafficStats } from './cdn-traffic.ts';
import { readScaleSite } from './scale-answers.ts';

const WARMUP = Number(process.env.BENCH_SCALE_WARMUP ?? 20_000);
const MEASURED = Number(process.env.BENCH_SCALE_REQUESTS ?? 30_000);
const LANES = 16;
/** Varnish's memory: enough for every crawled answer at 100,000 templates, so nothing is evicted. */
const STORAGE = process.env.BENCH_SCALE_VARNISH ?? '8g';
const UNLIMITED = { REST_RATE_LIMIT: '1000000000', MCP_RATE_LIMIT: '1000000000', LOG_LEVEL: 'warn' };
/** A request's class when its address (with the codings and type it asks for) was not asked before: a miss no cache avoids. */
const FIRST = ' (first ask)';
const load = () => loadavg()[0]!.toFixed(1);
/** What a cache tells apart: the path, the coding, and page or twin (Varnish folds every other Accept into these). */
const keyOf = (r: TrafficRequest) => `${r.method} ${r.path} ${r.cls === 'twin' ? 'md' : ''} ${r.headers['accept-encoding'] ?? ''}`;

/** Requests, hits and failures of the classes `keep` accepts. */
function tally(stats: TrafficStats, keep: (cls: string) => boolean): { requests: number; hits: number; failed: number } {
  const got = { requests: 0, hits: 0, failed: 0 };
  for (const [cls, s] of stats) if (keep(cls)) (got.requests += s.requests), (got.hits += s.hits), (got.failed += s.failed);
  return got;
}
const base = (cls: string) => cls.replace(FIRST, '') as TrafficClass;
const ratio = (a: number, b: number) => (b ? a / b : 0).toFixed(3);

/** Per class: requests, hit ratio, and how many asked an address for the first time. */
function perClass(stats: TrafficStats): string {
  const classes = [...new Set([...stats.keys()].map(base))].sort();
  const rows = classes.map((cls) => {
    const all = tally(stats, (c) => base(c) === cls);
    const first = stats.get(`${cls}${FIRST}` as TrafficClass)?.requests ?? 0;
    return `| ${cls} | ${all.requests} | ${ratio(all.hits, all.requests)} | ${first} | ${all.failed} |`;
  });
  return ['| class | requests | hit ratio | first asks of an address | failed |', '|---|---:|---:|---:|---:|', ...rows].join('\n');
}

/**
 * The stack (scripts/lib/stack.ts: Varnish with the shipped VCL, haproxy, two instances, Redis)
 * over the scale build, under the cdn suite's mix (Zipf popularity over every template, so
 * the tail is asked too). Warm-up is what an edge has seen once crawlers have passed: every
 * cacheable address once per coding (cdn-traffic.ts `listCrawl`, as the cdn suite's steady
 * state), then WARMUP requests of the mix; then MEASURED more. The hit ratio after warm-up is
 * the cdn suite's (X-Cache over pages and static JSON), Varnish's own count beside it, and the
 * same ratio over the requests whose address was asked before (what a cache can hit at all).
 */
export async function measureScaleStack(dist: string, count: number): Promise<{ row: string; detail: string }> {
  const site = readScaleSite(dist);
  const stack = await startStack({ distDir: dist, ports: { edge: 0, lb: 0, apps: [0, 0], redis: 0 }, env: UNLIMITED, spawn: { requestLines: false }, varnishStorage: STORAGE });
  try {
    const mix = createTrafficMix(site, createPrng(17));
    const seen = new Set<string>();
    const next = (): TrafficRequest => {
      const r = mix();
      const key = keyOf(r);
      if (seen.has(key)) return r;
      seen.add(key);
      return { ...r, cls: `${r.cls}${FIRST}` as TrafficClass };
    };
    const loadBefore = load();
    const crawl = listCrawl(site);
    const crawled = crawl.length;
    for (const r of crawl) seen.add(keyOf(r));
    const t0 = performance.now();
    const crawlStats = await runTraffic(stack.edgeUrl, () => crawl.pop()!, { lanes: LANES, count: crawled });
    const crawlSeconds = (performance.now() - t0) / 1000;
    await runTraffic(stack.edgeUrl, next, { lanes: LANES, count: WARMUP });
    const before = stack.readVarnishCounters();
    const t1 = performance.now();
    const warm = await runTraffic(stack.edgeUrl, next, { lanes: LANES, count: MEASURED });
    const seconds = (performance.now() - t1) / 1000;
    const after = stack.readVarnishCounters();
    const delta = (name: string) => (after[name] ?? 0) - (before[name] ?? 0);
    const edge = tally(warm, (c) => EDGE_CLASSES.includes(base(c)));
    const again = tally(warm, (c) => EDGE_CLASSES.includes(base(c)) && !c.endsWith(FIRST));
    const allOf = tally(warm, () => true);
    const crawlFailed = [...crawlStats].flatMap(([cls, st]) => Object.entries(st.failures).map(([status, k]) => `${k} ${cls} ${status}`)).join(', ') || '0';
    const n = count.toLocaleString('en');
    return {
      row: `| the stack through Varnish, ${n} templates: warm-up of a crawl, every page, twin, record and file once per coding (${crawled.toLocaleString('en')} requests, ${crawlSeconds.toFixed(0)} s; failed: ${crawlFailed}), and ${WARMUP.toLocaleString('en')} requests of the cdn mix (${((t1 - t0) / 1000 - crawlSeconds).toFixed(0)} s; load ${loadBefore}); then ${MEASURED.toLocaleString('en')} | hit ratio after warm-up, pages + static JSON (X-Cache): **${ratio(edge.hits, edge.requests)}**; of addresses asked before: **${ratio(again.hits, again.requests)}**; all requests ${ratio(allOf.hits, allOf.requests)}; Varnish's count (cache_hit ÷ hit + miss) ${ratio(delta('MAIN.cache_hit'), delta('MAIN.cache_hit') + delta('MAIN.cache_miss'))}, ${delta('MAIN.n_lru_nuked')} objects evicted (${after['MAIN.n_object'] ?? 0} held, ${((after['SMA.s0.g_bytes'] ?? 0) / 2 ** 20).toFixed(0)} MB of ${STORAGE}); ${(MEASURED / seconds).toFixed(0)} req/s, ${allOf.failed} failed; load ${load()} | ≥ 0.99 |`,
      detail: perClass(warm),
    };
  } finally {
    await stack.stop();
  }
}
