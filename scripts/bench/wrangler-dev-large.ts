import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeUploadFolder } from '../../src/publish/upload-folder.ts';
import { measureUpload } from '../../src/publish/measure-upload.ts';
import { startWorkerd } from '../lib/start-function.ts';
import { ensureBuild, ensureSyntheticCatalog } from './builds.ts';

/**
 * `wrangler dev` over a whole 10,000-template build, as docs/deploying.md runs it: over the
 * upload folder (no siblings), its config written by makeWranglerConfig. wrangler watches every
 * assets file, so the client folder with its siblings (210,867 files) can pass the machine's
 * inotify limit; the row says what the upload holds and how long wrangler took from spawn to
 * answering a page and a list.
 */
export async function runWranglerDevRows(count = 10_000): Promise<string[]> {
  const dist = `dist-bench-${count}`;
  ensureBuild(ensureSyntheticCatalog(count), dist);
  const upload = join(mkdtempSync(join(tmpdir(), 'bench-upload-')), 'upload');
  try {
    makeUploadFolder(join(dist, 'client'), upload);
    const files = measureUpload(upload).files;
    const t0 = performance.now();
    const fn = await startWorkerd(dist, { assetsDir: upload, timeoutMs: 600_000 });
    const started = performance.now() - t0;
    try {
      const page = await fetch(`${fn.url}/`);
      const list = await fetch(`${fn.url}/api/v1/templates?limit=1`);
      const load = loadavg()[0]!.toFixed(1);
      return [`| \`wrangler dev\` over a ${count.toLocaleString('en')}-template upload folder (${files.toLocaleString('en')} files) | spawn to first answer ${(started / 1000).toFixed(1)} s; \`/\` ${page.status}, list ${list.status} (load ${load}) | starts and answers |`];
    } finally {
      await fn.stop();
    }
  } finally {
    rmSync(join(upload, '..'), { recursive: true, force: true });
  }
}
