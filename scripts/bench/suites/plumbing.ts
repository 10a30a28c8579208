/**
 * Our plumbing against the well-kept library for the same job, in one process and one run:
 * the LRU of replies and files (src/core/lru-cache.ts, now a thin class over `lru-cache`; the
 * Map-based LRU it replaced measured 401 ns against the library's 364 ns) and the client
 * address behind proxies (src/server/http/client-ip.ts vs `proxy-addr`), and the route matcher
 * (src/contracts/routes/match-route.ts vs find-my-way over the same table). Realistic inputs:
 * list-query keys reused with a skew (most traffic on few keys); X-Forwarded-For with 3 hops;
 * request paths in the mix a CDN sends to an origin (pages, twins, JSON, assets, API, misses).
 */
import type { IncomingMessage } from 'node:http';
import { toWebRequest } from '@modelcontextprotocol/node';
import { LRUCache } from 'lru-cache';
import proxyaddr from 'proxy-addr';
import { LruCache } from '../../../src/core/lru-cache.ts';
import { createClientIpReader, getClientIp } from '../../../src/server/http/client-ip.ts';
import { toSdkRequest } from '../../../src/http/mcp/mcp-request.ts';
import { createRouteMatcher } from '../../../src/contracts/routes/match-route.ts';
import { ROUTE_LIST } from '../../../src/contracts/routes/route-table.ts';
import { createFindMyWayMatcher } from '../route-peers.ts';

const ROUNDS = 400_000;

function time(run: () => void): number {
  for (let i = 0; i < ROUNDS / 10; i++) run(); // warm-up
  const start = process.hrtime.bigint();
  for (let i = 0; i < ROUNDS; i++) run();
  return Number(process.hrtime.bigint() - start) / ROUNDS; // ns per call
}

function benchLru(): [string, number, number] {
  const keys = Array.from({ length: 2000 }, (_, i) => `q=word${i}\n\n\n\n24\n${i % 7}`);
  const pick = () => keys[Math.floor(keys.length * Math.random() ** 3)]!; // most traffic on few keys
  const entry = { size: 2048 };
  const ours = new LruCache<typeof entry>(1000, 32 * 1024 * 1024);
  const lib = new LRUCache<string, typeof entry>({ max: 1000, maxSize: 32 * 1024 * 1024, sizeCalculation: (v) => v.size });
  const oursNs = time(() => {
    const k = pick();
    if (!ours.get(k)) ours.set(k, entry);
  });
  const libNs = time(() => {
    const k = pick();
    if (!lib.get(k)) lib.set(k, entry);
  });
  return ['LRU get-or-set (1,000 entries, skewed keys): LruCache vs lru-cache direct', oursNs, libNs];
}

function benchClientIp(): [string, number, number] {
  const req = { socket: { remoteAddress: '10.0.0.2' }, headers: { 'x-forwarded-for': '203.0.113.9, 198.51.100.7, 10.0.0.1' } } as unknown as IncomingMessage;
  const trust = (_addr: string, i: number) => i < 2;
  return ['client address, TRUST_PROXY=2, 3 hops', time(() => getClientIp(req, 2)), time(() => proxyaddr(req, trust))];
}

/** TRUST_PROXY naming the proxies: proxy-addr's compiled rule, remembered per client by our reader. */
function benchClientIpByAddress(): [string, number, number][] {
  const trusted = ['10.0.0.0/8', '198.51.100.0/24'];
  const compiled = proxyaddr.compile(trusted);
  const request = (client: string) => ({ socket: { remoteAddress: '10.0.0.2' }, headers: { 'x-forwarded-for': `${client}, 198.51.100.7, 10.0.0.1` } }) as unknown as IncomingMessage;
  const returning = request('203.0.113.9');
  const read = createClientIpReader(trusted);
  // 200,000 distinct clients against a memo of 10,000: every call a new client.
  const fresh = Array.from({ length: 200_000 }, (_, i) => request(`203.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`));
  let i = 0;
  const readFresh = createClientIpReader(trusted);
  return [
    ['client address, TRUST_PROXY=10.0.0.0/8, 198.51.100.0/24, a returning client', time(() => read(returning)), time(() => proxyaddr(returning, compiled))],
    ['client address, TRUST_PROXY=10.0.0.0/8, 198.51.100.0/24, a new client each call', time(() => readFresh(fresh[i++ % fresh.length]!)), time(() => proxyaddr(fresh[i++ % fresh.length]!, compiled))],
  ];
}

function benchRoutes(): [string, number, number] {
  const slugs = Array.from({ length: 500 }, (_, i) => `launch-template-${i}`);
  const kinds = [
    (s: string) => `/templates/${s}`,
    (s: string) => `/templates/${s}.md`,
    (s: string) => `/api/v1/templates/${s}`,
    () => '/api/v1/templates',
    () => '/',
    () => '/_astro/BaseLayout.Cx8f2a1b.css',
    (s: string) => `/posters/${s}.svg`,
    () => '/api/mcp',
    () => '/api/v1/studio-link',
    () => '/openapi.json',
    (s: string) => `/categories/${s.slice(0, 8)}`,
    (s: string) => `/no/such/${s}`,
  ];
  const paths = Array.from({ length: 4096 }, (_, i) => kinds[i % kinds.length]!(slugs[Math.floor(slugs.length * Math.random() ** 2)]!));
  const ours = createRouteMatcher(ROUTE_LIST);
  const peer = createFindMyWayMatcher(ROUTE_LIST);
  for (const path of paths) {
    const [a, b] = [ours(path), peer(path)];
    if (a.route !== b.route || a.param !== b.param) throw new Error(`the matchers disagree on ${path}: ${a.route.pattern} vs ${b.route.pattern}`);
  }
  let i = 0;
  const oursNs = time(() => ours(paths[i++ & 4095]!));
  const peerNs = time(() => peer(paths[i++ & 4095]!));
  return ['route match (the route table, a CDN-origin path mix): createRouteMatcher vs find-my-way', oursNs, peerNs];
}

/** Async calls, one at a time: ns per call. */
async function timeAsync(run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < ROUNDS / 40; i++) await run();
  const start = process.hrtime.bigint();
  for (let i = 0; i < ROUNDS / 4; i++) await run();
  return Number(process.hrtime.bigint() - start) / (ROUNDS / 4);
}

async function benchSdkRequest(): Promise<[string, number, number]> {
  const body = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_templates', arguments: { query: 'launch', limit: 10 } } };
  const headers = { host: '127.0.0.1:4321', 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'content-length': '140', 'user-agent': 'node', 'mcp-protocol-version': '2025-11-25', connection: 'keep-alive', 'accept-encoding': 'gzip, deflate' };
  const req = { method: 'POST', url: '/api/mcp', headers } as unknown as IncomingMessage;
  const ours = await timeAsync(async () => toSdkRequest(req.method ?? 'POST', (name) => req.headers[name] as string | undefined));
  const sdk = await timeAsync(() => toWebRequest(req, body));
  return ['an MCP POST as the SDK handler\'s Request (body already parsed): toSdkRequest vs @modelcontextprotocol/node toWebRequest', ours, sdk];
}

/** A Markdown table: ns per call of ours and of the library, and their ratio. */
export async function runPlumbingSuite(): Promise<string> {
  const rows = [benchLru(), benchClientIp(), ...benchClientIpByAddress(), benchRoutes(), await benchSdkRequest()].map(([what, ours, lib]) => `| ${what} | ${ours.toFixed(0)} | ${lib.toFixed(0)} | ${(lib / ours).toFixed(2)} |`);
  return ['| job | ours (ns/call) | library (ns/call) | library / ours |', '|---|---:|---:|---:|', ...rows].join('\n');
}
