import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync, type Stats } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { locateBuildsDir, resolveBuild } from '../../src/publish/build-layout.ts';
import { changeListSchema, type ChangeList } from '../../src/schemas/change-list.ts';

/** One `npm run build` as the bench saw it. */
export interface PublishRun {
  seconds: number;
  /** CPU seconds of the publish process (user + system, its worker threads included) and its peak RSS. */
  cpu: number;
  rssMb: number;
  changes: ChangeList;
  /** The summary line the publish printed. */
  summary: string;
  /** Bytes and files of the new build that are not hard links to the previous build's. */
  newBytes: number;
  newFiles: number;
  linkedFiles: number;
  /** 1-minute load average of the machine when the publish started (2 cores: above 2 means others compete). */
  load: number;
}

/** Every file under `dir`, with its stat. */
function* walkFiles(dir: string): Generator<Stats> {
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) if (e.isFile()) yield statSync(join(e.parentPath, e.name));
}

/**
 * Files of a build that are not hard links to the previous build's (`previous`, absent for a
 * first build), and those that are. By inode, not link count: the staging that follows a
 * publish links every keyed file of the new build too, so a count of links would call a full
 * build's files "linked" once it has run.
 */
function countNewFiles(dir: string, previous: string | null): { bytes: number; files: number; linked: number } {
  const shared = new Set<number>();
  if (previous) for (const s of walkFiles(previous)) shared.add(s.ino);
  let bytes = 0;
  let files = 0;
  let linked = 0;
  for (const s of walkFiles(dir)) {
    if (shared.has(s.ino)) linked++;
    else {
      files++;
      bytes += s.size;
    }
  }
  return { bytes, files, linked };
}

/** The node flags of `npm run build`, read from package.json so the bench runs what operators run. */
const BUILD_FLAGS = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts
  .build!.split(/\s+/)
  .filter((word) => word.startsWith('--'));

/**
 * Runs `npm run build`'s command with `env` under /usr/bin/time and measures what it wrote,
 * once `settled` has (counting the build's files walks ~155,000 of them at 10,000 templates: it
 * would hold up this process's poll of the server, and so the "live" figure). `args` go to the
 * build (`--full`).
 */
export function runPublish(env: Record<string, string>, settled: Promise<unknown> = Promise.resolve(), args: string[] = []): Promise<PublishRun> {
  const load = loadavg()[0]!;
  const started = performance.now();
  const child = spawn('/usr/bin/time', ['-f', 'TIME %U %S %M', process.execPath, ...BUILD_FLAGS, 'scripts/build.ts', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) => {
    child.on('exit', async (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (code !== 0) return reject(new Error(`publish failed (${code}):\n${out}\n${err}`));
      await settled.catch(() => {});
      const [, user, sys, rss] = /TIME ([\d.]+) ([\d.]+) (\d+)/.exec(err)!;
      const dir = resolveBuild(env.DIST_DIR!).dir;
      const changes = changeListSchema.parse(JSON.parse(readFileSync(join(dir, 'changes.json'), 'utf8')));
      const counted = countNewFiles(dir, changes.previous && join(locateBuildsDir(env.DIST_DIR!), changes.previous));
      const summary = out.trim().split('\n').at(-1) ?? '';
      resolve({ seconds, cpu: Number(user) + Number(sys), rssMb: Number(rss) / 1024, changes, summary, newBytes: counted.bytes, newFiles: counted.files, linkedFiles: counted.linked, load });
    });
  });
}

/** Polls `url` until `test` accepts the answer; resolves with the seconds since `since`. */
export async function waitUntilLive(url: string, test: (status: number, body: string) => boolean, since: number, timeoutS = 1200): Promise<number> {
  for (;;) {
    const res = await fetch(url);
    if (test(res.status, await res.text())) return (performance.now() - since) / 1000;
    if ((performance.now() - since) / 1000 > timeoutS) throw new Error(`${url} did not change within ${timeoutS} s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
