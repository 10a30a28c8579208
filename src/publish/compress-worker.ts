/**
 * The body of a precompression worker thread. Serialized with toString and evaluated in the
 * worker, so it may use only what it requires itself (no imports, no outer names).
 */
import type { checkPng as CheckPng } from './raster-cache.ts';
import type { RasterSettings } from './social-image-raster.ts';

/** Settings every worker gets once. */
export interface CompressSettings {
  /** Files smaller than this are left alone: the headers would eat the gain. */
  minBytes: number;
  /**
   * Brotli quality for files of `largeBytes` or more. 8, not 9: on the 226 files of 64 KB or more
   * at 10,000 templates (list pages, shards), 9 took 22.7 s of CPU and 8 took 1.1 s, for 2.4 %
   * more bytes (2.84 → 2.91 MB): 9 switches to a far slower matcher.
   */
  brotliQuality: number;
  /** Brotli quality below `largeBytes`: on small pages 5 is within 1% of 9 at half the CPU. */
  smallBrotliQuality: number;
  largeBytes: number;
  /**
   * Gzip level 1–9. 6, not 9: on the 58,853 files of a 10,000-template build with every template
   * prerendered, 9 took 7.6 s of CPU and 6 took 5.0 s, for 0.34 % more bytes (81.68 → 81.96 MB).
   */
  gzipLevel: number;
  /** Extensions worth compressing ('' is the extension-less API JSON and /.well-known files). */
  textExtensions: string[];
  /** How jobs marked `rasterize` turn SVG into PNG (social-image-raster.ts). */
  raster: RasterSettings;
}

/**
 * One file to hash and compress; with `text`, to write first (its folder must exist).
 * `previous` is the same file in an earlier build, if any.
 */
export interface CompressJob {
  path: string;
  text?: string;
  /** `text` is an SVG: write its PNG. */
  rasterize?: boolean;
  /** Paths that get the same bytes: linked to the file, and to each of its siblings, once written. */
  links?: string[];
  /** `link`: the earlier build is the one this build reuses, so a file written again with its bytes becomes a link to it. */
  previous?: { path: string; hash: string; br: number; gz: number; link?: boolean };
}

/**
 * What became of one file: its hash, bytes, and its siblings' bytes (0: none). `reused`: siblings
 * linked, not compressed. `raster`, for a social image: drawn, taken from the raster cache, or
 * drawn again because the cached one was damaged (the entry is replaced).
 */
export interface CompressResult {
  path: string;
  hash: string;
  size: number;
  br: number;
  gz: number;
  reused: boolean;
  raster?: 'drawn' | 'cached' | 'repaired';
}

/**
 * Runs in the worker: pulls batches of jobs from the main thread until it sends none, and
 * answers each batch with its results. Sync zlib in a few workers beats async zlib here: each
 * async call builds a stream object on the main thread, which on ~50,000 small files cost
 * more than the compression itself. A file byte-identical to the previous build's gets that
 * build's siblings hard-linked (compression is deterministic, so they are what it would write),
 * and in an incremental publish the file itself too.
 * Files and siblings are created exclusively ('wx'): nothing is ever written through a link.
 * A social image is linked from the raster cache when its key is there and the PNG checks
 * out (`checkPng` of raster-cache.ts, handed over as source); else it is drawn, written, and
 * then linked into the cache (so an entry appears whole).
 */
export function runCompressWorker(checkPng: typeof CheckPng): void {
  const { parentPort, workerData } = require('node:worker_threads') as typeof import('node:worker_threads');
  const { readFileSync, writeFileSync, linkSync, lstatSync, unlinkSync } = require('node:fs') as typeof import('node:fs');
  const { extname, join } = require('node:path') as typeof import('node:path');
  const { hash } = require('node:crypto') as typeof import('node:crypto');
  const zlib = require('node:zlib') as typeof import('node:zlib');
  const c = zlib.constants;
  const s = workerData as CompressSettings;
  const text = new Set(s.textExtensions);
  const r = s.raster;
  let Resvg: typeof import('@resvg/resvg-js').Resvg | undefined;
  const draw = (svg: string) => {
    if (r.problem) throw new Error(r.problem);
    Resvg ??= (require(r.module) as typeof import('@resvg/resvg-js')).Resvg;
    return new Resvg(svg, r.options).render().asPng();
  };
  // The cached PNG linked to `path` if it is whole; 'damaged' when it was not (both links gone).
  const takeCached = (entry: string, path: string): Buffer | 'damaged' | undefined => {
    try {
      linkSync(entry, path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw err; // the build's file exists: a fault, as with 'wx'
      return undefined; // not cached, or a cache folder we may not use
    }
    try {
      const data = readFileSync(path);
      if (lstatSync(path).isFile() && checkPng(data, zlib.crc32, r.width, r.height) === null) return data;
    } catch {
      // unreadable: as damaged
    }
    unlinkSync(path);
    try {
      unlinkSync(entry);
    } catch {
      // removed meanwhile, or not ours to remove: a later build draws it again
    }
    return 'damaged';
  };
  const rasterize = (job: CompressJob & { text: string }): { data: Buffer; raster: 'drawn' | 'cached' | 'repaired' } => {
    const entry = r.cache && join(r.cache.dir, `${hash('sha256', `${r.cache.identity}\n${job.text}`, 'hex')}.png`);
    const cached = entry ? takeCached(entry, job.path) : undefined;
    if (cached instanceof Buffer) return { data: cached, raster: 'cached' };
    const data = draw(job.text);
    writeFileSync(job.path, data, { flag: 'wx' });
    try {
      if (entry) linkSync(job.path, entry);
    } catch {
      // already there (the same SVG twice), or a cache folder we may not write: drawn all the same
    }
    return { data, raster: cached === 'damaged' ? 'repaired' : 'drawn' };
  };

  // The file, then a link to it (and to each of its siblings) at each of its links' paths.
  function compressLinked(job: CompressJob): CompressResult[] {
    const result = compress(job);
    const linked = (job.links ?? []).map((path) => {
      linkSync(job.path, path);
      if (result.br) linkSync(`${job.path}.br`, `${path}.br`);
      if (result.gz) linkSync(`${job.path}.gz`, `${path}.gz`);
      return { ...result, path };
    });
    return [result, ...linked];
  }

  function compress(job: CompressJob): CompressResult {
    let data: Buffer;
    let raster: CompressResult['raster'];
    if (job.text === undefined) data = readFileSync(job.path);
    else if (job.rasterize) ({ data, raster } = rasterize(job as CompressJob & { text: string }));
    else writeFileSync(job.path, (data = Buffer.from(job.text)), { flag: 'wx' });
    const result: CompressResult = { path: job.path, hash: hash('sha1', data, 'base64url'), size: data.length, br: 0, gz: 0, reused: false, ...(raster ? { raster } : {}) };
    if (data.length < s.minBytes || !text.has(extname(job.path))) return result;
    const prev = job.previous;
    if (prev && prev.hash === result.hash) {
      // A page Astro wrote again, unchanged: the reused build's file takes its place, as its siblings
      // do, so a publish adds only what changed (~1,250 list pages at 10,000 templates, ~34 MB).
      if (prev.link && job.text === undefined) {
        unlinkSync(job.path);
        linkSync(prev.path, job.path);
      }
      if (prev.br) linkSync(`${prev.path}.br`, `${job.path}.br`);
      if (prev.gz) linkSync(`${prev.path}.gz`, `${job.path}.gz`);
      return { ...result, br: prev.br, gz: prev.gz, reused: true };
    }
    // a window fitted to the file: the default 4 MB one costs ~1 ms of setup per call
    const window = Math.max(c.BROTLI_MIN_WINDOW_BITS, Math.min(c.BROTLI_MAX_WINDOW_BITS, Math.ceil(Math.log2(data.length))));
    const quality = data.length >= s.largeBytes ? s.brotliQuality : s.smallBrotliQuality;
    const br = zlib.brotliCompressSync(data, {
      params: { [c.BROTLI_PARAM_QUALITY]: quality, [c.BROTLI_PARAM_MODE]: c.BROTLI_MODE_TEXT, [c.BROTLI_PARAM_SIZE_HINT]: data.length, [c.BROTLI_PARAM_LGWIN]: window },
    });
    // the window fitted too (the same bytes: a file within the window is matched alike), less to set up per call
    const gz = zlib.gzipSync(data, { level: s.gzipLevel, windowBits: Math.max(9, Math.min(15, Math.ceil(Math.log2(data.length + 262)))) });
    // a sibling that is not smaller than the original is useless: the server then sends the original
    if (br.length < data.length) writeFileSync(`${job.path}.br`, br, { flag: 'wx' });
    if (gz.length < data.length) writeFileSync(`${job.path}.gz`, gz, { flag: 'wx' });
    return { ...result, br: br.length < data.length ? br.length : 0, gz: gz.length < data.length ? gz.length : 0 };
  }

  parentPort!.on('message', (jobs: CompressJob[] | null) => {
    if (jobs === null) return parentPort!.close();
    parentPort!.postMessage(jobs.flatMap(compressLinked));
  });
  parentPort!.postMessage([]); // ready: ask for the first batch
}
