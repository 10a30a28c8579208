import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { formatCompression, precompressDir, startCompressPool, type PrecompressOptions } from '../publish/precompress-files.ts';
import { mergeTrees } from '../publish/merge-trees.ts';
import { readRenderPlan } from '../publish/render-plan.ts';
import { writeHostFiles } from '../publish/write-host-files.ts';
import { readConfig } from '../config/read-config.ts';

/**
 * Astro integration: precompresses the client output once the build is done, on the workers
 * that wrote the keyed files meanwhile, then moves those in (queue-keyed-files.ts). Under a publish (src/publish) it
 * does nothing: the publish compresses what Astro wrote itself, reusing the previous build's
 * siblings, and links the rest. Last, it writes the static hosts' `_headers` and `_redirects`
 * (a publish writes them once its tree is complete).
 */
export function precompressIntegration(options: PrecompressOptions = {}): AstroIntegration {
  return {
    name: 'precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const plan = readRenderPlan();
        if (plan?.publish) return;
        const started = performance.now();
        await plan?.catalogFilesQueued;
        const client = fileURLToPath(dir);
        const s = await precompressDir(client, plan?.pool ?? startCompressPool(options));
        if (plan?.keyedDir) mergeTrees(plan.keyedDir, client);
        writeHostFiles(client, readConfig());
        logger.info(formatCompression(s, (performance.now() - started) / 1000));
      },
    },
  };
}
