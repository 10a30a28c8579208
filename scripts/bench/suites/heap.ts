import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnServer } from '../../lib/spawn-server.ts';
import { ensureBuild } from '../builds.ts';
import { HeapProbe, readRss } from '../inspector.ts';
import { runLoad } from '../load.ts';
import { buildQueryPool } from '../queries.ts';
import { readBuiltCatalog } from '../built-catalog.ts';

const mb = (b: number) => (b / 1024 / 1024).toFixed(1);

/** Heap after GC sampled every 10,000 requests over a 50,000-request mixed run. */
export async function runHeapSuite(): Promise<string> {
  const dist = 'dist-bench';
  ensureBuild('templates', dist);
  const server = await spawnServer(
    { DIST_DIR: dist, REST_RATE_LIMIT: '1000000000', MCP_RATE_LIMIT: '1000000000', LOG_LEVEL: 'silent' },
    ['--inspect=127.0.0.1:0'],
  );
  const wsUrl = /ws:\/\/\S+/.exec(server.stderr())?.[0];
  if (!wsUrl) throw new Error('the server did not print its inspector address');
  const probe = await HeapProbe.connect(wsUrl);
  const ids = readBuiltCatalog(dist).templates;
  const queries = buildQueryPool(50_000);
  let i = 0;
  // Mixed and mostly distinct, so caches fill to their bounds and any leak shows.
  const next = () => {
    const n = i++;
    const t = ids[n % ids.length]!;
    switch (n % 4) {
      case 0: return `/api/v1/templates?q=${encodeURIComponent(queries[n % queries.length]!)}&limit=10&offset=${n % 7}`;
      case 1: return `/api/v1/templates/${t.id}`;
      case 2: return `/templates/${t.slug}`;
      default: return `/api/v1/studio-link?template=${t.slug}&site=site${n}.example.com`;
    }
  };
  const samples: string[] = [];
  try {
    samples.push(`| 0 | ${mb(await probe.heapAfterGc())} | ${mb(readRss(server.pid))} |`);
    for (let done = 10_000; done <= 50_000; done += 10_000) {
      const r = await runLoad(server.url, { path: next() }, { seconds: 0, connections: 8, amount: 10_000, next });
      if (r.errors || r.non2xx) throw new Error(`${r.errors} errors and ${r.non2xx} non-2xx answers during the heap run`);
      samples.push(`| ${done.toLocaleString('en')} | ${mb(await probe.heapAfterGc())} | ${mb(readRss(server.pid))} |`);
    }
  } finally {
    probe.close();
    await server.stop();
  }
  return ['Heap after a forced GC (V8 inspector) and RSS, mixed traffic (search with distinct queries, get-one, pages, studio-link), 8 connections.', '', '| requests | heap after GC MB | RSS MB |', '|---|---|---|', ...samples].join('\n');
}
