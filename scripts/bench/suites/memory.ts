import { spawnServer } from '../../lib/spawn-server.ts';
import { startNodeFunction, startWorkerd, type ShippedConfig } from '../../lib/start-function.ts';
import { ensureBuild } from '../builds.ts';
import { readBuiltCatalog } from '../built-catalog.ts';
import { captureRuntimeConfig, collectEveryIsolate, removeCapture, startWorkerdAlone } from '../workerd-alone.ts';
import { findWorkerds, startWorkerdWithoutInspector } from '../workerd-quiet.ts';
import { findNodes, measureRounds, MEMORY_HEAD } from './memory-rounds.ts';

const LIFT = { REST_RATE_LIMIT: '1000000000', MCP_RATE_LIMIT: '1000000000' };

/** The shipped config with the limits lifted and the main worker alone (the tail renderer answers none of these pages). */
const lift = (c: ShippedConfig) => {
  for (const r of c.ratelimits) r.simple.limit = 1_000_000_000;
  c.vars = { ...c.vars, ...LIFT };
  delete c.services;
};

/**
 * Memory under load, every runtime: RSS before and after each of 3 rounds of 20,000 distinct
 * /search, /search.md and /studio requests (a third each), on the sample build. Shapes
 * (`BENCH_MEMORY_SHAPES`, default all but `wrangler-dev`):
 * - `origin`, `function`: the one process.
 * - `workerd`: the runtime alone, `workerd serve` on the config wrangler's local stack writes for
 *   the worker (workerd-alone.ts), and the same for a one-line worker as the control; also read
 *   after a full collection in every isolate.
 * - `wrangler`: the same worker through wrangler's API (inspector, watch and live reload off):
 *   its runtime workerd, its proxy workerd, and this process (wrangler's Node side, with the client).
 * - `wrangler-dev`: `wrangler dev` (its inspector attached): runtime, proxy and wrangler's Node.
 */
export async function runMemorySuite(): Promise<string> {
  const dist = 'dist-bench';
  ensureBuild('templates', dist);
  const ids = readBuiltCatalog(dist).templates.map((t) => t.id);
  const shapes = (process.env.BENCH_MEMORY_SHAPES ?? 'origin,function,workerd,wrangler').split(',');
  const rows: string[] = [];
  if (shapes.includes('origin')) {
    const server = await spawnServer({ DIST_DIR: dist, LOG_LEVEL: 'warn', ...LIFT });
    try {
      rows.push(...(await measureRounds({ name: 'origin (npm run serve)', url: server.url, watched: () => [{ role: 'node', pid: server.pid }] }, ids)));
    } finally {
      await server.stop();
    }
  }
  if (shapes.includes('function')) {
    const fn = await startNodeFunction({ DIST_DIR: dist, LOG_LEVEL: 'warn', ...LIFT });
    try {
      rows.push(...(await measureRounds({ name: 'Node function (npm run function)', url: fn.url, watched: () => [{ role: 'node', pid: fn.pid }] }, ids)));
    } finally {
      await fn.stop();
    }
  }
  for (const [name, oneLine] of [['workerd alone, the worker', false], ['workerd alone, a one-line worker (the control)', true]] as const) {
    if (!shapes.includes('workerd')) continue;
    const capture = await captureRuntimeConfig(dist, lift, oneLine);
    const fn = await startWorkerdAlone(capture.file);
    try {
      rows.push(...(await measureRounds({ name, url: fn.url, watched: () => [{ role: 'workerd', pid: fn.pid }], collect: () => collectEveryIsolate(fn.inspectorPort) }, ids)));
    } finally {
      await fn.stop();
      removeCapture(capture);
    }
  }
  if (shapes.includes('wrangler')) {
    const fn = await startWorkerdWithoutInspector(dist, lift);
    try {
      const watched = () => { const w = findWorkerds(process.pid, 'parent', fn.port); return [{ role: 'runtime workerd', pid: w.runtime }, { role: 'proxy workerd', pid: w.proxy }, { role: 'Node: wrangler\'s API and the client', pid: process.pid }]; };
      rows.push(...(await measureRounds({ name: 'wrangler\'s API (inspector off)', url: fn.url, watched }, ids)));
    } finally {
      await fn.stop();
    }
  }
  if (shapes.includes('wrangler-dev')) {
    const fn = await startWorkerd(dist, { adjust: lift, tailRenderer: false });
    try {
      const port = Number(new URL(fn.url).port);
      const watched = () => { const w = findWorkerds(fn.pid, 'group', port); return [{ role: 'runtime workerd', pid: w.runtime }, { role: 'proxy workerd', pid: w.proxy }, ...findNodes(fn.pid, 'wrangler-dist').map((pid) => ({ role: 'Node: wrangler', pid }))]; };
      rows.push(...(await measureRounds({ name: 'wrangler dev (its inspector attached)', url: fn.url, watched }, ids)));
    } finally {
      await fn.stop();
    }
  }
  return [...MEMORY_HEAD, ...rows].join('\n');
}
