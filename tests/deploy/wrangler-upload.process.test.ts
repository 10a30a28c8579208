import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startWorkerd, type RunningFunction } from '../../scripts/lib/start-function.ts';
import { makeWranglerConfig } from '../../scripts/lib/wrangler-config.ts';
import { makeUploadFolder } from '../../src/publish/upload-folder.ts';

// docs/deploying.md: `npm run upload-folder`, then `npm run wrangler-config` for that folder, then `wrangler dev`.
describe('wrangler dev over an upload folder, with the config written for it', () => {
  const work = mkdtempSync(join(tmpdir(), 'wrangler-upload-'));
  const upload = join(work, 'upload');
  let fn: RunningFunction;

  beforeAll(async () => {
    makeUploadFolder(join(inject('distDir'), 'client'), upload);
    fn = await startWorkerd(inject('distDir'), { assetsDir: upload, timeoutMs: 180_000 });
  }, 200_000);
  afterAll(async () => {
    await fn?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('keeps every setting of the shipped config but the two paths', () => {
    const config = makeWranglerConfig(upload);
    expect(config.assets.directory).toBe(upload);
    expect(config.main).toBe(join(process.cwd(), 'src/function/worker.ts'));
    expect(readFileSync('deploy/cloudflare/wrangler.jsonc', 'utf8')).toContain('"directory": "../../dist/client"');
  });

  it('answers a page from the upload and the list from its data files (no packed siblings in it)', async () => {
    const page = await fetch(`${fn.url}/docs`, { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html');
    const list = await fetch(`${fn.url}/api/v1/templates?limit=1`);
    expect(list.status).toBe(200);
    expect((await list.json()).templates).toHaveLength(1);
  });
});
