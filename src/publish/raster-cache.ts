import { lstatSync, mkdirSync, readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { digestText } from '../core/catalog/digest-template.ts';

const require = createRequire(import.meta.url);

/**
 * The raster cache: social images (PNG) by a digest of their SVG and of the renderer, in
 * `{DIST_DIR}.builds/.cache/raster/<key>.png`, beside the builds (so `npm ci` never touches
 * it). resvg draws the same bytes from the same SVG, fonts and options, so a build that takes
 * a cached image writes what drawing it would: a full build (a code change, a lost reuse
 * cache, `--full`) draws only the images whose SVG is new. Entries are hard links of images
 * in builds, never written after they appear; each is checked before it is used
 * (checkPng), and the after-publish process drops the ones no build links any more.
 */

/** Where the raster cache of the builds in `buildsDir` lives. */
export function locateRasterCache(buildsDir: string): string {
  return join(buildsDir, '.cache', 'raster');
}

/** The cache folder, created if need be; undefined when it cannot be (a read-only or foreign folder: every image is drawn). */
export function prepareRasterCache(buildsDir: string): string | undefined {
  const dir = locateRasterCache(buildsDir);
  try {
    mkdirSync(dir, { recursive: true });
    return lstatSync(dir).isDirectory() ? dir : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What the PNG of an SVG depends on besides the SVG: resvg-js's version (its native binding
 * is pinned to it) and the platform that binding is built for (its float arithmetic may round
 * differently elsewhere), the bytes of each font file, and the options (font paths aside: the
 * same fonts elsewhere draw the same pixels). Part of every cache key.
 */
export function identifyRenderer(options: unknown, fontFiles: readonly string[]): string {
  const pkg = JSON.parse(readFileSync(join(dirname(require.resolve('@resvg/resvg-js')), 'package.json'), 'utf8')) as { version: string };
  const fonts = fontFiles.map((f) => {
    try {
      return digestText(readFileSync(f));
    } catch {
      return 'missing'; // the build then fails at its first image (social-image-raster.ts)
    }
  });
  const settings = JSON.stringify(options, (key, value: unknown) => (key === 'fontFiles' ? undefined : value));
  return `resvg-js ${pkg.version} ${process.platform}-${process.arch}; fonts ${fonts.join(',')}; options ${settings}`;
}

/**
 * Why `data` is not a whole PNG of `width`x`height`, or null when it is: the signature, every
 * chunk's length and CRC, IHDR first with the size, and IEND last, at the very end. Cheap
 * (one CRC pass, ~0.1 ms for a 100 KB image) but enough to catch a flipped byte or a cut
 * file. Self-contained, `crc32` given: the compress worker receives it as source text.
 */
export function checkPng(data: Uint8Array, crc32: (data: Uint8Array) => number, width: number, height: number): string | null {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const sig = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (data.length < 8 || sig.some((b, i) => data[i] !== b)) return 'no PNG signature';
  let at = 8;
  let last = '';
  while (at < data.length) {
    if (at + 12 > data.length) return `cut short at byte ${at}`;
    const length = view.getUint32(at);
    const end = at + 12 + length;
    if (end > data.length) return `a chunk runs past the end at byte ${at}`;
    const type = String.fromCharCode(data[at + 4]!, data[at + 5]!, data[at + 6]!, data[at + 7]!);
    if (last === 'IEND') return 'data after IEND';
    if (at === 8 && (type !== 'IHDR' || length !== 13)) return 'IHDR is not the first chunk';
    if (crc32(data.subarray(at + 4, end - 4)) !== view.getUint32(end - 4)) return `${type} at byte ${at} fails its CRC`;
    if (type === 'IHDR' && (view.getUint32(at + 8) !== width || view.getUint32(at + 12) !== height)) {
      return `${view.getUint32(at + 8)}x${view.getUint32(at + 12)}, not ${width}x${height}`;
    }
    last = type;
    at = end;
  }
  return last === 'IEND' ? null : 'no IEND at the end';
}

/**
 * Deletes the entries no build links any more (one link: the cache's own), after old builds
 * were deleted: the cache then holds what the kept builds hold, at no extra disk space.
 * An image a build links at the same instant only loses its cache entry, never its bytes.
 * Returns how many were deleted.
 */
export function pruneRasterCache(buildsDir: string): number {
  const dir = locateRasterCache(buildsDir);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 0; // none yet
  }
  let removed = 0;
  for (const name of names) {
    const path = join(dir, name);
    try {
      const stat = lstatSync(path);
      if (stat.isFile() && stat.nlink > 1) continue;
      unlinkSync(path); // unlinked, or anything else that has no place here
      removed++;
    } catch {
      // deleted meanwhile
    }
  }
  return removed;
}
