import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { spawnServer, type RunningServer } from '../../lib/spawn-server.ts';
import { ensureBuild } from '../builds.ts';
import { runLoad } from '../load.ts';
import { measureReloadUnderLoad } from './ops-reload.ts';
import { readBuiltCatalog } from '../built-catalog.ts';

const CONNECTIONS = 8;
const UNLIMITED = { REST_RATE_LIMIT: '1000000000', MCP_RATE_LIMIT: '1000000000' };
/** Short runs per server, taken in turn: the machine's drift (other tenants) falls on every server alike. */
const SLICES = 24;
const SLICE_SECONDS = 0.5;
/**
 * Servers per mode. Two processes running the same code came out 2–9 % apart here (memory
 * layout, not the code), as much as the cost measured, so each mode is three processes.
 */
const REPLICAS = 3;

/** The ways to run the server for get-one: nothing, request lines, request lines and metrics. */
const MODES: Record<string, Record<string, string>> = {
  off: { LOG_LEVEL: 'silent' },
  'logs only': { LOG_LEVEL: 'info' },
  'logs + metrics': { LOG_LEVEL: 'info', METRICS_PORT: '0' },
};

/** Pins every thread of `pid` (threads made later inherit it) to the given CPUs; false where taskset is missing. */
function pin(pid: number, cpus: string): boolean {
  return spawnSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' }).status === 0;
}

const percent = (x: number) => `${(x * 100).toFixed(1)} %`;

/**
 * get-one with the access log and metrics off, logs on, and both on: REPLICAS servers per mode,
 * all running, loaded in turn for SLICES short runs each (rotated order). The servers share one
 * CPU and this process (the load generator) has the other, so neither steals from the other and
 * no thread migrates. A mode's CPU per request is its servers' CPU time (all threads, /proc) over
 * all their requests; its cost is that against "off". Log lines go to a file this process reads
 * only when it waits for a line (as a log shipper elsewhere would).
 */
async function compareObservability(): Promise<string> {
  const dist = 'dist-bench';
  ensureBuild('templates', dist);
  const id = readBuiltCatalog(dist).templates[0]!.id;
  const spec = { path: `/api/v1/templates/${id}` };
  const servers: { mode: string; server: RunningServer; seconds: number; requests: number; wall: number; errors: number; p99: number }[] = [];
  const pinned = pin(process.pid, '0');
  try {
    for (let replica = 0; replica < REPLICAS; replica++) {
      for (const [mode, env] of Object.entries(MODES)) {
        const server = await spawnServer({ ...UNLIMITED, ...env, DIST_DIR: dist }, [], { requestLines: false });
        if (pinned) pin(server.pid, '1');
        servers.push({ mode, server, seconds: 0, requests: 0, wall: 0, errors: 0, p99: 0 });
      }
    }
    for (const { server } of servers) await runLoad(server.url, spec, { seconds: 1, connections: CONNECTIONS });
    for (let slice = 0; slice < SLICES; slice++) {
      const k = slice % servers.length;
      for (const s of [...servers.slice(k), ...servers.slice(0, k)]) {
        const before = readCpuSeconds(s.server.pid);
        const started = performance.now();
        const r = await runLoad(s.server.url, spec, { seconds: SLICE_SECONDS, connections: CONNECTIONS });
        s.seconds += readCpuSeconds(s.server.pid) - before;
        s.wall += (performance.now() - started) / 1000;
        s.requests += r.requests;
        s.errors += r.errors + r.non2xx;
        s.p99 = Math.max(s.p99, r.p99);
      }
    }
    const of = (mode: string) => servers.filter((s) => s.mode === mode);
    const sum = (mode: string, key: 'seconds' | 'requests' | 'wall' | 'errors') => of(mode).reduce((n, s) => n + s[key], 0);
    const usPerRequest = (mode: string) => (sum(mode, 'seconds') / sum(mode, 'requests')) * 1e6;
    const rps = (mode: string) => sum(mode, 'requests') / sum(mode, 'wall');
    const each = (mode: string) => of(mode).map((s) => ((s.seconds / s.requests) * 1e6).toFixed(1)).join(', ');
    const rows = Object.keys(MODES).map(
      (mode) =>
        `| get-one, ${mode} | ${rps(mode).toFixed(0)} | ${percent(1 - rps(mode) / rps('off'))} | ${usPerRequest(mode).toFixed(1)} (${each(mode)}) | ${mode === 'off' ? '(baseline)' : percent(usPerRequest(mode) / usPerRequest('off') - 1)} | ${Math.max(...of(mode).map((s) => s.p99))} | ${sum(mode, 'errors')} |`,
    );
    return [
      `get-one (by id), ${CONNECTIONS} connections, sample catalog; ${REPLICAS} servers per mode ${pinned ? 'pinned to CPU 1 (the load generator on CPU 0)' : '(taskset missing: not pinned)'}, each loaded ${SLICES} times for ${SLICE_SECONDS} s, in turn (rotated order). Throughput cost = req/s against "off". CPU cost = the mode's CPU time (all threads, /proc) per request against "off" (goal ≤ 5 % for logs + metrics); in brackets each server's own figure, which shows how far processes running the same code differ.`,
      '',
      '| scenario | req/s | throughput cost | server CPU µs/request (each server) | CPU cost | worst p99 ms | errors |',
      '|---|---|---|---|---|---|---|',
      ...rows,
    ].join('\n');
  } finally {
    for (const { server } of servers) await server.stop();
    if (pinned) pin(process.pid, `0-${availableParallelism() - 1}`);
  }
}

/**
 * One request line, in process: as written (assembled by hand, createAccessLogger) against
 * pino's own serializer making the identical line, each timed with the write of its lines
 * (stdout to /dev/null, a child process so the bench's own output is not mixed in). Best of
 * 30 alternating rounds.
 */
function compareLineWriters(): string {
  const script = `
    import { pino } from 'pino';
    import { createAccessLogger } from './src/server/observe/access-log.ts';
    import { destination, isoTime } from './src/server/observe/log.ts';
    const e = { method: 'GET', path: '/api/v1/templates/tpl-1014', status: 200, ms: 0.12, ip: '127.0.0.1', bytes: 1234, requestId: 'cfb2f711-f90d-401d-9151-b523f8fe3e98', aborted: false };
    const child = pino({ base: undefined, timestamp: isoTime, formatters: { level: (l) => ({ level: l }) } }, destination).child({ build: 'b' });
    const writers = { 'assembled by hand (served)': createAccessLogger('b'), 'pino serializer': (x) => child.info({ msg: 'request', method: x.method, path: x.path, status: x.status, ms: x.ms, ip: x.ip, bytes: x.bytes, requestId: x.requestId }) };
    const best = {};
    for (let round = 0; round < 30; round++) for (const [name, log] of Object.entries(writers)) {
      const t = performance.now();
      for (let i = 0; i < 20000; i++) log(e);
      destination.flushSync();
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
