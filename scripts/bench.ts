/**
 * Benchmarks, bounded and on loopback only.
 * Usage: npm run bench [-- http|mcp|heap|plumbing|build|publish|ops|soak|scale|scale100k|search|cdn|edge|worst|hostile|memory|ab|all]  (ab: the origin against BENCH_BASE_REF, default dfb8745)  (mcp: the MCP rows of http alone)  (default: http and heap)
 * Prints Markdown for BENCHMARKS.md.
 */
import { runBuildSuite } from './bench/suites/build.ts';
import { runCdnSuite } from './bench/suites/cdn.ts';
import { runEdgeSuite } from './bench/suites/edge.ts';
import { runHeapSuite } from './bench/suites/heap.ts';
import { runHttpSuite } from './bench/suites/http.ts';
import { runMcpSuite } from './bench/suites/mcp.ts';
import { runPlumbingSuite } from './bench/suites/plumbing.ts';
import { runPublishSuite } from './bench/suites/publish.ts';
import { runOpsSuite } from './bench/suites/ops.ts';
import { runScaleSuite } from './bench/suites/scale.ts';
import { runScale100kSuite } from './bench/suites/scale100k.ts';
import { runSearchSuite } from './bench/suites/search.ts';
import { runSoakSuite } from './bench/suites/soak.ts';
import { runWorstSuite } from './bench/suites/worst.ts';
import { runHostileSuite } from './bench/suites/hostile.ts';
import { runMemorySuite } from './bench/suites/memory.ts';
import { runOriginAbSuite } from './bench/suites/origin-ab.ts';
import { deleteSetAside } from './bench/set-aside.ts';

// With no argument: http and heap. publish (full and incremental publishes at 10,000 and 50,000 templates), ops (reload,
// logs and metrics), soak (60 s), scale (builds up to 50,000 templates), search (relevance, index and in-process q/s
// against peers) cdn (the whole stack behind Varnish) and edge
// (the static and function shapes) run by name or with `all`.
const suites: Record<string, () => Promise<string>> = { http: runHttpSuite, mcp: runMcpSuite, heap: runHeapSuite, plumbing: runPlumbingSuite, build: runBuildSuite, publish: runPublishSuite, ops: runOpsSuite, soak: runSoakSuite, scale: runScaleSuite, scale100k: runScale100kSuite, search: runSearchSuite, cdn: runCdnSuite, edge: runEdgeSuite, worst: runWorstSuite, hostile: runHostileSuite, memory: runMemorySuite, ab: runOriginAbSuite };
const DEFAULT = ['http', 'heap'];
const wanted = process.argv[2];
const names = wanted === undefined ? DEFAULT : wanted === 'all' ? Object.keys(suites) : [wanted];
for (const name of names) {
  const suite = suites[name];
  if (!suite) {
    console.error(`unknown suite "${name}"; choose one of: ${Object.keys(suites).join(', ')}, all`);
    process.exit(2);
  }
  console.log(`## ${name}\n\n${await suite()}\n`);
}
deleteSetAside();
