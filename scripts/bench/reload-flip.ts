/**
 * A/B of reloads on running servers: one server per code checkout (ROOTS, comma-separated
 * project folders), each on its own DIST_DIR link beside DIST_DIR (sharing its builds), reloads
 * in turn onto new builds that hard-link every file of DIST_DIR's build (as an incremental
 * publish does) except, with `edit`, one catalog shard, the head and the search index. Each
 * code runs with and without the after-publish staging of the real build competing (FLIP_STAGING),
 * the orders rotated each round. Prints each `build live` line and the medians.
 * Usage: [FLIP_NODE_ARGS='--cpu-prof …'] [FLIP_TRIM_MANIFEST=1] [FLIP_STAGING=off,on,nice,delay] node scripts/bench/reload-flip.ts DIST_DIR CATALOG_DIR ROUNDS same|edit ROOTS
 */
import { spawn, execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { spawnServer, type RunningServer } from '../lib/spawn-server.ts';
import { locateBuildsDir, publishBuild, resolveBuild } from '../../src/publish/build-layout.ts';

const [distDir, catalogDir, roundsArg, mode, rootsArg] = process.argv.slice(2) as [string, string, string, 'same' | 'edit', string];
const source = resolveBuild(distDir);
const builds = locateBuildsDir(distDir);
const roots = rootsArg.split(',').map((r) => resolve(r));
const rounds = Number(roundsArg);
const made: string[] = [];
let serial = 0;

/** A build folder of hard links to the source's data and server halves (what a load reads). */
function makeBuild(): string {
  const n = serial++;
  const dir = join(builds, `2099${String(n).padStart(4, '0')}T000000Z-flip`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'client'), { recursive: true });
  execFileSync('cp', ['-al', join(source.dir, 'client', 'data'), join(dir, 'client', 'data')]);
  execFileSync('cp', ['-al', join(source.dir, 'server'), join(dir, 'server')]);
  if (mode === 'edit') {
    const data = join(dir, 'client', 'data');
    for (const file of ['catalog.json', 'search-index.bin']) {
      unlinkSync(join(data, file));
      copyFileSync(join(source.dir, 'client', 'data', file), join(data, file));
    }
    const shard = join(data, 'catalog', '3.json');
    const parsed = JSON.parse(readFileSync(shard, 'utf8')) as { templates: { description: string }[] };
    parsed.templates[0]!.description += ` edit ${n}`;
    unlinkSync(shard);
    writeFileSync(shard, JSON.stringify(parsed));
  }
  if (process.env.FLIP_TRIM_MANIFEST === '1') trimManifestAssets(join(dir, 'server', 'entry.mjs'));
  made.push(dir);
  return dir;
}

/**
 * What the server's entry would be if Astro had not listed the pages the publish linked in
 * ahead as assets of its manifest (FLIP_TRIM_MANIFEST=1): a measurement, not a fix.
 */
function trimManifestAssets(entry: string): void {
  const pagePaths = /^\/(templates|posters|api|data\/catalog)\//;
  const text = readFileSync(entry, 'utf8').replace(/"assets":(\[[^\]]*\])/, (_, list: string) => `"assets":${JSON.stringify((JSON.parse(list) as string[]).filter((a) => !pagePaths.test(a)))}`);
  unlinkSync(entry);
  writeFileSync(entry, text);
}

// Each server's own DIST_DIR link, its `.builds` a link to the real builds folder.
const links = roots.map((_, k) => {
  const link = `${resolve(distDir)}-ab${k}`;
  rmSync(link, { force: true });
  rmSync(`${link}.builds`, { force: true });
  symlinkSync(builds, `${link}.builds`);
  publishBuild(link, source.dir);
  return link;
});
const servers: RunningServer[] = [];
const home = process.cwd();
for (const [k, root] of roots.entries()) {
  process.chdir(root); // spawnServer runs src/server/main.ts of the current folder
  servers.push(await spawnServer({ DIST_DIR: links[k]!, REST_RATE_LIMIT: '1000000000' }, (process.env.FLIP_NODE_ARGS ?? '').split(' ').filter(Boolean), { requestLines: false }));
}
process.chdir(home);

/**
 * How the after-publish staging runs beside a reload (FLIP_STAGING, comma-separated; default
 * `off,on`): `off` none, `on` as `npm run build` starts it, `nice` under `nice -n 19 ionice -c 3`,
 * `delay` started 3 s after the publish.
 */
type Staging = 'off' | 'on' | 'nice' | 'delay';
const modes = (process.env.FLIP_STAGING ?? 'off,on').split(',') as Staging[];
const rows: { code: number; staging: Staging; loadMs: number; liveMs: number; reused: unknown }[] = [];

function startStaging(staging: Staging): Promise<unknown> | undefined {
  if (staging === 'off') return undefined;
  const env = { ...process.env, DIST_DIR: distDir, CATALOG_DIR: catalogDir, KEEP_BUILDS: '1000' };
  const command = staging === 'nice' ? ['nice', '-n', '19', 'ionice', '-c', '3', process.execPath] : [process.execPath];
  return new Promise((done) => {
    setTimeout(() => spawn(command[0]!, [...command.slice(1), 'src/publish/after-publish.ts', source.id], { env, stdio: 'ignore' }).on('exit', done), staging === 'delay' ? 3000 : 0);
  });
}

async function reloadOnce(code: number, staging: Staging): Promise<void> {
  const dir = makeBuild();
  await new Promise((r) => setTimeout(r, 1500));
  const exited = startStaging(staging);
  const published = performance.now();
  publishBuild(links[code]!, dir);
  const id = dir.split('/').at(-1);
  const live = await servers[code]!.waitForLog((e) => e.msg === 'build live' && e.build === id);
  rows.push({ code, staging, loadMs: Number(live.loadMs), liveMs: Math.round(performance.now() - published), reused: live.shardsReused });
  console.log(JSON.stringify(rows.at(-1)));
  await exited;
}

try {
  for (let r = 0; r < rounds; r++) {
    // Each round rotates the order of the staging modes and flips the order of the codes.
    for (let m = 0; m < modes.length; m++) {
      const order = roots.map((_, k) => k);
      for (const code of (r + m) % 2 ? order.reverse() : order) await reloadOnce(code, modes[(m + r) % modes.length]!);
    }
  }
} finally {
  for (const s of servers) await s.stop();
  for (const link of links) rmSync(link, { force: true }), rmSync(`${link}.builds`, { force: true });
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const staging of modes) {
  for (const [code, root] of roots.entries()) {
    const r = rows.filter((x) => x.staging === staging && x.code === code);
    console.log(`${root} ${mode} staging=${staging}: loadMs median ${median(r.map((x) => x.loadMs))} (${r.map((x) => x.loadMs).join(', ')}); publish→live median ${median(r.map((x) => x.liveMs))}`);
  }
}
