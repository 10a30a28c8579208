import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { formatCompression, precompressDir, startCompressPool, type PrecompressOptions } from '../publish/precompress-files.ts';
import { mergeTrees } from '../publish/merge-trees.ts';
import { readRenderPlan } from '../publish/render-plan.ts';

/**
 * Astro integration: precompresses the client output once the build is done, on the workers
 * that wrote the keyed files meanwhile, then moves those in (queue-keyed-files.ts). Under a publish (src/publish) it
 * does nothing: the publish compresses what Astro wrote itself, reusing the previous build's
 * siblings, and links the rest.
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
        logger.info(formatCompression(s, (performance.now() - started) / 1000));
      },
    },
  };
}
