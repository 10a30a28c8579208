/**
 * The body of a precompression worker thread. Serialized with toString and evaluated in the
 * worker, so it may use only what it requires itself (no imports, no outer names).
 */

/** Settings every worker gets once. */
export interface CompressSettings {
  /** Files smaller than this are left alone: the headers would eat the gain. */
  minBytes: number;
  /** Brotli quality for files of `largeBytes` or more. */
  brotliQuality: number;
  /** Brotli quality below `largeBytes`: on small pages 5 is within 1% of 9 at half the CPU. */
  smallBrotliQuality: number;
  largeBytes: number;
  /** Gzip level 1–9. */
  gzipLevel: number;
  /** Extensions worth compressing ('' is the extension-less API JSON and /.well-known files). */
  textExtensions: string[];
  /** How jobs marked `rasterize` turn SVG into PNG (social-image-raster.ts). */
  raster: RasterSettings;
}

/** resvg, by its resolved module path, and the font files it may use (no system fonts: the same PNG on every machine). */
export interface RasterSettings {
  module: string;
  fontFiles: string[];
  family: string;
  /** Why images cannot be drawn here (a missing font): the first raster job fails with it. */
  problem?: string;
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
  previous?: { path: string; hash: string; br: number; gz: number };
}

/** What became of one file: its hash, bytes, and its siblings' bytes (0: none). `reused`: siblings linked, not compressed. */
export interface CompressResult {
  path: string;
  hash: string;
  size: number;
  br: number;
  gz: number;
  reused: boolean;
}

/**
 * Runs in the worker: pulls batches of jobs from the main thread until it sends none, and
 * answers each batch with its results. Sync zlib in a few workers beats async zlib here: each
 * async call builds a stream object on the main thread, which on ~50,000 small files cost
 * more than the compression itself. A file byte-identical to the previous build's gets that
 * build's siblings hard-linked (compression is deterministic, so they are what it would write).
 * Files and siblings are created exclusively ('wx'): nothing is ever written through a link.
 */
export function runCompressWorker(): void {
  const { parentPort, workerData } = require('node:worker_threads') as typeof import('node:worker_threads');
  const { readFileSync, writeFileSync, linkSync } = require('node:fs') as typeof import('node:fs');
  const { extname } = require('node:path') as typeof import('node:path');
  const { hash } = require('node:crypto') as typeof import('node:crypto');
  const zlib = require('node:zlib') as typeof import('node:zlib');
  const c = zlib.constants;
  const s = workerData as CompressSettings;
  const text = new Set(s.textExtensions);
  let Resvg: typeof import('@resvg/resvg-js').Resvg | undefined;
  const font = { loadSystemFonts: false, fontFiles: s.raster.fontFiles, defaultFontFamily: s.raster.family, sansSerifFamily: s.raster.family };
  const rasterize = (svg: string) => {
    if (s.raster.problem) throw new Error(s.raster.problem);
    Resvg ??= (require(s.raster.module) as typeof import('@resvg/resvg-js')).Resvg;
    return new Resvg(svg, { font }).render().asPng();
  };

  function compress(job: CompressJob): CompressResult {
    let data: Buffer;
    if (job.text === undefined) data = readFileSync(job.path);
    else {
      data = job.rasterize ? rasterize(job.text) : Buffer.from(job.text);
      writeFileSync(job.path, data, { flag: 'wx' });
    }
    const result = { path: job.path, hash: hash('sha1', data, 'base64url'), size: data.length, br: 0, gz: 0, reused: false };
    if (data.length < s.minBytes || !text.has(extname(job.path))) return result;
    const prev = job.previous;
    if (prev && prev.hash === result.hash) {
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
    const gz = zlib.gzipSync(data, { level: s.gzipLevel });
    // a sibling that is not smaller than the original is useless: the server then sends the original
    if (br.length < data.length) writeFileSync(`${job.path}.br`, br, { flag: 'wx' });
    if (gz.length < data.length) writeFileSync(`${job.path}.gz`, gz, { flag: 'wx' });
    return { ...result, br: br.length < data.length ? br.length : 0, gz: gz.length < data.length ? gz.length : 0 };
  }

  parentPort!.on('message', (jobs: CompressJob[] | null) => {
    if (jobs === null) return parentPort!.close();
    parentPort!.postMessage(jobs.map(compress));
  });
  parentPort!.postMessage([]); // ready: ask for the first batch
}
