/**
 * CPU profile of the server answering one MCP request shape under load (node --cpu-prof), with
 * the heaviest functions by self and inclusive time. Loopback only, a few seconds.
 * Usage: node scripts/bench/profile-mcp.ts [modern|legacy] [tools/call|resources/read]
 */
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer } from '../lib/spawn-server.ts';
import { ensureBuild } from './builds.ts';
import { runLoad } from './load.ts';
import { buildMcpSpec } from './suites/mcp.ts';
import { readBuiltCatalog } from './built-catalog.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

const era = process.argv[2] === 'legacy' ? 'legacy' : 'modern';
const method = process.argv[3] ?? 'tools/call';
const dist = 'dist-bench';
ensureBuild('templates', dist);
const catalog = readBuiltCatalog(dist);
const uri = catalog.templates[0]!.markdownUrl!;
const params = method === 'tools/call' ? { name: 'search_templates', arguments: { query: 'launch' } } : { uri };
const spec = buildMcpSpec(era, method, params, method === 'tools/call' ? 'search_templates' : uri);

const dir = mkdtempSync(join(tmpdir(), 'mcp-profile-'));
const server = await spawnServer({ DIST_DIR: dist, MCP_RATE_LIMIT: '1000000000', LOG_LEVEL: 'silent' }, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
await runLoad(server.url, spec, { seconds: 2, connections: 8 });
const result = await runLoad(server.url, spec, { seconds: 6, connections: 8 });
await server.stop();
await new Promise((resolve) => setTimeout(resolve, 500));

const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))!;
const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const name = (n: ProfileNode) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/.*\/(node_modules|src)\//, '$1/')}:${n.callFrame.lineNumber}`;

const selfByName = new Map<string, number>();
for (const n of profile.nodes) selfByName.set(name(n), (selfByName.get(name(n)) ?? 0) + (self.get(n.id) ?? 0));
const inclusive = new Map<number, number>();
const sumInclusive = (id: number): number => {
  const n = byId.get(id)!;
  const value = (self.get(id) ?? 0) + (n.children ?? []).reduce((a, c) => a + sumInclusive(c), 0);
  inclusive.set(id, value);
  return value;
};
sumInclusive(profile.nodes[0]!.id);
// A function counts once per stack (recursion is not counted twice).
const inclusiveByName = new Map<string, number>();
const walk = (id: number, onStack: ReadonlySet<string>) => {
  const n = byId.get(id)!;
  const key = name(n);
  if (!onStack.has(key)) inclusiveByName.set(key, (inclusiveByName.get(key) ?? 0) + inclusive.get(id)!);
  const next = new Set(onStack).add(key);
  for (const c of n.children ?? []) walk(c, next);
};
walk(profile.nodes[0]!.id, new Set());

const top = (m: Map<string, number>, k: number) =>
  [...m].filter(([n]) => !/^\((root|program|idle)\)|processTicksAndRejections|runMicrotasks/.test(n)).sort((a, b) => b[1] - a[1]).slice(0, k).map(([n, t]) => `${((100 * t) / total).toFixed(1).padStart(5)} %  ${n}`);
console.log(`${era} ${method}: ${result.rps.toFixed(0)} req/s under the profiler (profile in ${dir})`);
console.log(['', 'self time:', ...top(selfByName, 25), '', 'inclusive time:', ...top(inclusiveByName, 40)].join('\n'));
