import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { unstable_startWorker } from 'wrangler';
import { findFreePort } from '../lib/start-function.ts';
import { makeWranglerConfig, type ShippedConfig } from '../lib/wrangler-config.ts';

/** The workerd process among this process's children (wrangler's API runs it from here). */
export function findChildWorkerd(parent = process.pid): number {
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === parent && stat.includes('(workerd)')) return Number(pid);
    } catch {
      // gone meanwhile
    }
  }
  throw new Error(`no workerd process under ${parent}`);
}

/**
 * The same worker, config and bindings as `wrangler dev` (startWorkerd), started through
 * wrangler's API with its inspector off. `wrangler dev` always attaches its inspector to the
 * runtime, and with it attached workerd's RSS grows by tens of KB a request while the isolate's
 * heap stays flat (docs/hardening.md, memory under load): this measures workerd itself.
 */
export async function startWorkerdWithoutInspector(distDir: string, adjust: (config: ShippedConfig) => void): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'fn-workerd-quiet-'));
  const config = makeWranglerConfig(join(resolve(distDir), 'client'));
  adjust(config);
  writeFileSync(join(dir, 'wrangler.json'), JSON.stringify(config));
  const port = await findFreePort();
  process.env.WRANGLER_SEND_METRICS = 'false';
  const worker = await unstable_startWorker({
    config: join(dir, 'wrangler.json'),
    dev: { inspector: false, server: { hostname: '127.0.0.1', port }, remote: false, watch: false, liveReload: false, logLevel: 'warn' },
  });
  await worker.ready;
  const stop = async () => {
    await worker.dispose();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    return { url: (await worker.url).origin, pid: findChildWorkerd(), stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
