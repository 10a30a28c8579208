import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { MIN_COMPRESSED_BYTES } from '../contracts/published/compressed-siblings.ts';
import { runCompressWorker, type CompressJob, type CompressResult, type CompressSettings } from './compress-worker.ts';
import { checkPng } from './raster-cache.ts';
import { listFiles } from './scan-files.ts';
import { readRasterSettings } from './social-image-raster.ts';

export type { CompressJob, CompressResult } from './compress-worker.ts';

/** Tuning knobs; the defaults were measured on a 10,000-template catalog (docs/publishing.md). */
export type PrecompressOptions = Partial<Omit<CompressSettings, 'textExtensions' | 'raster'>> & {
  /** Worker threads compressing at once (bounded by the cores). */
  workers?: number;
  /** The raster cache folder social images are taken from and kept in (raster-cache.ts); none: every image is drawn. */
  rasterCache?: string;
};

/** What one run did, for the build log and tests. */
export interface PrecompressStats {
  files: number;
  reused: number;
  bytesIn: number;
  bytesBr: number;
  bytesGz: number;
  /** Social images drawn, taken from the raster cache, and drawn again over a damaged cache entry. */
  images: { drawn: number; cached: number; repaired: number };
}

/** A file for the pool: its text may be given as a function, called only when a worker is ready for it. */
export type QueuedJob = Omit<CompressJob, 'text'> & { text?: string | (() => string) };

/** Worker threads that write, hash and compress files as they are handed over, while the build goes on. */
export interface CompressPool {
  /** Queues more files; the workers start on them at once. */
  add(jobs: readonly QueuedJob[]): void;
  /** Resolves with every file's result once all queued files are done; nothing can be added after. */
  finish(): Promise<CompressResult[]>;
}

/** What is compressed: text, and the search index (`.bin`), whose gzip sibling the edge function reads (function-data-files.ts). */
const TEXT_EXTENSIONS = ['', '.html', '.md', '.json', '.svg', '.xml', '.txt', '.css', '.js', '.mjs', '.map', '.webmanifest', '.bin'];
/**
 * Files per message at most: large enough to keep messages rare in a full build. A short queue
 * goes out in smaller batches, down to one file, so a few large files do not all land on one
 * worker (an edit publish queued llms-full.txt and both sitemaps together: one worker compressed
 * for 1.85 s while the other idled).
 */
const BATCH = 48;
const WORKER_SOURCE = `(${runCompressWorker.toString()})(${checkPng.toString()})`;

/**
 * Starts the workers. Each pulls the next batch when done, so a fast worker takes more files
 * and none is left with all the large ones; an idle worker waits for the next `add`. Files
 * can be queued as soon as they exist, or with their text, which the worker writes first: a
 * full build writes and compresses the keyed files while Astro still renders its pages.
 */
export function startCompressPool(options: PrecompressOptions = {}): CompressPool {
  const { workers = availableParallelism(), rasterCache, ...rest } = options;
  const settings: CompressSettings = { minBytes: MIN_COMPRESSED_BYTES, brotliQuality: 8, smallBrotliQuality: 5, largeBytes: 65_536, gzipLevel: 6, ...rest, textExtensions: TEXT_EXTENSIONS, raster: readRasterSettings(rasterCache) };
  const queue: QueuedJob[] = [];
  const results: CompressResult[] = [];
  const idle: Worker[] = [];
  let finishing = false;
  let failure: Error | undefined;
  const count = Math.max(1, workers);
  let next = 0; // queue[next] is the first job not handed out: no splice of a 300,000-job queue per batch
  // Texts are made when a worker asks: a full build never holds every file's text at once.
  const take = (): CompressJob[] => {
    const size = Math.max(1, Math.min(BATCH, Math.floor((queue.length - next) / (count * 4))));
    const batch = queue.slice(next, (next += size));
    if (next >= queue.length) [queue.length, next] = [0, 0];
    return batch.map(({ text, ...job }) => (text === undefined ? job : { ...job, text: typeof text === 'string' ? text : text() }));
  };
  const feed = (worker: Worker) => {
    if (next < queue.length && !failure) {
      try {
        worker.postMessage(take());
      } catch (err) {
        failure ??= err as Error; // a text that failed to render: the build fails with its error
        [queue.length, next] = [0, 0];
        worker.postMessage(null);
      }
    } else if (finishing || failure) worker.postMessage(null);
    else idle.push(worker);
  };
  const exits = Array.from({ length: count }, () => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: settings });
    worker.on('message', (done: CompressResult[]) => {
      for (const r of done) results.push(r);
      feed(worker);
    });
    return new Promise<void>((resolve) => {
      worker.once('error', (err) => (failure ??= err));
      worker.once('exit', (code) => {
        if (code !== 0) failure ??= new Error(`precompress worker exited with ${code}`);
        resolve();
      });
    });
  });
  return {
    add(jobs) {
      if (finishing) throw new Error('the compress pool is finishing: nothing more can be added');
      for (const job of jobs) queue.push(job); // not push(...jobs): past ~120,000 arguments the stack overflows
      while (next < queue.length && idle.length) feed(idle.pop()!);
    },
    async finish() {
      finishing = true;
      for (const worker of idle.splice(0)) feed(worker);
      await Promise.all(exits);
      if (failure) throw failure;
      return results;
    },
  };
}

/** Writes (when given their text), hashes and compresses `jobs`, and resolves with every result. */
export function precompressFiles(jobs: readonly CompressJob[], options: PrecompressOptions = {}): Promise<CompressResult[]> {
  const pool = startCompressPool({ ...options, workers: Math.min(options.workers ?? availableParallelism(), Math.ceil(jobs.length / BATCH)) });
  pool.add(jobs);
  return pool.finish();
}

/** Totals of a run, for the build log. */
export function summarizeCompression(results: readonly CompressResult[]): PrecompressStats {
  const stats = { files: 0, reused: 0, bytesIn: 0, bytesBr: 0, bytesGz: 0, images: { drawn: 0, cached: 0, repaired: 0 } };
  for (const r of results) {
    if (r.raster) stats.images[r.raster]++;
    if (!r.br && !r.gz) continue;
    stats.files++;
    if (r.reused) stats.reused++;
    stats.bytesIn += r.size;
    stats.bytesBr += r.br || r.size;
    stats.bytesGz += r.gz || r.size;
  }
  return stats;
}

/** Precompresses every file under `root` (a whole `client/` folder), on `pool` (with what it already holds). */
export async function precompressDir(root: string, pool: CompressPool = startCompressPool()): Promise<PrecompressStats> {
  pool.add(listFiles(root).filter((f) => !/\.(br|gz)$/.test(f)).map((f) => ({ path: join(root, f) })));
  return summarizeCompression(await pool.finish());
}

const mb = (n: number) => `${(n / 1_048_576).toFixed(1)} MB`;

/** One line: `4,120 files, 221.1 MB -> br 54.1 MB, gzip 59.7 MB (3,900 reused) in 5.2 s`. */
export function formatCompression(s: PrecompressStats, seconds: number): string {
  return `${s.files.toLocaleString('en')} files, ${mb(s.bytesIn)} -> br ${mb(s.bytesBr)}, gzip ${mb(s.bytesGz)}${s.reused ? ` (${s.reused.toLocaleString('en')} reused)` : ''} in ${seconds.toFixed(1)} s`;
}
