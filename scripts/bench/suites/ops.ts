import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnServer, type RunningServer } from '../../lib/spawn-server.ts';
import { ensureBuild } from '../builds.ts';
import { runLoad, type LoadResult } from '../load.ts';
import { measureReloadUnderLoad } from './ops-reload.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = 8;
const UNLIMITED = { REST_RATE_LIMIT: '1000000000', MCP_RATE_LIMIT: '1000000000' };
const best = (a: LoadResult, b: LoadResult) => (b.rps > a.rps ? b : a);
/** Rounds of the observability comparison: one per server, so each runs first once. */
const ROUNDS = 4;

/** The ways to run the server for get-one: nothing (twice), request lines, request lines and metrics. */
const MODES: Record<string, Record<string, string>> = {
  off: { LOG_LEVEL: 'silent' },
  // The same as "off" in a second server: how far two identical servers differ on this machine.
  'off, second server (noise gauge)': { LOG_LEVEL: 'silent' },
  'logs only': { LOG_LEVEL: 'info' },
  'logs + metrics': { LOG_LEVEL: 'info', METRICS_PORT: '0' },
};

/**
 * get-one with the access log and metrics off, logs on, and both on: four servers at once,
 * runs alternating over ROUNDS rounds in rotated order, best run of each kept. Log lines go through the stdout pipe to this
 * process, which reads them without parsing (as a log shipper would).
 */
async function compareObservability(): Promise<string> {
  const dist = 'dist-bench';
  ensureBuild('templates', dist);
  const id = (JSON.parse(readFileSync(join(dist, 'client/data/catalog.json'), 'utf8')) as { templates: { id: string }[] }).templates[0]!.id;
  const spec = { path: `/api/v1/templates/${id}` };
  const servers: [string, RunningServer][] = [];
  try {
    for (const [name, env] of Object.entries(MODES)) servers.push([name, await spawnServer({ ...UNLIMITED, ...env, DIST_DIR: dist }, [], { requestLines: false })]);
    const results = new Map<string, LoadResult>();
    const cpu = new Map<string, { seconds: number; requests: number }>();
    for (const [, s] of servers) await runLoad(s.url, spec, { seconds: 1, connections: CONNECTIONS });
    // Each round starts one server later: whichever runs first in a round was ~20 % faster on
    // this machine, so a fixed order decided the comparison more than the code did.
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, s] of [...servers.slice(round % servers.length), ...servers.slice(0, round % servers.length)]) {
        const before = readCpuSeconds(s.pid);
        const r = await runLoad(s.url, spec, { seconds: SECONDS, connections: CONNECTIONS });
        const used = cpu.get(name) ?? { seconds: 0, requests: 0 };
        cpu.set(name, { seconds: used.seconds + readCpuSeconds(s.pid) - before, requests: used.requests + r.requests });
        results.set(name, results.has(name) ? best(results.get(name)!, r) : r);
      }
    }
    const off = results.get('off')!;
    const usPerRequest = (name: string) => (cpu.get(name)!.seconds / cpu.get(name)!.requests) * 1e6;
    const rows = [...results].map(
      ([name, r]) =>
        `| get-one, ${name} | ${r.rps.toFixed(0)} | ${((1 - r.rps / off.rps) * 100).toFixed(1)} % | ${usPerRequest(name).toFixed(1)} | ${((usPerRequest(name) / usPerRequest('off') - 1) * 100).toFixed(1)} % | ${r.p99} | ${r.errors + r.non2xx} |`,
    );
    return [
      `get-one (by id), ${CONNECTIONS} connections, sample catalog; four servers, runs alternating in rotated order, ${ROUNDS} ${SECONDS} s runs each, best kept. Throughput cost = req/s lost against "off" in the same run; CPU cost = the server process's CPU time (all its threads, /proc) per request against "off", which a busy machine disturbs far less (goal ≤ 5 % for logs + metrics).`,
      '',
      '| scenario | req/s | throughput cost | server CPU µs/request | CPU cost | p99 ms | errors |',
      '|---|---|---|---|---|---|---|',
      ...rows,
    ].join('\n');
  } finally {
    for (const [, s] of servers) await s.stop();
  }
}

/**
 * One request line, in process: as written (assembled by hand, createAccessLogger) against
 * pino's own serializer making the identical line. Best of 30 alternating rounds, stdout
 * to /dev/null (a child process, so the bench's own output is not mixed in).
 */
function compareLineWriters(): string {
  const script = `
    import { pino } from 'pino';
    import { createAccessLogger } from './src/server/ops/access-log.ts';
    import { destination, isoTime } from './src/server/ops/log.ts';
    const e = { method: 'GET', path: '/api/v1/templates/tpl-1014', status: 200, ms: 0.12, ip: '127.0.0.1', bytes: 1234, requestId: 'cfb2f711-f90d-401d-9151-b523f8fe3e98', aborted: false };
    const child = pino({ base: undefined, timestamp: isoTime, formatters: { level: (l) => ({ level: l }) } }, destination).child({ build: 'b' });
    const writers = { 'assembled by hand (served)': createAccessLogger('b'), 'pino serializer': (x) => child.info({ msg: 'request', method: x.method, path: x.path, status: x.status, ms: x.ms, ip: x.ip, bytes: x.bytes, requestId: x.requestId }) };
    const best = {};
    for (let round = 0; round < 30; round++) for (const [name, log] of Object.entries(writers)) {
      const t = performance.now();
      for (let i = 0; i < 20000; i++) log(e);
      best[name] = Math.min(best[name] ?? Infinity, ((performance.now() - t) * 1000) / 20000);
      await new Promise((r) => setTimeout(r, 50));
    }
    process.stderr.write(JSON.stringify(best));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'ignore', 'pipe'] });
  const best = JSON.parse(run.stderr.toString()) as Record<string, number>;
  return ['| request line writer | µs per line |', '|---|---|', ...Object.entries(best).map(([name, us]) => `| ${name} | ${us.toFixed(2)} |`)].join('\n');
}

/** CPU seconds (user + system, every thread) the process has used, from /proc. */
function readCpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
}

/** Runs the operations suite: observability cost on get-one, then reload under load. */
export async function runOpsSuite(): Promise<string> {
  return `${await compareObservability()}\n\n${compareLineWriters()}\n\n${await measureReloadUnderLoad()}`;
}
