import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { RasterSettings } from './compress-worker.ts';

/**
 * The fonts social images are drawn with: DejaVu Sans, book and bold, from Debian's
 * fonts-dejavu-core (Chromium depends on it; .ci/run installs it otherwise). Only these are
 * loaded, never the machine's other fonts, so every machine draws the same pixels, and the
 * poster's title fitting (wrap-title.ts) is measured against DejaVu Sans Bold already.
 */
export const SOCIAL_IMAGE_FONTS = ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'];
const FAMILY = 'DejaVu Sans';

/**
 * How the compress pool rasterizes social images: resvg (@resvg/resvg-js, resolved here for the
 * workers, which have no module resolution of their own) and the fonts. A missing font stops
 * the build at the first social image, saying what to install: without it titles would be
 * silently missing.
 */
export function readRasterSettings(): RasterSettings {
  const missing = SOCIAL_IMAGE_FONTS.filter((f) => !existsSync(f));
  const problem = missing.length ? `Social images need the DejaVu Sans fonts (${missing.join(', ')} not found): apt-get install fonts-dejavu-core` : undefined;
  return { module: createRequire(import.meta.url).resolve('@resvg/resvg-js'), fontFiles: SOCIAL_IMAGE_FONTS, family: FAMILY, ...(problem ? { problem } : {}) };
}
