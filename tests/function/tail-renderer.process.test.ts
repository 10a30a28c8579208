import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { makeRendererConfig, readRendererConfig, readShippedConfig } from '../../scripts/lib/wrangler-config.ts';

/** Cloudflare's limit on a worker's upload, gzipped, on the free plan (10 MB on paid plans). */
const FREE_PLAN_BYTES = 3 * 1024 * 1024;

// What tests/http/tail/tail-parity.process.test.ts runs beside the main worker: its bytes are checked there.
describe('deploy/cloudflare/tail-renderer.wrangler.jsonc', () => {
  it('is the worker the main worker binds, on the same runtime settings', () => {
    const [main, renderer] = [readShippedConfig(), readRendererConfig()];
    expect(main.services).toEqual([{ binding: 'TAIL_RENDERER', service: renderer.name }]);
    expect([renderer.compatibility_date, renderer.compatibility_flags]).toEqual([main.compatibility_date, (main as unknown as Record<string, unknown>).compatibility_flags]);
    // Reached only through the binding.
    expect([renderer.workers_dev, (renderer.assets as { run_worker_first?: boolean }).run_worker_first]).toEqual([false, true]);
  });

  it('builds offline with wrangler deploy --dry-run: the server entry, resvg-wasm and the fonts, within the free plan', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tail-bundle-'));
    try {
      const dist = inject('distDir');
      writeFileSync(join(dir, 'wrangler.json'), JSON.stringify(makeRendererConfig(join(dist, 'client'), join(dist, 'server', 'entry.mjs'))));
      execFileSync('npx', ['wrangler', 'deploy', '--config', join(dir, 'wrangler.json'), '--dry-run', '--outdir', join(dir, 'out')], {
        env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1', NO_COLOR: '1' },
        stdio: 'pipe',
      });
      const modules = readdirSync(join(dir, 'out')).filter((f) => /\.(js|wasm|ttf)$/.test(f));
      expect(modules.map((f) => f.replace(/^[0-9a-f]{40}-/, '')).sort()).toEqual(['DejaVuSans-Bold.ttf', 'DejaVuSans.ttf', 'index_bg.wasm', 'tail-renderer.js']);
      const gzipped = modules.reduce((n, f) => n + gzipSync(readFileSync(join(dir, 'out', f))).length, 0);
      expect(gzipped).toBeLessThanOrEqual(FREE_PLAN_BYTES);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
