/**
 * Benchmarks, bounded and on loopback only. Usage: npm run bench [-- http|build|all]
 * Prints Markdown for BENCHMARKS.md.
 */
import { runBuildSuite } from './bench/suites/build.ts';
import { runHttpSuite } from './bench/suites/http.ts';

const suites: Record<string, () => Promise<string>> = { http: runHttpSuite, build: runBuildSuite };
const wanted = process.argv[2] ?? 'http';
const names = wanted === 'all' ? Object.keys(suites) : [wanted];
for (const name of names) {
  const suite = suites[name];
  if (!suite) {
    console.error(`unknown suite "${name}"; choose one of: ${Object.keys(suites).join(', ')}, all`);
    process.exit(2);
  }
  console.log(`## ${name}\n\n${await suite()}\n`);
}
