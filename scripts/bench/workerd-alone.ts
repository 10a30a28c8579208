import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join } from 'node:path';
import { findFreePort } from '../lib/start-function.ts';
import type { ShippedConfig } from '../lib/wrangler-config.ts';
import { startWorkerdWithoutInspector } from './workerd-quiet.ts';

/** The workerd binary wrangler and Miniflare run. */
const WORKERD = (createRequire(import.meta.url)('workerd') as { default: string }).default;

/**
 * The runtime's config exactly as wrangler's local stack writes it (Miniflare hands workerd a
 * binary Cap'n Proto config on stdin): wrangler's API starts the worker once with
 * MINIFLARE_WORKERD_PATH pointing at a wrapper that keeps each config it is given, answers one
 * request, and stops. Of the two configs kept (wrangler's proxy worker, the runtime), the
 * runtime's is the larger (it holds the bundle). The folders it names for local state (the
 * Cache API's) are made again, since wrangler removes its own.
 */
export async function captureRuntimeConfig(distDir: string, adjust: (config: ShippedConfig) => void, oneLine = false): Promise<{ file: string; dir: string; made: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'workerd-alone-'));
  writeFileSync(join(dir, 'wrap.sh'), `#!/bin/sh\ncat > "${dir}/config-$$.bin"\nexec "${WORKERD}" "$@" < "${dir}/config-$$.bin"\n`);
  chmodSync(join(dir, 'wrap.sh'), 0o755);
  const previous = process.env.MINIFLARE_WORKERD_PATH;
  process.env.MINIFLARE_WORKERD_PATH = join(dir, 'wrap.sh');
  try {
    const fn = await startWorkerdWithoutInspector(distDir, adjust, oneLine);
    await fetch(`${fn.url}/`).then((r) => r.arrayBuffer());
    await fn.stop();
  } finally {
    if (previous === undefined) delete process.env.MINIFLARE_WORKERD_PATH;
    else process.env.MINIFLARE_WORKERD_PATH = previous;
  }
  const configs = readdirSync(dir).filter((f) => f.endsWith('.bin')).map((f) => join(dir, f));
  const file = configs.sort((a, b) => readFileSync(b).length - readFileSync(a).length)[0]!;
  const made: string[] = [];
  for (const [state, root] of readFileSync(file, 'latin1').matchAll(/(\/[^\0"'\s]*)\/\.wrangler\/state\/v3\/[\w-]+/g)) {
    mkdirSync(state, { recursive: true });
    // Only wrangler's own temporary folder (workerd-quiet.ts) is removed afterwards.
    if (root!.startsWith(join(tmpdir(), 'fn-workerd-quiet-'))) made.push(root!);
  }
  return { file, dir, made };
}

/** `workerd serve` on a captured config, alone: no wrangler, no Node process in the path, no proxy worker. */
export interface WorkerdAlone {
  url: string;
  pid: number;
  inspectorPort: number;
  stop(): Promise<void>;
}

/**
 * Runs workerd on `configFile` as Miniflare does (`serve --binary --experimental`, the entry
 * socket on a free port), with its inspector listening, which attaches to nothing until a
 * client connects (collectEveryIsolate). Its output is dropped: nothing reads the request log.
 * It is ready when a list is answered; `cold`: when its socket takes a connection, no request
 * asked yet (the first request is then a fresh isolate's).
 */
export async function startWorkerdAlone(configFile: string, { cold = false } = {}): Promise<WorkerdAlone> {
  const [port, inspectorPort] = [await findFreePort(), await findFreePort()];
  const child = spawn(WORKERD, ['serve', '--binary', '--experimental', `--socket-addr=entry=127.0.0.1:${port}`, `--inspector-addr=127.0.0.1:${inspectorPort}`, '--external-addr=loopback=127.0.0.1:9', '-'], { stdio: ['pipe', 'ignore', 'ignore'] });
  child.stdin!.end(readFileSync(configFile));
  const url = `http://127.0.0.1:${port}`;
  const stop = () => new Promise<void>((done) => (child.exitCode !== null ? done() : (child.once('exit', () => done()), child.kill('SIGTERM'))));
  const ready = cold ? () => acceptsConnection(port) : () => fetch(`${url}/api/v1/templates?limit=1`).then((r) => r.arrayBuffer().then(() => true), () => false);
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
    if (await ready()) return { url, pid: child.pid!, inspectorPort, stop };
  }
  await stop();
  throw new Error(`workerd did not answer on ${url} within 30 s`);
}

/** Whether a TCP connection to the port on loopback is taken (then closed at once). */
const acceptsConnection = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), done(true)));
    socket.once('error', () => done(false));
  });

/**
 * A full collection in every isolate of the process (the worker's and Miniflare's own: entry,
 * asset router, asset server, ...): a heap snapshot of each, its chunks let go, since workerd's
 * inspector does not take `collectGarbage`. Returns the V8 heaps' committed bytes after.
 */
export async function collectEveryIsolate(inspectorPort: number): Promise<number> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()) as { webSocketDebuggerUrl: string }[];
  let committed = 0;
  for (const target of targets) {
    const ws = new WebSocket(target.webSocketDebuggerUrl, { headers: { Origin: 'http://127.0.0.1' } } as unknown as string[]);
    await new Promise((resolve, reject) => (ws.addEventListener('open', resolve, { once: true }), ws.addEventListener('error', reject, { once: true })));
    const answers = new Map<number, (result: Record<string, unknown>) => void>();
    ws.addEventListener('message', (ev) => {
      const msg = JSON.parse(String(ev.data)) as { id?: number; result?: Record<string, unknown> };
      if (msg.id !== undefined) answers.get(msg.id)?.(msg.result ?? {});
    });
    const call = (id: number, method: string) => new Promise<Record<string, unknown>>((resolve) => (answers.set(id, resolve), ws.send(JSON.stringify({ id, method }))));
    await call(1, 'HeapProfiler.takeHeapSnapshot');
    committed += Number((await call(2, 'Runtime.getHeapUsage')).totalSize);
    ws.close();
  }
  return committed;
}

/** Removes what captureRuntimeConfig wrote, and the state folders it made again. */
export function removeCapture(capture: { dir: string; made: string[] }): void {
  for (const dir of [capture.dir, ...capture.made]) rmSync(dir, { recursive: true, force: true });
}
