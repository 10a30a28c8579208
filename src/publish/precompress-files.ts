import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { runCompressWorker, type CompressJob, type CompressResult, type CompressSettings } from './compress-worker.ts';
import { listFiles } from './scan-files.ts';

export type { CompressResult } from './compress-worker.ts';

/** Tuning knobs; the defaults were measured on a 10,000-template catalog (see README). */
export type PrecompressOptions = Partial<Omit<CompressSettings, 'textExtensions'>> & {
  /** Worker threads compressing at once (bounded by the cores). */
  workers?: number;
};

/** What one run did, for the build log and tests. */
export interface PrecompressStats {
  files: number;
  reused: number;
  bytesIn: number;
  bytesBr: number;
  bytesGz: number;
}

const TEXT_EXTENSIONS = ['', '.html', '.md', '.json', '.svg', '.xml', '.txt', '.css', '.js', '.mjs', '.map', '.webmanifest'];
/** Files per message: small enough that the last batches even out the workers, large enough to keep messages rare. */
const BATCH = 48;
const WORKER_SOURCE = `(${runCompressWorker.toString()})()`;

/**
 * Hashes every job's file and writes its `.br` and `.gz` siblings (or links the previous
 * build's, for a byte-identical file), in worker threads that each pull the next batch when
 * done: a fast worker takes more files, so no worker is left with all the large ones.
 */
export async function precompressFiles(jobs: readonly CompressJob[], options: PrecompressOptions = {}): Promise<CompressResult[]> {
  const { workers = availableParallelism(), ...rest } = options;
  const settings: CompressSettings = { minBytes: 1024, brotliQuality: 9, smallBrotliQuality: 5, largeBytes: 65_536, gzipLevel: 9, ...rest, textExtensions: TEXT_EXTENSIONS };
  const results: CompressResult[] = [];
  let next = 0;
  const count = Math.max(1, Math.min(workers, Math.ceil(jobs.length / BATCH)));
  await Promise.all(
    Array.from({ length: count }, () => new Promise<void>((resolve, reject) => {
      const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: settings });
      worker.on('message', (done: CompressResult[]) => {
        results.push(...done);
        const batch = jobs.slice(next, next + BATCH);
        next += batch.length;
        worker.postMessage(batch.length ? batch : null);
      });
      worker.once('error', reject);
      worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`precompress worker exited with ${code}`))));
    })),
  );
  return results;
}

/** Totals of a run, for the build log. */
export function summarizeCompression(results: readonly CompressResult[]): PrecompressStats {
  const stats = { files: 0, reused: 0, bytesIn: 0, bytesBr: 0, bytesGz: 0 };
  for (const r of results) {
    if (!r.br && !r.gz) continue;
    stats.files++;
    if (r.reused) stats.reused++;
    stats.bytesIn += r.size;
    stats.bytesBr += r.br || r.size;
    stats.bytesGz += r.gz || r.size;
  }
  return stats;
}

/** Precompresses every file under `root` (a whole `client/` folder). */
export async function precompressDir(root: string, options: PrecompressOptions = {}): Promise<PrecompressStats> {
  const jobs = listFiles(root).filter((f) => !/\.(br|gz)$/.test(f)).map((f) => ({ path: join(root, f) }));
  return summarizeCompression(await precompressFiles(jobs, options));
}

const mb = (n: number) => `${(n / 1_048_576).toFixed(1)} MB`;

/** One line: `4,120 files, 221.1 MB -> br 54.1 MB, gzip 59.7 MB (3,900 reused) in 5.2 s`. */
export function formatCompression(s: PrecompressStats, seconds: number): string {
  return `${s.files.toLocaleString('en')} files, ${mb(s.bytesIn)} -> br ${mb(s.bytesBr)}, gzip ${mb(s.bytesGz)}${s.reused ? ` (${s.reused.toLocaleString('en')} reused)` : ''} in ${seconds.toFixed(1)} s`;
}
