import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { unstable_startWorker } from 'wrangler';
import { findFreePort } from '../lib/start-function.ts';
import { makeWranglerConfig, type ShippedConfig } from '../lib/wrangler-config.ts';

/** The two workerd processes of wrangler's local stack: its proxy worker (on the dev port) and the runtime that runs the worker. */
export interface WorkerdPids {
  runtime: number;
  proxy: number;
}

/** The workerd processes whose parent (field 4 of /proc stat) or process group (field 5) is `id`, told apart by the dev server's port. */
export function findWorkerds(id: number, by: 'parent' | 'group', devPort: number): WorkerdPids {
  const pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d)).filter((pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return stat.includes('(workerd)') && Number(fields[by === 'parent' ? 1 : 2]) === id;
    } catch {
      return false; // gone meanwhile
    }
  });
  const proxy = pids.find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(`entry=127.0.0.1:${devPort}\0`));
  const runtime = pids.find((pid) => pid !== proxy);
  if (!proxy || !runtime) throw new Error(`expected wrangler's two workerd processes under ${id}, found ${pids.join(', ') || 'none'}`);
  return { runtime: Number(runtime), proxy: Number(proxy) };
}

/** A worker that answers every request with two bytes: what wrangler's local stack keeps per request by itself. */
export const ONE_LINE_WORKER = "export default { fetch: () => new Response('ok') };\n";

/**
 * The same worker, config and bindings as `wrangler dev` (startWorkerd), or (`oneLine`) a
 * one-line worker as the control, started through wrangler's API with its inspector off:
 * `wrangler dev` always attaches it (Runtime.enable and Network.enable), and its proxy then
 * keeps more per request. The two workerd processes start with the first request.
 */
export async function startWorkerdWithoutInspector(distDir: string, adjust: (config: ShippedConfig) => void, oneLine = false): Promise<{ url: string; port: number; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'fn-workerd-quiet-'));
  const config = makeWranglerConfig(join(resolve(distDir), 'client'));
  adjust(config);
  if (oneLine) {
    writeFileSync(join(dir, 'one-line.js'), ONE_LINE_WORKER);
    config.main = join(dir, 'one-line.js');
  }
  writeFileSync(join(dir, 'wrangler.json'), JSON.stringify(config));
  const port = await findFreePort();
  process.env.WRANGLER_SEND_METRICS = 'false';
  const worker = await unstable_startWorker({
    config: join(dir, 'wrangler.json'),
    dev: { inspector: false, server: { hostname: '127.0.0.1', port }, remote: false, watch: false, liveReload: false, logLevel: 'warn' },
  });
  await worker.ready;
  return {
    url: (await worker.url).origin,
    port,
    async stop() {
      await worker.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
