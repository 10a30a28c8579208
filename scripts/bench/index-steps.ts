/**
 * The catalog indexing a publish does, timed in two source trees side by side, with what each
 * step makes compared: sorting newest first, buildSearchIndex, createCatalog as the build and
 * as a server load call it, serializeSearchIndex, and digestTemplate over every template in the
 * two copies of its module a build has. Usage:
 *   mkdir -p /tmp/index-base && git archive <commit> package.json src | tar -x -C /tmp/index-base
 *   ln -s "$PWD/node_modules" /tmp/index-base/node_modules
 *   node scripts/generate-catalog.ts --count 50000 --out /tmp/index-catalog-50000
 *   node --expose-gc --max-old-space-size=12288 scripts/bench/index-steps.ts /tmp/index-base /tmp/index-catalog-50000 [rounds] [--fresh]
 * By default both trees run in this process, alternating step by step (compiled code warm after
 * the first round); --fresh runs every step once per child process (index-once.ts), the trees'
 * children alternating, as a publish runs them. Prints a Markdown table of medians (ms); the
 * machine is shared, so only figures measured side by side compare.
 */
import { execFileSync } from 'node:child_process';
import { loadTree, readInput, STEPS, type Made } from './index-tree.ts';

const args = process.argv.slice(2).filter((a) => a !== '--fresh');
const fresh = process.argv.includes('--fresh');
const [baseDir, catalogDir, roundsArg] = args;
if (!baseDir || !catalogDir) {
  console.error('usage: node --expose-gc scripts/bench/index-steps.ts BASE_TREE CATALOG_DIR [rounds] [--fresh]');
  process.exit(2);
}
const rounds = Number(roundsArg ?? 5);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc: each step starts from a collected heap');

type Side = 'base' | 'head';
type Sample = { wall: number; cpu: number; key: string };
const samples: Record<string, Record<Side, Sample[]>> = Object.fromEntries(STEPS.map(([name]) => [name, { base: [], head: [] }]));
const order = (r: number): Side[] => (r % 2 ? ['head', 'base'] : ['base', 'head']);
const roots: Record<Side, string> = { base: baseDir, head: process.cwd() };

if (fresh) {
  for (let r = 0; r < rounds; r++) {
    for (const side of order(r)) {
      const child = execFileSync(process.execPath, [...process.execArgv, new URL('index-once.ts', import.meta.url).pathname, roots[side], catalogDir], { encoding: 'utf8' });
      const steps = JSON.parse(child) as Record<string, Sample>;
      for (const [name] of STEPS) samples[name]![side].push(steps[name]!);
    }
  }
} else {
  const trees = { base: await loadTree(roots.base), head: await loadTree(roots.head) };
  const input = readInput(catalogDir);
  // Every step reads the base tree's earlier results, so both trees time the same work.
  const sorted = trees.base.sort(input.unsorted);
  const index = trees.base.build(sorted, input.synonyms);
  const made: Made = { sorted, index, pairs: trees.base.collectTopicalPairs(index, sorted, input.filterWords), fresh: [] };
  for (const [name, run, key] of STEPS) {
    for (let r = 0; r < rounds; r++) {
      for (const side of order(r)) {
        made.fresh = structuredClone(input.unsorted);
        gc();
        const [start, used] = [performance.now(), process.cpuUsage()];
        const out = run(trees[side], input, made);
        const spent = process.cpuUsage(used);
        samples[name]![side].push({ wall: performance.now() - start, cpu: (spent.user + spent.system) / 1000, key: r === 0 ? key(out, trees.base) : '' });
      }
    }
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const lines = [
  `${catalogDir}, ${fresh ? 'one run per fresh process' : 'in one process'}, ${rounds} alternating rounds, medians (ms).`,
  '',
  '| step | base wall | head wall | base CPU | head CPU | ÷ (wall) | same output |',
  '|---|---|---|---|---|---|---|',
];
for (const [name] of STEPS) {
  const { base, head } = samples[name]!;
  const [bw, hw] = [median(base.map((s) => s.wall)), median(head.map((s) => s.wall))];
  const [bc, hc] = [median(base.map((s) => s.cpu)), median(head.map((s) => s.cpu))];
  const keys = new Set([...base, ...head].map((s) => s.key).filter(Boolean));
  lines.push(`| ${name} | ${bw.toFixed(0)} | ${hw.toFixed(0)} | ${bc.toFixed(0)} | ${hc.toFixed(0)} | ${(bw / hw).toFixed(1)} | ${keys.size === 1 ? 'yes' : '**no**'} |`);
}
console.log(lines.join('\n'));
