import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort, startRedis, waitForPort, type TestRedis } from './redis-server.ts';
import { spawnServer, type RunningServer, type SpawnOptions } from './spawn-server.ts';

const DEPLOY = new URL('../../deploy/', import.meta.url).pathname;
/** The shipped configs, run as they are (only the site file's backend port is set). */
export const VCL_FILE = join(DEPLOY, 'varnish', 'catalog.vcl');
export const VCL_SITE_FILE = join(DEPLOY, 'varnish', 'catalog-site.vcl');
export const HAPROXY_FILE = join(DEPLOY, 'haproxy', 'haproxy.cfg');

/** Ports of the stack; 0 picks a free one. */
export interface StackPorts {
  edge: number;
  lb: number;
  apps: number[];
  redis: number;
}

/** The ports `npm run stack` uses. */
export const STACK_PORTS: StackPorts = { edge: 8080, lb: 8081, apps: [4401, 4402], redis: 6390 };

export interface StackOptions {
  distDir: string;
  ports?: Partial<StackPorts>;
  /** Extra environment of every instance (rate limits, log level). */
  env?: Record<string, string>;
  /** How the instances' logs are kept (see spawnServer). */
  spawn?: SpawnOptions;
  /** Varnish's memory storage (`-s malloc,…`): 256m unless a bench holds a larger catalog. */
  varnishStorage?: string;
}

/** Redis, N instances, haproxy and Varnish on loopback: the production shape. */
export interface Stack {
  /** Varnish: what clients use. */
  edgeUrl: string;
  /** haproxy, in front of the instances. */
  lbUrl: string;
  apps: RunningServer[];
  redis: TestRedis;
  /** Varnish's counters (`varnishstat -j`), by name (`MAIN.cache_hit`). */
  readVarnishCounters(): Record<string, number>;
  /** What Varnish printed (errors of a failed start). */
  varnishOutput(): string;
  stop(): Promise<void>;
}

/** A varnishd in the foreground, as the stack and the tests run it. */
export interface RunningVarnish {
  url: string;
  /** Counters by name (`MAIN.cache_hit`), from `varnishstat -j`. */
  readCounters(): Record<string, number>;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts varnishd on 127.0.0.1:`port` with the VCL file `vcl` (no privilege separation, so it
 * runs as whoever runs the tests; `storage` of memory, 256 MB unless given), its state in `workDir`.
 */
export async function startVarnish(vcl: string, port: number, workDir: string, storage = '256m'): Promise<RunningVarnish> {
  const edge = startProcess('varnishd', ['-F', '-j', 'none', '-n', workDir, '-a', `127.0.0.1:${port}`, '-f', vcl, '-s', `malloc,${storage}`, '-T', 'none']);
  const stop = () => (edge.child.kill('SIGTERM'), edge.exited);
  try {
    const died = edge.exited.then(() => Promise.reject(new Error('varnishd exited')));
    died.catch(() => {}); // once listening, a later exit is stop()'s business
    await Promise.race([waitForPort(port, 20_000, 'varnishd'), died]);
  } catch (err) {
    await stop();
    throw new Error(`${(err as Error).message}\n${edge.output()}`);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    readCounters() {
      const out = spawnSync('varnishstat', ['-n', workDir, '-1', '-j'], { encoding: 'utf8' });
      const parsed = JSON.parse(out.stdout) as { counters: Record<string, { value: number }> };
      return Object.fromEntries(Object.entries(parsed.counters).map(([name, c]) => [name, c.value]));
    },
    output: edge.output,
    stop,
  };
}

/** True when the machine has what the stack runs on (`npm test` installs it). */
export function hasStackTools(): boolean {
  return ['varnishd', 'haproxy', 'redis-server'].every((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0);
}

const pick = async (port: number | undefined, fallback: number) => ((port ?? fallback) === 0 ? findFreePort() : (port ?? fallback));

function startProcess(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): { child: ChildProcess; output: () => string; exited: Promise<void> } {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output = (output + d).slice(-20_000)));
  child.stderr!.on('data', (d) => (output = (output + d).slice(-20_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, output: () => output, exited };
}

/** Waits until `url` answers 200 (the stack is up only when every layer answers). */
async function waitFor200(url: string, timeoutMs: number, what: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const status = await fetch(url).then((r) => (void r.body?.cancel(), r.status), () => 0);
    if (status === 200) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms:\n${what()}`);
}

/**
 * Starts Redis, the instances (`node src/server/main.ts` with REDIS_URL, TRUST_PROXY naming
 * the loopback proxies, xkey tags and the purge URL of this Varnish), haproxy with
 * deploy/haproxy/haproxy.cfg and Varnish with deploy/varnish/catalog.vcl, all on 127.0.0.1.
 * Resolves once a request through Varnish reaches a ready instance.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const want = { ...STACK_PORTS, ...options.ports };
  const ports: StackPorts = {
    edge: await pick(want.edge, 0),
    lb: await pick(want.lb, 0),
    apps: await Promise.all(want.apps.map((p) => pick(p, 0))),
    redis: await pick(want.redis, 0),
  };
  const work = mkdtempSync(join(tmpdir(), 'catalog-stack-'));
  const stoppers: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const s of stoppers.reverse()) await s().catch(() => {});
    rmSync(work, { recursive: true, force: true });
  };
  try {
    const redis = await startRedis(ports.redis);
    stoppers.push(() => redis.stop());
    const env = {
      DIST_DIR: options.distDir,
      REDIS_URL: redis.url,
      TRUST_PROXY: '127.0.0.1', // Varnish and haproxy; clients elsewhere on loopback (127.0.0.2 …) are clients
      CACHE_TAG_HEADER: 'xkey',
      CDN_PURGE_URL: `http://127.0.0.1:${ports.edge}`,
      SHUTDOWN_DELAY_SECONDS: '2',
      ...options.env,
    };
    const apps = await Promise.all(ports.apps.map((port) => spawnServer({ ...env, PORT: String(port) }, [], options.spawn)));
    for (const app of apps) stoppers.push(async () => void (await app.stop()));

    const lbEnv: NodeJS.ProcessEnv = { ...process.env, CATALOG_LB_BIND: `127.0.0.1:${ports.lb}` };
    ports.apps.forEach((port, i) => (lbEnv[`CATALOG_APP${i + 1}`] = `127.0.0.1:${port}`));
    const lb = startProcess('haproxy', ['-db', '-f', HAPROXY_FILE], lbEnv);
    stoppers.push(() => (lb.child.kill('SIGTERM'), lb.exited));
    await waitForPort(ports.lb, 10_000, 'haproxy');

    // The rules file as shipped, beside a site file that differs only in the backend port.
    copyFileSync(VCL_FILE, join(work, 'catalog.vcl'));
    writeFileSync(join(work, 'catalog-site.vcl'), readFileSync(VCL_SITE_FILE, 'utf8').replace(/\.port = "\d+";/, `.port = "${ports.lb}";`));
    const edge = await startVarnish(join(work, 'catalog.vcl'), ports.edge, join(work, 'varnish'), options.varnishStorage);
    stoppers.push(() => edge.stop());
    await waitFor200(`${edge.url}/readyz`, 20_000, () => `${edge.output()}\n${lb.output()}`);

    return {
      edgeUrl: edge.url,
      lbUrl: `http://127.0.0.1:${ports.lb}`,
      apps,
      redis,
      readVarnishCounters: edge.readCounters,
      varnishOutput: edge.output,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
