import { Agent, request } from 'node:http';
import type { Prng } from '../lib/prng.ts';

/** What a request of the mix is, for the report. */
export type TrafficClass = 'page' | 'twin' | 'record' | 'home/category' | 'file' | 'asset' | 'list' | 'search' | 'mcp';
/** Classes a CDN is meant to answer from its cache (the goal's "pages and static JSON"). */
export const EDGE_CLASSES: readonly TrafficClass[] = ['page', 'twin', 'record', 'home/category', 'file'];

export interface TrafficRequest {
  cls: TrafficClass;
  path: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

export interface TrafficSite {
  templates: { id: string; slug: string; title: string; category: string }[];
  categories: string[];
  assets: string[];
}

/** Rank r (0-based) of n with Zipf exponent 1: popular items first, a long tail. */
function createZipf(n: number, prng: Prng): () => number {
  const cumulative: number[] = [];
  let total = 0;
  for (let r = 1; r <= n; r++) cumulative.push((total += 1 / r));
  return () => {
    const x = prng.next() * total;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };
const FILES = ['/openapi.json', '/llms.txt', '/sitemap.xml', '/docs', '/robots.txt', '/.well-known/api-catalog'];

/**
 * The mix a catalog CDN sees: template pages and JSON by Zipf popularity, Markdown twins for
 * agents, the home and category pages, published files, hashed assets, list and search
 * answers from a pool of queries with repeats (Zipf too), and some MCP calls. Codings as
 * browsers and agents send them: mostly br, some gzip, a few none.
 */
export function createTrafficMix(site: TrafficSite, prng: Prng): () => TrafficRequest {
  const template = createZipf(site.templates.length, prng);
  const category = createZipf(site.categories.length, prng);
  const words = [...new Set(site.templates.flatMap((t) => t.title.toLowerCase().split(/\W+/)).filter((w) => w.length > 3))].sort();
  const queries = Array.from({ length: 300 }, (_, i) => (i % 3 === 2 ? `${words[prng.int(words.length)]} ${words[prng.int(words.length)]}` : words[prng.int(words.length)]!));
  const query = createZipf(queries.length, prng);
  const coding = () => { const x = prng.next(); return x < 0.7 ? 'br, gzip' : x < 0.95 ? 'gzip' : 'identity'; };
  return () => {
    const x = prng.next();
    const headers: Record<string, string> = { 'accept-encoding': coding() };
    const t = site.templates[template()]!;
    const q = encodeURIComponent(queries[query()]!);
    if (x < 0.35) return { cls: 'page', path: `/templates/${t.slug}`, method: 'GET', headers: { ...headers, accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } };
    if (x < 0.42) return { cls: 'twin', path: `/templates/${t.slug}`, method: 'GET', headers: { ...headers, accept: 'text/markdown' } };
    if (x < 0.6) return { cls: 'record', path: `/api/v1/templates/${prng.chance(0.7) ? t.id : t.slug}`, method: 'GET', headers };
    if (x < 0.68) return { cls: 'home/category', path: prng.chance(0.5) ? '/' : `/categories/${site.categories[category()]}`, method: 'GET', headers };
    if (x < 0.72) return { cls: 'file', path: FILES[prng.int(FILES.length)]!, method: 'GET', headers };
    if (x < 0.8) return { cls: 'asset', path: site.assets[prng.int(site.assets.length)]!, method: 'GET', headers };
    if (x < 0.88) return { cls: 'list', path: `/api/v1/templates?q=${q}&limit=10`, method: 'GET', headers };
    if (x < 0.95) return { cls: 'search', path: `/search?q=${q}`, method: 'GET', headers: { ...headers, accept: 'text/html' } };
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_templates', arguments: { query: decodeURIComponent(q), limit: 5 } } });
    return { cls: 'mcp', path: '/api/mcp', method: 'POST', headers: { ...headers, ...MCP_HEADERS }, body };
  };
}

/**
 * Every cacheable edge address once per coding (and the Markdown twin of each page): what an
 * edge holds once crawlers and a day of visitors have passed, for the steady-state figures.
 */
export function listCrawl(site: TrafficSite): TrafficRequest[] {
  const gets: { cls: TrafficClass; path: string; accept?: string }[] = [
    ...site.templates.flatMap((t) => [
      { cls: 'page' as const, path: `/templates/${t.slug}`, accept: 'text/html' },
      { cls: 'twin' as const, path: `/templates/${t.slug}`, accept: 'text/markdown' },
      { cls: 'record' as const, path: `/api/v1/templates/${t.id}` },
      { cls: 'record' as const, path: `/api/v1/templates/${t.slug}` },
    ]),
    { cls: 'home/category', path: '/', accept: 'text/html' },
    ...site.categories.map((c) => ({ cls: 'home/category' as const, path: `/categories/${c}`, accept: 'text/html' })),
    ...FILES.map((path) => ({ cls: 'file' as const, path, accept: 'text/html' })),
  ];
  return ['br, gzip', 'gzip', 'identity'].flatMap((coding) =>
    gets.map(({ cls, path, accept }) => ({ cls, path, method: 'GET' as const, headers: { 'accept-encoding': coding, ...(accept ? { accept } : {}) } })),
  );
}

/** Counts of one class: answers by X-Cache, failures, latencies. */
export interface ClassStats {
  requests: number;
  hits: number;
  misses: number;
  passes: number;
  failed: number;
  /** Failures by status (0: no answer). */
  failures: Record<number, number>;
  ms: number[];
}

export type TrafficStats = Map<TrafficClass, ClassStats>;

function send(agent: Agent, base: string, r: TrafficRequest): Promise<{ status: number; cache: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(base + r.path, { method: r.method, headers: r.headers, agent }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve({ status: res.statusCode ?? 0, cache: String(res.headers['x-cache'] ?? ''), ms: performance.now() - started }));
      res.on('error', () => resolve({ status: 0, cache: '', ms: performance.now() - started }));
    });
    req.on('error', () => resolve({ status: 0, cache: '', ms: performance.now() - started }));
    req.end(r.body);
  });
}

/**
 * Sends `count` requests of the mix (or until `stop()` says so) over `lanes` keep-alive
 * connections, one request at a time each (bounded load), and counts them per class.
 */
export async function runTraffic(base: string, next: () => TrafficRequest, opts: { lanes: number; count?: number; stop?: () => boolean }): Promise<TrafficStats> {
  const agent = new Agent({ keepAlive: true, maxSockets: opts.lanes });
  const stats: TrafficStats = new Map();
  let sent = 0;
  const lane = async () => {
    while ((opts.count === undefined || sent < opts.count) && !opts.stop?.()) {
      sent++;
      const r = next();
      const answer = await send(agent, base, r);
      let s = stats.get(r.cls);
      if (!s) stats.set(r.cls, (s = { requests: 0, hits: 0, misses: 0, passes: 0, failed: 0, failures: {}, ms: [] }));
      s.requests++;
      s.ms.push(answer.ms);
      if (answer.status !== 200) {
        s.failed++;
        s.failures[answer.status] = (s.failures[answer.status] ?? 0) + 1;
      }
      if (answer.cache === 'hit') s.hits++;
      else if (answer.cache === 'miss') s.misses++;
      else if (answer.cache === 'pass') s.passes++;
    }
  };
  await Promise.all(Array.from({ length: opts.lanes }, lane));
  agent.destroy();
  return stats;
}
