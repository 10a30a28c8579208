import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { spawnServer, type RunningServer } from '../../lib/spawn-server.ts';
import { ensureBuild } from '../builds.ts';
import { readBuiltCatalog } from '../built-catalog.ts';
import { runLoad, type RequestSpec } from '../load.ts';
import { CONNECTIONS, UNLIMITED } from '../roof-compare.ts';
import { buildMcpSpec } from './mcp.ts';

/** The origin before one pipeline (issue 37): the commit every A/B row compares with unless BENCH_BASE_REF says another. */
const BASE_REF = process.env.BENCH_BASE_REF ?? 'dfb8745';
const ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 6);
const SECONDS = Number(process.env.BENCH_AB_SECONDS ?? 3);
/** Only the scenarios whose name contains this (e.g. `MCP`), to measure one change quickly. */
const ONLY = process.env.BENCH_AB_ONLY ?? '';

/** A checkout of `ref` beside the project (git archive, no worktree), sharing node_modules when the lock files agree, and its sample build. */
function prepareBase(ref: string): { dir: string; dist: string } {
  const sha = execFileSync('git', ['rev-parse', '--short', ref], { encoding: 'utf8' }).trim();
  const dir = join('/tmp', `bench-base-${sha}`);
  if (!existsSync(join(dir, 'package.json'))) {
    mkdirSync(dir, { recursive: true });
    execFileSync('sh', ['-c', `git archive ${sha} | tar -x -C ${dir}`]);
  }
  if (!existsSync(join(dir, 'node_modules'))) {
    const same = readFileSync(join(dir, 'package-lock.json'), 'utf8') === readFileSync('package-lock.json', 'utf8');
    if (same) symlinkSync(resolve('node_modules'), join(dir, 'node_modules'));
    else execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'ignore' });
  }
  const dist = join(dir, 'dist-bench');
  if (!existsSync(join(dist, 'client', 'data', 'catalog.json'))) {
    execFileSync('npx', ['astro', 'build', '--silent'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CATALOG_DIR: 'templates', DIST_DIR: dist, SITE_URL: 'http://localhost:4321' } });
  }
  return { dir, dist };
}

/** The server process's CPU time so far (user + system), in µs. */
export function readCpu(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / 100) * 1e6;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * The origin against an earlier commit's (BENCH_BASE_REF, default dfb8745: before one request
 * pipeline), in one run on one machine: both servers over their own sample build, the four
 * scenarios of the goal (get-one, page, search, MCP), rounds alternating which goes first.
 * Each round gives requests a second and the server's CPU per request (/proc: user + system),
 * the second less sensitive to what else the machine runs. Medians of the rounds, and their spread.
 */
export async function runOriginAbSuite(): Promise<string> {
  const base = prepareBase(BASE_REF);
  ensureBuild('templates', 'dist-bench');
  const t = readBuiltCatalog('dist-bench').templates[0]!;
  const all: [string, RequestSpec][] = [
    ['get-one (by id)', { path: `/api/v1/templates/${t.id}` }],
    ['page (template HTML, br)', { path: `/templates/${t.slug}`, headers: { 'accept-encoding': 'br' } }],
    ['search, repeated query', { path: '/api/v1/templates?q=launch&limit=10' }],
    ['MCP tools/call search_templates', buildMcpSpec('legacy', 'tools/call', { name: 'search_templates', arguments: { query: 'launch' } }, 'search_templates')],
  ];
  const scenarios = all.filter(([name]) => name.includes(ONLY));
  const servers: Record<'base' | 'ours', RunningServer> = {
    base: await spawnServer({ ...UNLIMITED, DIST_DIR: base.dist }, [], { cwd: base.dir }),
    ours: await spawnServer({ ...UNLIMITED, DIST_DIR: 'dist-bench' }),
  };
  const rows: string[] = [];
  try {
    for (const [name, spec] of scenarios) {
      const seen = { base: { rps: [] as number[], cpu: [] as number[] }, ours: { rps: [] as number[], cpu: [] as number[] } };
      for (const who of ['base', 'ours'] as const) await runLoad(servers[who].url, spec, { seconds: 1, connections: CONNECTIONS });
      for (let r = 0; r < ROUNDS; r++) {
        for (const who of r % 2 ? (['ours', 'base'] as const) : (['base', 'ours'] as const)) {
          const cpu0 = readCpu(servers[who].pid);
          const run = await runLoad(servers[who].url, spec, { seconds: SECONDS, connections: CONNECTIONS });
          if (run.errors + run.non2xx) throw new Error(`${who} ${name}: ${run.errors} errors, ${run.non2xx} not 2xx`);
          seen[who].rps.push(run.rps);
          seen[who].cpu.push((readCpu(servers[who].pid) - cpu0) / run.requests);
        }
      }
      const [rb, ro, cb, co] = [median(seen.base.rps), median(seen.ours.rps), median(seen.base.cpu), median(seen.ours.cpu)];
      const spread = (xs: number[]) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`;
      rows.push(`| ${name} | ${rb.toFixed(0)} (${spread(seen.base.rps)}) | ${ro.toFixed(0)} (${spread(seen.ours.rps)}) | **${(ro / rb).toFixed(3)}** | ${cb.toFixed(0)} | ${co.toFixed(0)} | **${(co / cb).toFixed(3)}** |`);
    }
  } finally {
    await Promise.all([servers.base.stop(), servers.ours.stop()]);
  }
  return [
    `Base ${BASE_REF}, ${ROUNDS} alternating rounds of ${SECONDS} s at ${CONNECTIONS} connections; goal: ours within 10 % (requests a second ≥ 0.9 of base, or CPU per request ≤ 1.1).`,
    '',
    '| scenario | base req/s (range) | ours req/s (range) | ours/base | base CPU µs/req | ours CPU µs/req | ours/base |',
    '|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}
