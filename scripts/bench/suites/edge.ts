import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { readConfig } from '../../../src/config/read-config.ts';
import { startNginx, type RunningNginx } from '../../lib/nginx.ts';
import { spawnServer, type RunningServer } from '../../lib/spawn-server.ts';
import { readBuiltCatalog } from '../built-catalog.ts';
import { ensureBuild } from '../builds.ts';
import { runLoad, type LoadResult, type RequestSpec } from '../load.ts';
import { CONNECTIONS, SECONDS, UNLIMITED } from '../roof-compare.ts';

/** Two alternating runs per side, the best kept (as the roof comparison does): the machine is shared. */
async function measureBest(base: string, spec: RequestSpec): Promise<LoadResult> {
  const runs: LoadResult[] = [];
  for (let i = 0; i < 2; i++) runs.push(await runLoad(base, spec, { seconds: SECONDS, connections: CONNECTIONS }));
  return runs.reduce((a, b) => (b.rps > a.rps ? b : a));
}

/** One row: the origin and nginx (the shipped template, one worker) answering the same request, in one run. */
async function compareStatic(origin: RunningServer, nginx: RunningNginx, label: string, spec: RequestSpec): Promise<string> {
  // Warm both: the origin's file cache holds the answer after its first request (every measured request is a hit); nginx reads the file each time (no open_file_cache).
  for (const base of [origin.url, nginx.url]) await (await fetch(base + spec.path, { headers: spec.headers })).arrayBuffer();
  const ours = await measureBest(origin.url, spec);
  const host = await measureBest(nginx.url, spec);
  const errors = ours.errors + ours.non2xx + host.errors + host.non2xx;
  return `| ${label} | ${ours.rps.toFixed(0)} | ${ours.p99} | ${host.rps.toFixed(0)} | ${host.p99} | ${(host.rps / ours.rps).toFixed(2)} | ${errors} |`;
}

/**
 * The edge shapes' rows. Static serving: the origin (one Node process) and nginx with
 * deploy/nginx/catalog.conf.template (one worker, the origin as its function) serving the same
 * page and template JSON from the sample build, gzip asked, bounded load on loopback.
 */
export async function runEdgeSuite(): Promise<string> {
  const dist = 'dist-bench';
  ensureBuild('templates', dist);
  const config = readConfig({ SITE_URL: 'http://localhost:4321' });
  const work = mkdtempSync(join(tmpdir(), 'bench-edge-'));
  const origin = await spawnServer({ ...UNLIMITED, DIST_DIR: dist });
  let nginx: RunningNginx | undefined;
  try {
    nginx = await startNginx(work, { CATALOG_ROOT: resolve(dist, 'client'), CATALOG_FUNCTION: origin.url, CATALOG_SITE_URL: config.SITE_URL, CATALOG_MEDIA_URL: config.MEDIA_URL, CATALOG_STUDIO_URL: config.STUDIO_URL });
    const t = readBuiltCatalog(dist).templates[0]!;
    const gzip = { 'accept-encoding': 'gzip' };
    const rows = [
      await compareStatic(origin, nginx, 'page (template HTML, gzip)', { path: `/templates/${t.slug}`, headers: gzip }),
      await compareStatic(origin, nginx, 'template JSON by id (gzip)', { path: `/api/v1/templates/${t.id}`, headers: gzip }),
    ];
    return [
      `Static serving, ${CONNECTIONS} connections, loopback, two ${SECONDS} s runs per side, best kept. The origin answers from its in-memory file cache (every measured request a hit); nginx (one worker) from the file system with gzip_static.`,
      '',
      '| static serving | origin req/s | origin p99 ms | nginx req/s | nginx p99 ms | nginx / origin | errors |',
      '|---|---|---|---|---|---|---|',
      ...rows,
    ].join('\n');
  } finally {
    await nginx?.stop();
    await origin.stop();
    rmSync(work, { recursive: true, force: true });
  }
}
