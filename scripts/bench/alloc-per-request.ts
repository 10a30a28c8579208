/**
 * Bytes the origin allocates a request, for the A/B suite's base and ours (origin-ab.ts), read
 * from V8's own count (`--trace-gc-nvp`: `allocated=` at every collection) over a few seconds of
 * load. Unlike CPU time, it hardly moves with what else the machine runs, so one change to the
 * pipeline's glue can be judged on a loaded machine. Usage:
 *   node scripts/bench/alloc-per-request.ts [get-one,page,search,mcp]
 * BENCH_BASE_DIR (default /tmp/bench-base-dfb8745, what `npm run bench -- ab` unpacks) is the base.
 */
import { spawn } from 'node:child_process';
import { openSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { readScriptFlags } from '../lib/spawn-server.ts';
import { readBuiltCatalog } from './built-catalog.ts';
import { runLoad, type RequestSpec } from './load.ts';
import { UNLIMITED } from './roof-compare.ts';
import { buildMcpSpec } from './suites/mcp.ts';

const t = readBuiltCatalog('dist-bench').templates[0]!;
const SPECS: Record<string, RequestSpec> = {
  'get-one': { path: `/api/v1/templates/${t.id}` },
  page: { path: `/templates/${t.slug}`, headers: { 'accept-encoding': 'br' } },
  search: { path: '/api/v1/templates?q=launch&limit=10' },
  mcp: buildMcpSpec('legacy', 'tools/call', { name: 'search_templates', arguments: { query: 'launch' } }, 'search_templates'),
};
const scenarios = (process.argv[2] ?? 'get-one,page').split(',');
const checkouts = { base: process.env.BENCH_BASE_DIR ?? '/tmp/bench-base-dfb8745', ours: resolve('.') };

for (const [who, cwd] of Object.entries(checkouts)) {
  const log = `/tmp/alloc-${who}-${process.pid}.log`;
  const env = { ...process.env, ...UNLIMITED, HOST: '127.0.0.1', PORT: '0', DIST_DIR: `${cwd}/dist-bench` };
  const child = spawn(process.execPath, [...readScriptFlags('serve'), '--trace-gc-nvp', 'src/server/main.ts'], { cwd, env, stdio: ['ignore', openSync(log, 'w'), 'inherit'] });
  let url = '';
  for (let i = 0; i < 300 && !url; i++) {
    await new Promise((r) => setTimeout(r, 100));
    url = /"url":"(http[^"]+)"/.exec(readFileSync(log, 'utf8'))?.[1] ?? '';
  }
  for (const name of scenarios) {
    await runLoad(url, SPECS[name]!, { seconds: 1, connections: 8 });
    const from = statSync(log).size;
    const run = await runLoad(url, SPECS[name]!, { seconds: Number(process.env.ALLOC_SECONDS ?? 4), connections: 8 });
    let bytes = 0;
    let collections = 0;
    for (const m of readFileSync(log).subarray(from).toString().matchAll(/ allocated=(\d+)/g)) {
      bytes += Number(m[1]);
      collections++;
    }
    // The count runs from one collection to the next: a run of fewer than ~10 is rough.
    console.log(`${who.padEnd(4)} ${name.padEnd(7)} ${(bytes / run.requests).toFixed(0).padStart(6)} B a request (${run.requests} requests, ${collections} collections)`);
  }
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}
