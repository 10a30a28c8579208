import { readdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AstroIntegration } from 'astro';

/** Extensions worth compressing; extension-less files are the API JSON and /.well-known files. */
const TEXT_EXTENSIONS = new Set(['', '.html', '.md', '.json', '.svg', '.xml', '.txt', '.css', '.js', '.mjs', '.map', '.webmanifest']);

/** Tuning knobs; the defaults were measured on a 10,000-template catalog (see README). */
export interface PrecompressOptions {
  /** Files smaller than this are left alone: the headers would eat the gain. */
  minBytes?: number;
  /** Brotli quality for files of `largeBytes` or more. */
  brotliQuality?: number;
  /** Brotli quality below `largeBytes`: on small pages 5 is within 1% of 9 at half the CPU. */
  smallBrotliQuality?: number;
  largeBytes?: number;
  /** Gzip level 1–9. */
  gzipLevel?: number;
  /** Worker threads compressing at once (bounded by the cores). */
  workers?: number;
}

/** What one run did, for the build log and tests. */
export interface PrecompressStats {
  files: number;
  bytesIn: number;
  bytesBr: number;
  bytesGz: number;
}

type WorkerJob = Required<Omit<PrecompressOptions, 'workers'>> & { files: string[] };

/**
 * Runs inside a worker (serialized with toString, so it may only use what it requires).
 * Sync zlib in a few workers beats async zlib here: each async call builds a stream object
 * on the main thread, which on ~50,000 small files cost more than the compression itself.
 */
function compressFiles(job: WorkerJob): PrecompressStats {
  const { readFileSync, writeFileSync } = require('node:fs') as typeof import('node:fs');
  const zlib = require('node:zlib') as typeof import('node:zlib');
  const c = zlib.constants;
  const stats = { files: 0, bytesIn: 0, bytesBr: 0, bytesGz: 0 };
  for (const path of job.files) {
    const data = readFileSync(path);
    if (data.length < job.minBytes) continue;
    // a window fitted to the file: the default 4 MB one costs ~1 ms of setup per call
    const window = Math.max(c.BROTLI_MIN_WINDOW_BITS, Math.min(c.BROTLI_MAX_WINDOW_BITS, Math.ceil(Math.log2(data.length))));
    const quality = data.length >= job.largeBytes ? job.brotliQuality : job.smallBrotliQuality;
    const br = zlib.brotliCompressSync(data, {
      params: { [c.BROTLI_PARAM_QUALITY]: quality, [c.BROTLI_PARAM_MODE]: c.BROTLI_MODE_TEXT, [c.BROTLI_PARAM_SIZE_HINT]: data.length, [c.BROTLI_PARAM_LGWIN]: window },
    });
    const gz = zlib.gzipSync(data, { level: job.gzipLevel });
    // a sibling that is not smaller than the original is useless: the server then sends the original
    if (br.length < data.length) writeFileSync(`${path}.br`, br);
    if (gz.length < data.length) writeFileSync(`${path}.gz`, gz);
    stats.files += 1;
    stats.bytesIn += data.length;
    stats.bytesBr += Math.min(br.length, data.length);
    stats.bytesGz += Math.min(gz.length, data.length);
  }
  return stats;
}

function runWorker(job: WorkerJob): Promise<PrecompressStats> {
  const source = `const { parentPort, workerData } = require('node:worker_threads');
parentPort.postMessage((${compressFiles.toString()})(workerData));`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(source, { eval: true, workerData: job });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`precompress worker exited with ${code}`)));
  });
}

async function listTextFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && TEXT_EXTENSIONS.has(extname(e.name)) && !/\.(br|gz)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

/**
 * Writes `.br` and `.gz` siblings for every text file of at least `minBytes` under `root`,
 * so the server (and a CDN origin) sends compressed bytes without compressing per request.
 */
export async function precompressDir(root: string, options: PrecompressOptions = {}): Promise<PrecompressStats> {
  const { workers = availableParallelism(), ...rest } = options;
  const settings = { minBytes: 1024, brotliQuality: 9, smallBrotliQuality: 5, largeBytes: 65_536, gzipLevel: 9, ...rest };
  const files = await listTextFiles(root);
  const count = Math.max(1, Math.min(workers, Math.ceil(files.length / 64)));
  // round-robin keeps each worker's mix of big and small files alike
  const shares = Array.from({ length: count }, (_, w) => files.filter((_, i) => i % count === w));
  const results = await Promise.all(shares.map((share) => runWorker({ ...settings, files: share })));
  return results.reduce((a, b) => ({
    files: a.files + b.files,
    bytesIn: a.bytesIn + b.bytesIn,
    bytesBr: a.bytesBr + b.bytesBr,
    bytesGz: a.bytesGz + b.bytesGz,
  }));
}

const mb = (n: number) => `${(n / 1_048_576).toFixed(1)} MB`;

/** Astro integration: precompresses the client output once the build is done. */
export function precompressIntegration(options: PrecompressOptions = {}): AstroIntegration {
  return {
    name: 'precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const s = await precompressDir(fileURLToPath(dir), options);
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        logger.info(`${s.files} files, ${mb(s.bytesIn)} -> br ${mb(s.bytesBr)}, gzip ${mb(s.bytesGz)} in ${seconds} s`);
      },
    },
  };
}
