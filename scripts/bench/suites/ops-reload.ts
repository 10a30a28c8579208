import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { locateBuildsDir, publishBuild } from '../../../src/publish/build-layout.ts';
import { spawnServer } from '../../lib/spawn-server.ts';
import { ensureBuild, ensureSyntheticCatalog } from '../builds.ts';
import { readRss } from '../inspector.ts';
import { runMixedLoad, type MixedSpec } from '../load.ts';
import { readBuiltCatalog } from '../built-catalog.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
/** Templates in the reload scenario; 10,000 for the figures, fewer for a smoke run. */
const RELOAD_TEMPLATES = Number(process.env.BENCH_RELOAD_TEMPLATES ?? 10_000);
const CONNECTIONS = 8;
const UNLIMITED = { REST_RATE_LIMIT: '1000000000', MCP_RATE_LIMIT: '1000000000' };
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };
const mb = (b: number) => (b / 1024 / 1024).toFixed(0);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A build folder in the `npm run build` layout made of hard links to `source` (same bytes, new folder). */
function linkBuild(distDir: string, source: string, id: string): string {
  const dir = join(locateBuildsDir(distDir), id);
  mkdirSync(locateBuildsDir(distDir), { recursive: true });
  execFileSync('cp', ['-al', source, dir]);
  return dir;
}

interface Switch {
  ms: number;
  loadMs: number;
  rssPeak: number;
}

/**
 * Steady mixed traffic (REST get-one and search, a page, MCP) at RELOAD_TEMPLATES templates
 * while two new builds are published; each switch timed from publish to the server's
 * `build live` line, RSS sampled every 50 ms.
 */
export async function measureReloadUnderLoad(): Promise<string> {
  const source = `dist-bench-${RELOAD_TEMPLATES === 10_000 ? '10k' : `reload-${RELOAD_TEMPLATES}`}`;
  ensureBuild(ensureSyntheticCatalog(RELOAD_TEMPLATES), source);
  const root = '/tmp/bench-ops-reload';
  rmSync(root, { recursive: true, force: true });
  const distDir = join(root, 'dist');
  publishBuild(distDir, linkBuild(distDir, source, 'build-a'));
  const catalog = readBuiltCatalog(source);
  const t = catalog.templates[Math.floor(catalog.templates.length / 2)]!;
  const specs: MixedSpec[] = [
    { path: `/api/v1/templates/${t.id}` },
    { path: '/api/v1/templates?q=launch&limit=10' },
    { path: `/templates/${t.slug}`, headers: { 'accept-encoding': 'br' } },
    { path: '/api/mcp', method: 'POST', headers: MCP_HEADERS, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_templates', arguments: { query: 'launch' } } }) },
  ];
  // Made before the load: cp -al of ~65,000 files would stall this process's load generator.
  const next = ['build-b', 'build-c'].map((id) => ({ id, dir: linkBuild(distDir, source, id) }));
  const server = await spawnServer({ ...UNLIMITED, LOG_LEVEL: 'info', METRICS_PORT: '0', DIST_DIR: distDir }, [], { requestLines: false });
  const metricsUrl = String(server.logs.find((l) => l.msg === 'listening')!.metrics);
  const heapUsed = async () => Number(/^nodejs_heap_size_used_bytes (\S+)$/m.exec(await (await fetch(metricsUrl)).text())?.[1]);
  try {
    await runMixedLoad(server.url, specs, { seconds: 2, connections: CONNECTIONS });
    const steady = await runMixedLoad(server.url, specs, { seconds: SECONDS * 2, connections: CONNECTIONS });
    const rssBefore = readRss(server.pid);
    const heapBefore = await heapUsed();
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, readRss(server.pid))), 50);
    const loading = runMixedLoad(server.url, specs, { seconds: SECONDS * 3, connections: CONNECTIONS });
    const switches: Switch[] = [];
    for (const { id, dir } of next) {
      await sleep(SECONDS * 500);
      rssPeak = readRss(server.pid);
      const published = performance.now();
      publishBuild(distDir, dir);
      const live = await server.waitForLog((e) => e.msg === 'build live' && e.build === id);
      switches.push({ ms: performance.now() - published, loadMs: Number(live.loadMs), rssPeak: 0 });
      await sleep(1000);
      switches.at(-1)!.rssPeak = rssPeak;
    }
    const during = await loading;
    clearInterval(sampler);
    await sleep(5000);
    const rssAfter = readRss(server.pid);
    const heapAfter = await heapUsed();
    const released = server.logs.filter((l) => l.msg === 'previous build released').length;
    // Four more reloads, idle (SIGHUP reloads the same build): does RSS grow with each?
    const rssPerReload: number[] = [];
    for (let k = 1; k <= 4; k++) {
      process.kill(server.pid, 'SIGHUP');
      await server.waitForLog(() => server.logs.filter((l) => l.msg === 'previous build released').length >= released + k);
      await sleep(1000);
      rssPerReload.push(readRss(server.pid));
    }
    return [
      `Reload under load: ${RELOAD_TEMPLATES.toLocaleString('en')} templates, ${CONNECTIONS} connections of mixed traffic (get-one, search, template page, MCP search); two builds published ${SECONDS * 0.5} s apart during a ${SECONDS * 3} s run. Switch = publish to the server's \`build live\` line (\`loadMs\`: the server's own load time).`,
      '',
      '| figure | value |',
      '|---|---|',
      `| switch times | ${switches.map((s) => `${s.ms.toFixed(0)} ms (load ${s.loadMs} ms)`).join(', ')} |`,
      `| RSS before | ${mb(rssBefore)} MB |`,
      `| RSS peak during each switch | ${switches.map((s) => `${mb(s.rssPeak)} MB`).join(', ')} |`,
      `| RSS after (5 s after the load) | ${mb(rssAfter)} MB |`,
      `| V8 heap used before, after | ${mb(heapBefore)} MB, ${mb(heapAfter)} MB |`,
      `| previous builds released | ${released} of ${switches.length} |`,
      `| RSS after each of 4 more reloads (idle, SIGHUP) | ${rssPerReload.map((r) => `${mb(r)} MB`).join(', ')} |`,
      `| steady run: req/s, p99 ms | ${steady.rps.toFixed(0)}, ${steady.p99} |`,
      `| run with reloads: req/s, p99 ms | ${during.rps.toFixed(0)}, ${during.p99} |`,
      `| errors + non-2xx (steady, with reloads) | ${steady.errors + steady.non2xx}, ${during.errors + during.non2xx} |`,
    ].join('\n');
  } finally {
    await server.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

