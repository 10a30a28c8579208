import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { formatCompression, precompressDir, type PrecompressOptions } from '../publish/precompress-files.ts';
import { readRenderPlan } from '../publish/render-plan.ts';

/**
 * Astro integration: precompresses the client output once the build is done. Under a publish
 * (src/publish) it does nothing: the publish compresses what Astro wrote itself, reusing the
 * previous build's siblings, and links the rest.
 */
export function precompressIntegration(options: PrecompressOptions = {}): AstroIntegration {
  return {
    name: 'precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        if (readRenderPlan()?.publish) return;
        const started = performance.now();
        const s = await precompressDir(fileURLToPath(dir), options);
        logger.info(formatCompression(s, (performance.now() - started) / 1000));
      },
    },
  };
}
