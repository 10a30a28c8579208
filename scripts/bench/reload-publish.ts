/**
 * A/B of real publishes onto a running server: for each publish one server runs, from each
 * code checkout in turn (ROOTS, comma-separated project folders, A B B A …). Edits one
 * template's description, runs `npm run build`'s command, and reads the server's `build live`
 * line (its loadMs, and its time against the build's exit), when GET /api/v1/templates/<id>
 * shows the edit, and the CPU the build process (after its switch) and the after-publish
 * staging used while the server loaded. Waits for the staging between publishes (publishes
 * minutes apart find the next build staged).
 * Usage: node scripts/bench/reload-publish.ts DIST_DIR CATALOG_DIR REPS ROOTS
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { spawnServer } from '../lib/spawn-server.ts';
import { locateBuildsDir, resolveBuild } from '../../src/publish/build-layout.ts';

const [distDir, catalogDir, repsArg, rootsArg] = process.argv.slice(2) as [string, string, string, string];
const roots = rootsArg.split(',').map((r) => resolve(r));
const home = process.cwd();
const file = readdirSync(catalogDir).filter((n) => n.endsWith('.json') && !n.startsWith('_')).sort()[0]!;
const path = join(catalogDir, file);
const log = join(locateBuildsDir(distDir), '.cache', 'after-publish.log');
const lines = () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').length : 0);

/** CPU seconds (user + system, all threads) of a process so far, or undefined once it is gone. */
function cpuOf(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}
const findStaging = () =>
  readdirSync('/proc').filter((p) => /^\d+$/.test(p)).map(Number).find((pid) => {
    try {
      // Others' builds stage too: only the one publishing into this DIST_DIR counts.
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('after-publish.ts') && readFileSync(`/proc/${pid}/environ`, 'utf8').includes(`\0DIST_DIR=${distDir}\0`);
    } catch {
      return false;
    }
  });

/** Samples [time, cpu s] of the build process and of the staging process every 100 ms until stopped. */
function sampleCpu(buildPid: number) {
  const samples: { at: number; build?: number; staging?: number }[] = [];
  let stagingPid: number | undefined;
  const timer = setInterval(() => {
    stagingPid ??= findStaging();
    samples.push({ at: Date.now(), build: cpuOf(buildPid), staging: stagingPid === undefined ? undefined : cpuOf(stagingPid) });
  }, 100);
  /** CPU seconds each used between `from` and `to` (ms since the epoch). */
  const between = (from: number, to: number, key: 'build' | 'staging') => {
    const inside = samples.filter((s) => s.at >= from && s.at <= to && s[key] !== undefined);
    return inside.length < 2 ? 0 : inside.at(-1)![key]! - inside[0]![key]!;
  };
  return { stop: () => clearInterval(timer), between };
}

for (let i = 0; i < Number(repsArg); i++) {
  const code = [0, 1, 1, 0][i % 4]! % roots.length;
  process.chdir(roots[code]!);
  const server = await spawnServer({ DIST_DIR: distDir, REST_RATE_LIMIT: '1000000000' }, [], { requestLines: false });
  process.chdir(home);
  try {
    await new Promise((r) => setTimeout(r, 3000)); // past the start's own GC and timers
    const t = JSON.parse(readFileSync(path, 'utf8')) as { id: string; description: string };
    const mark = `edit ${Date.now()}`;
    t.description = `${t.description.replace(/ edit \d+$/, '')} ${mark}`;
    writeFileSync(path, `${JSON.stringify(t, null, 2)}\n`);
    const before = lines();
    const load1 = loadavg()[0]!;
    const started = Date.now();
    const child = spawn(process.execPath, ['--max-old-space-size=12288', 'scripts/build.ts'], {
      env: { ...process.env, DIST_DIR: distDir, CATALOG_DIR: catalogDir, SOURCE_DATE_EPOCH: '1764000000' },
      stdio: 'ignore',
    });
    const cpu = sampleCpu(child.pid!);
    await new Promise<void>((ok, fail) => child.on('exit', (c) => (c === 0 ? ok() : fail(new Error(`build ${c}`)))));
    const built = Date.now();
    const id = resolveBuild(distDir).id;
    const live = await server.waitForLog((e) => e.msg === 'build live' && e.build === id);
    const loading = server.logs.find((e) => e.msg === 'loading build' && e.build === id)!;
    for (;;) {
      const res = await fetch(`${server.url}/api/v1/templates/${t.id}`);
      if ((await res.text()).includes(mark)) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const visible = Date.now();
    cpu.stop();
    const [from, to] = [Date.parse(String(loading.time)), Date.parse(String(live.time))];
    const row = {
      code: roots[code],
      build: id,
      buildS: ((built - started) / 1000).toFixed(1),
      loadMs: live.loadMs,
      shardsReused: live.shardsReused,
      loadingVsExitMs: from - built,
      liveVsExitMs: to - built,
      visibleS: ((visible - started) / 1000).toFixed(1),
      cpuDuringLoad: { build: cpu.between(from, to, 'build').toFixed(2), staging: cpu.between(from, to, 'staging').toFixed(2) },
      load1: load1.toFixed(1),
    };
    console.log(JSON.stringify(row));
    while (lines() < before + 2) await new Promise((r) => setTimeout(r, 500));
  } finally {
    await server.stop();
  }
}
