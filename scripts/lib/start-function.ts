import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync, cpSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readScriptFlags } from './spawn-server.ts';
import { makeRendererConfig, makeWranglerConfig, type ShippedConfig } from './wrangler-config.ts';

/** A function instance under test: its base URL and how to stop it. */
export interface RunningFunction {
  url: string;
  /** The process answering (the Node function's; wrangler's on workerd). */
  pid: number;
  output(): string;
  stop(): Promise<void>;
}

/** A port free on loopback now (wrangler takes a port number, not 0). */
export function findFreePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export { readShippedConfig, type ShippedConfig } from './wrangler-config.ts';

/** Stops the process group: SIGTERM, then SIGKILL to whatever of it outlives its leader (workerd under wrangler). */
function stopGroup(child: ChildProcess): Promise<void> {
  const sweep = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // the group is gone
    }
  };
  return new Promise((done) => {
    if (child.exitCode !== null) {
      sweep();
      return done();
    }
    child.once('exit', () => {
      sweep();
      done();
    });
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      done();
    }
  });
}

/**
 * Resolves once the function answers a list request, or (`ready` given) once its output says it
 * listens, so that the next request is its first.
 */
async function waitForReady(child: ChildProcess, url: string, out: () => string, ms: number, ready?: RegExp): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The function stopped:\n${out()}`);
    const ok = ready ? ready.test(out()) : await fetch(`${url}/api/v1/templates?limit=1`).then((r) => r.status < 500, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The function did not answer within ${ms} ms:\n${out()}`);
}

/**
 * A process's output as it arrives, bounded: its first 64 KB (the banner and the line that says
 * it listens) and its last 1 MB. A `wrangler dev` at 100,000 templates wrote past V8's longest
 * string (~512 MB) and brought the caller down with `RangeError: Invalid string length`.
 */
function keepOutput(): { add(chunk: unknown): void; text(): string } {
  let head = '';
  let tail = '';
  let dropped = 0;
  return {
    add(chunk) {
      const text = String(chunk);
      if (head.length < 65_536) head += text;
      else tail += text;
      if (tail.length > 2_000_000) (dropped += tail.length - 1_000_000), (tail = tail.slice(-1_000_000));
    },
    text: () => (dropped ? `${head}\n[… ${dropped} characters left out …]\n${tail}` : head + tail),
  };
}

/** How a function instance is started: how long it may take, and whether a list request proves it ready (else its log line does). */
export interface StartOptions {
  timeoutMs?: number;
  probe?: boolean;
  /** The port to listen on (the Node function), when a proxy in front must know it first. */
  port?: number;
}

type WorkerdOptions = StartOptions & { adjust?: (config: ShippedConfig) => void; assetsDir?: string; /** false: the main worker alone (a bench's control). */ tailRenderer?: boolean };

/**
 * `wrangler dev` with the shipped deploy/cloudflare/wrangler.jsonc over `distDir`'s client
 * folder (or `assetsDir`, an upload folder): the config is copied with only the two paths made absolute (the assets folder and the
 * worker; `adjust` may change more, as the bench lifts the limits), run offline as CI runs it
 * (no login, no telemetry), in a process group of its own. The tail renderer
 * (tail-renderer.wrangler.jsonc, over `distDir`'s server entry) runs beside it in the same
 * process, as a second `--config`; a build without a server entry runs the main worker alone,
 * its binding dropped.
 */
export async function startWorkerd(distDir: string, opts: WorkerdOptions = {}): Promise<RunningFunction & { inspectorPort: number }> {
  // A free port can be taken between its check and wrangler's bind (one suite run lost a whole
  // file to "Address already in use" with three wranglers starting at once): start again then.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startWorkerdOnce(distDir, opts);
    } catch (err) {
      if (attempt === 3 || !String((err as Error).message).includes('Address already in use')) throw err;
    }
  }
}

/** One `wrangler dev` start (startWorkerd). */
async function startWorkerdOnce(distDir: string, opts: WorkerdOptions): Promise<RunningFunction & { inspectorPort: number }> {
  const timeoutMs = opts.timeoutMs ?? 90_000;
  const dir = mkdtempSync(join(tmpdir(), 'fn-workerd-'));
  const config = makeWranglerConfig(opts.assetsDir ?? join(realpathSync(distDir), 'client'));
  const assets = config.assets.directory as string;
  const serverEntry = join(realpathSync(distDir), 'server', 'entry.mjs');
  const configs = ['--config', join(dir, 'wrangler.json')];
  if (opts.tailRenderer !== false && existsSync(serverEntry)) {
    writeFileSync(join(dir, 'tail-renderer.json'), JSON.stringify(makeRendererConfig(assets, serverEntry)));
    configs.push('--config', join(dir, 'tail-renderer.json'));
  } else delete config.services;
  opts.adjust?.(config);
  writeFileSync(join(dir, 'wrangler.json'), JSON.stringify(config));
  const [port, inspector] = [await findFreePort(), await findFreePort()];
  const kept = keepOutput();
  const child = spawn('npx', ['wrangler', 'dev', ...configs, '--ip', '127.0.0.1', '--port', String(port), '--inspector-port', String(inspector), '--show-interactive-dev-session=false'], {
    // wrangler's own Node process gets a bounded heap: a runaway there (one suite run saw a
    // `wrangler dev` reach 14 GB and the machine swap) then ends as a failed test, not a stalled machine.
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1', NO_COLOR: '1', NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=2048`.trim() },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout!.on('data', kept.add);
  child.stderr!.on('data', kept.add);
  const out = kept.text;
  const url = `http://127.0.0.1:${port}`;
  const stop = async (): Promise<void> => {
    await stopGroup(child);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForReady(child, url, out, timeoutMs, opts.probe === false ? /Ready on/ : undefined);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, pid: child.pid!, output: out, stop, inspectorPort: inspector };
}

/**
 * A function-only DIST_DIR: the data files of `distDir` alone (catalog head, shards, search
 * index), what `npm run function` needs; no pages, no server entry.
 */
export function copyDataOnly(distDir: string): { distDir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'fn-data-'));
  const data = join(dir, 'client', 'data');
  mkdirSync(data, { recursive: true });
  const from = join(realpathSync(distDir), 'client', 'data');
  cpSync(join(from, 'catalog.json'), join(data, 'catalog.json'));
  cpSync(join(from, 'search-index.bin'), join(data, 'search-index.bin'));
  cpSync(join(from, 'catalog'), join(data, 'catalog'), { recursive: true, filter: (src) => !/\.(br|gz)$/.test(src) });
  // The palettes of the tail's posters (read on first use; absent, the tail's posters are not answered).
  cpSync(join(from, 'palettes'), join(data, 'palettes'), { recursive: true, filter: (src) => !/\.(br|gz)$/.test(src) });
  // The renderer's identity social image addresses carry (absent, the tail's pages and social images are not answered).
  cpSync(join(from, 'social-renderer.txt'), join(data, 'social-renderer.txt'));
  return { distDir: dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** `npm run function`'s command (its node flags too) with `env`, on a free port. */
export async function startNodeFunction(env: Record<string, string>, opts: StartOptions = {}): Promise<RunningFunction> {
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const port = opts.port ?? (await findFreePort());
  const kept = keepOutput();
  const child = spawn(process.execPath, [...readScriptFlags('function'), 'src/function/node-main.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout!.on('data', kept.add);
  child.stderr!.on('data', kept.add);
  const out = kept.text;
  const url = `http://127.0.0.1:${port}`;
  const stop = () => stopGroup(child);
  try {
    await waitForReady(child, url, out, timeoutMs, opts.probe === false ? /"msg":"listening"/ : undefined);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, pid: child.pid!, output: out, stop };
}
