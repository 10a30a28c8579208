/**
 * CPU profile of the server answering one MCP request shape under load (node --cpu-prof), with
 * the heaviest functions by self and inclusive time. Loopback only, a few seconds.
 * Usage: node scripts/bench/profile-mcp.ts [modern|legacy] [tools/call|resources/read]
 * PROFILE_CWD=/tmp/bench-base-dfb8745 profiles another checkout (its own server over its dist-bench),
 * e.g. the A/B suite's base, to compare self time by function.
 */
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer } from '../lib/spawn-server.ts';
import { ensureBuild } from './builds.ts';
import { runLoad } from './load.ts';
import { buildMcpSpec } from './suites/mcp.ts';
import { readCpu } from './suites/origin-ab.ts';
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
// PROFILE_PATH=/api/v1/templates?q=launch profiles a GET of that path instead (the A/B suite's REST rows).
const spec = process.env.PROFILE_PATH ? { path: process.env.PROFILE_PATH, headers: { 'accept-encoding': 'br' } } : buildMcpSpec(era, method, params, method === 'tools/call' ? 'search_templates' : uri);

const dir = mkdtempSync(join(tmpdir(), 'mcp-profile-'));
const cwd = process.env.PROFILE_CWD;
const server = await spawnServer({ DIST_DIR: cwd ? join(cwd, dist) : dist, MCP_RATE_LIMIT: '1000000000', REST_RATE_LIMIT: '1000000000', LOG_LEVEL: 'silent' }, ['--cpu-prof', `--cpu-prof-dir=${dir}`], { cwd });
await runLoad(server.url, spec, { seconds: 2, connections: 8 });
// V8's sample times and hrtime read the same monotonic clock: only the measured load's samples count (no start-up, no warm-up).
const from = Number(process.hrtime.bigint() / 1000n);
const cpu0 = readCpu(server.pid);
const result = await runLoad(server.url, spec, { seconds: Number(process.env.PROFILE_SECONDS ?? 6), connections: 8 });
const cpu = readCpu(server.pid) - cpu0;
const to = Number(process.hrtime.bigint() / 1000n);
await server.stop();
await new Promise((resolve) => setTimeout(resolve, 500));

const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))!;
const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number };
// Samples are counted, not their wall-clock gaps: a sample is taken while the process runs, so
// time the machine gave to other processes is not charged to the function that was preempted
// (a loaded machine otherwise puts a third of the time on writev). The process's CPU time
// (/proc) over the same window is shared out by sample count.
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const isIdle = (id: number) => byId.get(id)!.callFrame.functionName === '(idle)';
const counts = new Map<number, number>();
let at = profile.startTime;
let busySamples = 0;
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i] ?? 0;
  if (at < from || at > to || isIdle(id)) return;
  counts.set(id, (counts.get(id) ?? 0) + 1);
  busySamples++;
});
const self = new Map([...counts].map(([id, n]) => [id, (n * cpu) / busySamples]));
const total = cpu;
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
  [...m].filter(([n]) => !/^\((root|program|idle)\)|processTicksAndRejections|runMicrotasks/.test(n)).sort((a, b) => b[1] - a[1]).slice(0, k).map(([n, t]) => `${((100 * t) / total).toFixed(1).padStart(5)} % ${(t / result.requests).toFixed(1).padStart(6)} µs  ${n}`);
console.log(`${process.env.PROFILE_PATH ?? `${era} ${method}`}: ${result.rps.toFixed(0)} req/s under the profiler, ${(cpu / result.requests).toFixed(0)} µs CPU a request (profile in ${dir})`);
console.log(['', 'self time:', ...top(selfByName, 25), '', 'inclusive time:', ...top(inclusiveByName, 40)].join('\n'));
// PROFILE_OUT=file.json keeps self µs a request by function, to compare two runs (base and ours).
if (process.env.PROFILE_OUT) writeFileSync(process.env.PROFILE_OUT, JSON.stringify(Object.fromEntries([...selfByName].map(([n, t]) => [n, t / result.requests]))));
