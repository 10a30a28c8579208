import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { locateBuildsDir, resolveBuild } from '../../../src/publish/build-layout.ts';
import { locateStaging } from '../../../src/publish/staging.ts';
import { spawnServer } from '../../lib/spawn-server.ts';
import { ensureSyntheticCatalog, measureDir } from '../builds.ts';
import { readRss } from '../inspector.ts';
import { runPublish, waitUntilLive, type PublishRun } from '../publish-steps.ts';
import { setAside } from '../set-aside.ts';

const SIZES = (process.env.BENCH_PUBLISH_SIZES ?? '10000,50000').split(',').map(Number);
/** `full`: only the full build and the server's cold start (the 200,000-template scale check). */
const FULL_ONLY = process.env.BENCH_PUBLISH_STEPS === 'full';
const mb = (b: number) => (b / 1_048_576).toFixed(1);
const s = (x: number) => x.toFixed(1);

interface Row {
  label: string;
  run: PublishRun;
  live?: number;
}

/** The served build at rest: its size, and a server's cold start on it. */
interface Start {
  count: number;
  clientMb: number;
  files: number;
  coldMs: number;
  rssMb: number;
}

/** A publish with the running server polled at once: seconds until it answers `test`, and the publish itself. */
async function publishUntilLive(env: Record<string, string>, url: string, test: (status: number, body: string) => boolean): Promise<{ run: PublishRun; live: number }> {
  const since = performance.now();
  const live = waitUntilLive(url, test, since);
  const run = await runPublish(env, live);
  return { run, live: await live };
}

/** Full build, then on a running server: one template edited, one added, one removed. */
async function measureSize(count: number, starts: Start[]): Promise<Row[]> {
  const catalog = `/tmp/catalog-publish-${count}`;
  const dist = `dist-bench-publish-${count}`;
  // Moved aside, not deleted: a build just after a large deletion measures the disk (set-aside.ts).
  setAside(catalog, dist, `${dist}.builds`);
  cpSync(ensureSyntheticCatalog(count), catalog, { recursive: true });
  const env = { CATALOG_DIR: catalog, DIST_DIR: dist, SITE_URL: 'http://localhost:4321', LOG_LEVEL: 'warn' };
  const rows: Row[] = [{ label: 'full build (nothing to reuse)', run: await runPublish(env) }];
  const client = measureDir(join(dist, 'client'));
  const t0 = performance.now();
  const server = await spawnServer({ DIST_DIR: dist, REST_RATE_LIMIT: '1000000000', LOG_LEVEL: 'warn' });
  try {
    await (await fetch(`${server.url}/api/v1/templates?q=launch&limit=10`)).arrayBuffer();
    starts.push({ count, clientMb: client.bytes / 1_048_576, files: client.files, coldMs: performance.now() - t0, rssMb: readRss(server.pid) / 1_048_576 });
    if (!FULL_ONLY) rows.push(...(await measureChanges(catalog, env, server.url)));
  } finally {
    await server.stop();
  }
  setAside(catalog);
  if (process.env.BENCH_KEEP !== '1') setAside(dist, `${dist}.builds`);
  return rows;
}

/**
 * Waits (up to 5 minutes) until the process started after the last publish has staged the next
 * build and then deleted the old builds, and the disk has written that out: publishes minutes
 * apart find all of it done, so the bench measures that case. (Before d655554 it waited for the
 * staging alone, and deleting a 155,000-file build competed with the next publish.)
 */
async function waitForStaging(dist: string): Promise<void> {
  const build = resolveBuild(dist).id;
  const ready = join(locateStaging(locateBuildsDir(dist), build), 'ready');
  const log = join(locateBuildsDir(dist), '.cache', 'after-publish.log');
  const done = () => {
    if (!existsSync(ready) || !existsSync(log)) return false;
    const lines = readFileSync(log, 'utf8').trimEnd().split('\n');
    const staged = lines.findLastIndex((l) => l.includes(`of ${build} in`));
    return staged >= 0 && lines.slice(staged + 1).some((l) => / (pruned|failed)/.test(l));
  };
  for (const deadline = Date.now() + 300_000; !done() && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 200));
  // And the deleted builds' metadata written out: otherwise the disk flushes it during the next publish.
  execFileSync('sync');
}

/** On a running server: one template edited (twice), one added, one removed, then nothing changed. */
async function measureChanges(catalog: string, env: Record<string, string>, url: string): Promise<Row[]> {
  const rows: Row[] = [];
  const staged = () => waitForStaging(env.DIST_DIR!);
  const file = join(catalog, readdirSync(catalog).filter((n) => !n.startsWith('_')).sort()[0]!);
  const template = JSON.parse(readFileSync(file, 'utf8')) as { id: string; slug: string; title: string; description: string };
  const api = (id: string) => `${url}/api/v1/templates/${id}`;
  for (const n of [1, 2]) {
    await staged();
    writeFileSync(file, JSON.stringify({ ...template, description: `${template.description} Edited ${n}.` }));
    const edit = await publishUntilLive(env, api(template.id), (status, body) => status === 200 && body.includes(`Edited ${n}.`));
    rows.push({ label: `one template edited (${n})`, ...edit });
  }
  const added = { ...template, id: 'syn-added', slug: 'bench-added', title: 'Bench Added Template' };
  await staged();
  writeFileSync(join(catalog, 'bench-added.json'), JSON.stringify(added));
  rows.push({ label: 'one template added', ...(await publishUntilLive(env, api(added.id), (status) => status === 200)) });
  await staged();
  rmSync(join(catalog, 'bench-added.json'));
  rows.push({ label: 'one template removed', ...(await publishUntilLive(env, api(added.id), (status) => status === 404)) });
  await staged();
  rows.push({ label: 'nothing changed', run: await runPublish(env) });
  // A full build that reuses nothing of earlier builds (the fallback when a publish is unsure),
  // with the raster cache the builds above left: every social image is taken from it.
  await staged();
  rows.push({ label: 'full build, images cached (--full)', run: await runPublish(env, undefined, ['--full']) });
  return rows;
}

function formatRow(count: number, { label, run, live }: Row): string {
  const p = run.changes.paths;
  const reuse = /(\d+) keyed pages rendered, (\d+) reused/.exec(run.summary);
  const mode = run.changes.mode === 'incremental' && run.summary.includes('(staged)') ? 'incremental, staged' : run.changes.mode;
  const hit = reuse ? `${((100 * Number(reuse[2])) / (Number(reuse[1]) + Number(reuse[2]))).toFixed(1)} %` : '–';
  const images = /social images: ([\d,]+) drawn, ([\d,]+) from the raster cache/.exec(run.summary);
  return `| ${count.toLocaleString('en')} | ${label} | ${mode} | ${s(run.seconds)} | ${live === undefined ? '–' : s(live)} | ${s(run.cpu)} | ${mb(run.newBytes)} (${run.newFiles.toLocaleString('en')}) | ${run.linkedFiles.toLocaleString('en')} | ${hit} | ${images ? `${images[1]}/${images[2]}` : '–'} | ${p.changed.length}/${p.added.length}/${p.removed.length} | ${run.rssMb.toFixed(0)} | ${run.load.toFixed(1)} |`;
}

/** `npm run bench -- publish`: the goals of issue 18 at 10,000 and 50,000 synthetic templates. */
export async function runPublishSuite(): Promise<string> {
  const rows: string[] = [];
  const starts: Start[] = [];
  for (const count of SIZES) rows.push(...(await measureSize(count, starts)).map((row) => formatRow(count, row)));
  return [
    '`npm run build` (scripts/build.ts) on synthetic catalogs, one process each under /usr/bin/time, with `npm run serve` running on the same build folder. ' +
      '"live" is from the start of the publish until the running server answers the change (polled every 50 ms). "new" counts files of the new build that are not hard links to the previous build (bytes and files, by inode); "linked", files shared with it. ' +
      '"reuse" is keyed pages linked / keyed pages; "images" is social images drawn / taken from the raster cache (pages reused whole take theirs from the previous build and count in neither); "staged": the links were made ahead, after the previous publish (each publish waits for that and the deletion of old builds, then a `sync`, as publishes minutes apart would find them done). Load: the 1-minute load average at the start (2 cores; above 2 other work competed).',
    '',
    '| templates | publish | mode | build s | build + live s | CPU s | new MB (files) | linked files | reuse | images | paths changed/added/removed | peak RSS MB | load |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    'The full build at rest, and `npm run serve` started on it: cold start is from spawning the process to the first search answer.',
    '',
    '| templates | dist/client MB | files | server cold start ms | server RSS MB after start |',
    '|---|---|---|---|---|',
    ...starts.map((x) => `| ${x.count.toLocaleString('en')} | ${x.clientMb.toFixed(0)} | ${x.files.toLocaleString('en')} | ${x.coldMs.toFixed(0)} | ${x.rssMb.toFixed(0)} |`),
  ].join('\n');
}
