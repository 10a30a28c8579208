import type { AstroIntegration } from 'astro';

/**
 * The Astro adapter of the on-demand pages: its server entry (app-entry.ts) exports Astro's
 * Request-based app, which the fetch handler calls on the origin and the Node function alike
 * (no Node request or response in between, as @astrojs/node's middleware needs).
 */
export function appAdapter(): AstroIntegration {
  return {
    name: 'catalog-app-adapter',
    hooks: {
      'astro:config:done': ({ setAdapter }) => {
        setAdapter({
          name: 'catalog-app-adapter',
          entrypointResolution: 'auto',
          serverEntrypoint: new URL('./app-entry.ts', import.meta.url),
          adapterFeatures: { buildOutput: 'server', middlewareMode: 'classic' },
          supportedAstroFeatures: { hybridOutput: 'stable', staticOutput: 'stable', serverOutput: 'stable', sharpImageService: 'stable' },
        });
      },
    },
  };
}
