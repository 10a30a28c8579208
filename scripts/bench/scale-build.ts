import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { runPublish } from './publish-steps.ts';
import { setAside } from './set-aside.ts';

/** A clean build of the scale catalog and its upload folder, with the suite's rows. */
export interface ScaleBuild {
  /** The build's DIST_DIR; null when the build failed. */
  dist: string | null;
  upload: string;
  rows: string[];
}

const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
const load = () => loadavg()[0]!.toFixed(1);
/** Cloudflare's limit on one static asset (Workers Static Assets and Pages alike). */
const FILE_LIMIT = 25 * 1024 * 1024;

/** Files, bytes and the largest file of an upload folder. */
function measureUploadFolder(dir: string): { files: number; bytes: number; largest: { path: string; bytes: number } } {
  let files = 0;
  let bytes = 0;
  let largest = { path: '', bytes: 0 };
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const size = statSync(join(e.parentPath, e.name)).size;
    files++;
    bytes += size;
    if (size > largest.bytes) largest = { path: join(e.parentPath, e.name).slice(dir.length), bytes: size };
  }
  return { files, bytes, largest };
}

/**
 * The clean build at `count` templates as an operator of a big catalog runs it
 * (`PRERENDER_TEMPLATES=prerender SOCIAL_IMAGES=on-demand npm run build` into an empty
 * DIST_DIR, under /usr/bin/time: wall, CPU of the process and its threads, peak RSS, the load
 * before and after), then `npm run upload-folder` of it and `npm run check-upload` against
 * Cloudflare's free plan. Null `dist` when the build failed (the row says where).
 */
export async function measureScaleBuild(catalog: string, count: number, prerender: string): Promise<ScaleBuild> {
  const root = `/tmp/bench-scale-${count}`;
  setAside(root); // not deleted before the build: set-aside.ts
  mkdirSync(root);
  const dist = join(root, 'dist');
  const upload = join(root, 'upload');
  const env = { CATALOG_DIR: catalog, DIST_DIR: dist, SITE_URL: 'http://localhost:4321', PRERENDER_TEMPLATES: prerender, SOCIAL_IMAGES: 'on-demand', LOG_LEVEL: 'warn' };
  const n = count.toLocaleString('en');
  const command = `\`CATALOG_DIR=${catalog} PRERENDER_TEMPLATES=${prerender} SOCIAL_IMAGES=on-demand npm run build\` (clean)`;
  const rows: string[] = [];
  try {
    const run = await runPublish(env);
    const files = run.newFiles.toLocaleString('en');
    rows.push(`| ${command}, ${n} templates | **${run.seconds.toFixed(1)} s wall** (load ${run.load.toFixed(1)} before, ${load()} after); **${run.cpu.toFixed(1)} s CPU** (user + sys); peak RSS ${run.rssMb.toFixed(0)} MB; ${files} files, ${mb(run.newBytes)} MB | ≤ 3 min wall on 2 cores |`);
  } catch (err) {
    rows.push(`| ${command}, ${n} templates | **failed** (load ${load()}): ${String((err as Error).message).replace(/\s+/g, ' ').slice(-600)} | ≤ 3 min |`);
    return { dist: null, upload, rows };
  }
  const made = spawnSync(process.execPath, ['scripts/upload-folder.ts', upload], { env: { ...process.env, ...env }, encoding: 'utf8' });
  if (made.status !== 0) {
    rows.push(`| \`npm run upload-folder\`, ${n} templates | **failed**: ${(made.stderr || made.stdout).replace(/\s+/g, ' ').slice(-400)} | ≤ 20,000 files |`);
    return { dist, upload, rows };
  }
  const size = measureUploadFolder(upload);
  const fits = spawnSync(process.execPath, ['scripts/check-upload.ts', upload, '--plan', 'cloudflare-free'], { env: { ...process.env, ...env }, encoding: 'utf8' });
  const largest = `largest file ${size.largest.path} ${mb(size.largest.bytes)} MB (${((100 * size.largest.bytes) / FILE_LIMIT).toFixed(0)} % of Cloudflare's 25 MiB a file)`;
  rows.push(`| \`npm run upload-folder\` of that build, ${n} templates | **${size.files.toLocaleString('en')} files**, ${mb(size.bytes)} MB; ${largest}; \`npm run check-upload -- --plan cloudflare-free\`: ${fits.status === 0 ? 'fits' : '**does not fit**'} | ≤ 20,000 files, each ≤ 25 MiB |`);
  return { dist, upload, rows };
}
