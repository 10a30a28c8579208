import { cpSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { readConfig } from '../../src/config/read-config.ts';
import { startNginx } from '../lib/nginx.ts';
import { spawnServer } from '../lib/spawn-server.ts';
import { copyDataOnly, findFreePort, startNodeFunction, startWorkerd, type RunningFunction } from '../lib/start-function.ts';
import type { HostileTarget } from './hostile-client.ts';

/** The four shapes a hostile client is tried against. */
export const HOSTILE_KINDS = ['origin', 'node function', 'nginx + node function', 'workerd'] as const;
export type HostileKind = (typeof HOSTILE_KINDS)[number];

/** A started target: what the runner attacks, and how to stop everything behind it. */
export interface StartedTarget extends HostileTarget {
  stop(): Promise<void>;
}

const LIFT = { REST_RATE_LIMIT: '1000000000', MCP_RATE_LIMIT: '1000000000' };

/** The Node function with the build's data and server entry, on a fixed port so a restart keeps its address. */
async function startFunction(distDir: string, port: number): Promise<{ fn: () => RunningFunction; restart(): Promise<void>; stop(): Promise<void> }> {
  const copy = copyDataOnly(distDir);
  cpSync(join(realpathSync(distDir), 'server'), join(copy.distDir, 'server'), { recursive: true });
  const start = () => startNodeFunction({ DIST_DIR: copy.distDir, LOG_LEVEL: 'warn', ...LIFT }, { port });
  let fn = await start();
  return {
    fn: () => fn,
    async restart() {
      await fn.stop();
      fn = await start();
    },
    async stop() {
      await fn.stop();
      copy.remove();
    },
  };
}

/**
 * Starts one shape over `distDir` (a build made for http://localhost:4321) with the rate limits
 * lifted (the good client and the attackers share one address): the origin, the Node function,
 * nginx with the shipped template in front of the Node function, and workerd under wrangler dev.
 */
export async function startHostileTarget(kind: HostileKind, distDir: string): Promise<StartedTarget> {
  if (kind === 'origin') {
    const server = await spawnServer({ DIST_DIR: distDir, LOG_LEVEL: 'warn', HEADERS_TIMEOUT_SECONDS: '5', ...LIFT });
    return { url: () => server.url, stop: async () => void (await server.stop()) };
  }
  if (kind === 'workerd') {
    const fn = await startWorkerd(distDir, { adjust: (c) => { for (const r of c.ratelimits) r.simple.limit = 1_000_000_000; c.vars = { ...c.vars, ...LIFT }; } });
    return { url: () => fn.url, stop: () => fn.stop() };
  }
  const fnPort = await findFreePort();
  const node = await startFunction(distDir, fnPort);
  if (kind === 'node function') return { url: () => node.fn().url, restart: node.restart, stop: node.stop };
  const work = mkdtempSync(join(tmpdir(), 'hostile-nginx-'));
  const config = readConfig({ SITE_URL: 'http://localhost:4321' });
  const nginx = await startNginx(join(work, 'run'), { CATALOG_ROOT: resolve(distDir, 'client'), CATALOG_FUNCTION: `http://127.0.0.1:${fnPort}`, CATALOG_SITE_URL: config.SITE_URL, CATALOG_MEDIA_URL: config.MEDIA_URL, CATALOG_STUDIO_URL: config.STUDIO_URL });
  return {
    url: () => nginx.url,
    restart: node.restart,
    async stop() {
      await nginx.stop();
      await node.stop();
      rmSync(work, { recursive: true, force: true });
    },
  };
}
