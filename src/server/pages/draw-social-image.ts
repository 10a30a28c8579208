import { createRequire } from 'node:module';
import { readRasterSettings } from '../../publish/social-image-raster.ts';

const require = createRequire(import.meta.url);

/**
 * Draws a social image's PNG from its SVG on demand (the tail's `/social/{slug}.{hash}.png`) with the
 * build's renderer and settings (social-image-raster.ts: resvg, the locked DejaVu fonts, no
 * system font), so it is the PNG the build would have written. Undefined when the fonts are
 * missing: the image is then not answered rather than drawn without its title.
 */
export function createSocialImageDrawer(): ((svg: string) => Promise<Uint8Array>) | undefined {
  const settings = readRasterSettings();
  if (settings.problem) return undefined;
  let Resvg: typeof import('@resvg/resvg-js').Resvg | undefined;
  return async (svg) => {
    Resvg ??= (require(settings.module) as typeof import('@resvg/resvg-js')).Resvg;
    return new Resvg(svg, settings.options).render().asPng();
  };
}
