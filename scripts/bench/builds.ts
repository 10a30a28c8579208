import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Builds `catalogDir` into `distDir` (unless already built and `reuse`), returning seconds taken or null. */
export function ensureBuild(catalogDir: string, distDir: string, reuse = true): number | null {
  if (reuse && existsSync(join(distDir, 'client', 'data', 'catalog.json'))) return null;
  const t0 = performance.now();
  execFileSync('npx', ['astro', 'build', '--silent'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, CATALOG_DIR: catalogDir, DIST_DIR: distDir, SITE_URL: 'http://localhost:4321' },
  });
  return (performance.now() - t0) / 1000;
}

/** Writes a synthetic catalog of `count` templates unless it is already there. */
export function ensureSyntheticCatalog(count: number): string {
  const dir = join('/tmp', `catalog-${count}`);
  if (!existsSync(join(dir, '_categories.json')) || readdirSync(dir).length !== count + 1) {
    execFileSync(process.execPath, ['scripts/generate-catalog.ts', '--count', String(count), '--out', dir], { stdio: 'ignore' });
  }
  return dir;
}

/** Total bytes and file count under a folder. */
export function measureDir(dir: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    bytes += statSync(join(entry.parentPath, entry.name)).size;
    files++;
  }
  return { bytes, files };
}
