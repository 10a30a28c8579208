import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { RasterSettings } from './compress-worker.ts';

const require = createRequire(import.meta.url);

/**
 * The fonts social images are drawn with: DejaVu Sans, book and bold, from the locked npm
 * package dejavu-fonts-ttf, so a build needs no system font and every machine draws the same
 * pixels (the machine's other fonts are never loaded). The poster's title fitting
 * (wrap-title.ts) is measured against DejaVu Sans Bold.
 */
export const SOCIAL_IMAGE_FONTS = ['dejavu-fonts-ttf/ttf/DejaVuSans.ttf', 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'].map((f) => require.resolve(f));
const FAMILY = 'DejaVu Sans';

/**
 * How the compress pool rasterizes social images: resvg (@resvg/resvg-js, resolved here for the
 * workers, which have no module resolution of their own) and the fonts. A missing font stops
 * the build at the first social image, saying what to install: without it titles would be
 * silently missing.
 */
export function readRasterSettings(): RasterSettings {
  const missing = SOCIAL_IMAGE_FONTS.filter((f) => !existsSync(f));
  const problem = missing.length ? `Social images need the DejaVu Sans fonts (${missing.join(', ')} not found): run npm ci` : undefined;
  return { module: require.resolve('@resvg/resvg-js'), fontFiles: SOCIAL_IMAGE_FONTS, family: FAMILY, ...(problem ? { problem } : {}) };
}
