/**
 * Child of scripts/bench/index-steps.ts --fresh: every step once, in order, in this fresh
 * process (compiled code and heap as a publish has them), for one tree. Usage:
 *   node --expose-gc scripts/bench/index-once.ts TREE CATALOG_DIR
 * Prints one JSON line: per step, its wall and CPU ms and the digest of what it made.
 */
import { loadTree, readInput, STEPS, type Made } from './index-tree.ts';

const [tree, catalogDir] = process.argv.slice(2);
const t = await loadTree(tree!);
const input = readInput(catalogDir!);
const made = { fresh: input.unsorted } as Made;
const out: Record<string, { wall: number; cpu: number; key: string }> = {};
for (const [name, run, key] of STEPS) {
  (globalThis as { gc?: () => void }).gc?.();
  const [start, used] = [performance.now(), process.cpuUsage()];
  const result = run(t, input, made);
  const spent = process.cpuUsage(used);
  out[name] = { wall: performance.now() - start, cpu: (spent.user + spent.system) / 1000, key: key(result, t) };
  if (name === 'sort newest first') made.sorted = result as Made['sorted'];
  if (name === 'buildSearchIndex') [made.index, made.pairs] = [result, t.collectTopicalPairs(result, made.sorted, input.filterWords)];
}
console.log(JSON.stringify(out));
