/**
 * Benchmarks, bounded and on loopback only.
 * Usage: npm run bench [-- http|heap|build|ops|soak|scale|all]  (default: http and heap)
 * Prints Markdown for BENCHMARKS.md.
 */
import { runBuildSuite } from './bench/suites/build.ts';
import { runHeapSuite } from './bench/suites/heap.ts';
import { runHttpSuite } from './bench/suites/http.ts';
import { runOpsSuite } from './bench/suites/ops.ts';
import { runScaleSuite } from './bench/suites/scale.ts';
import { runSoakSuite } from './bench/suites/soak.ts';

// With no argument: http and heap. soak (60 s) and scale (builds up to 50,000 templates) run by name or with `all`.
const suites: Record<string, () => Promise<string>> = { http: runHttpSuite, heap: runHeapSuite, build: runBuildSuite, ops: runOpsSuite, soak: runSoakSuite, scale: runScaleSuite };
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
