import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { SOCIAL_IMAGE } from '../core/links/social-image.ts';
import { RASTER_FONT_FAMILY as FAMILY, RASTER_FONT_FILES } from '../core/poster/raster-fonts.ts';
import { digestText } from '../core/catalog/digest-template.ts';
import { identifyRenderer } from './raster-cache.ts';

const require = createRequire(import.meta.url);

/**
 * The fonts social images are drawn with: DejaVu Sans, book and bold, from the locked npm
 * package dejavu-fonts-ttf, so a build needs no system font and every machine draws the same
 * pixels (the machine's other fonts are never loaded). The poster's title fitting
 * (wrap-title.ts) is measured against DejaVu Sans Bold.
 */
export const SOCIAL_IMAGE_FONTS = RASTER_FONT_FILES.map((f) => require.resolve(f));

/** resvg, by its resolved module path, its options (font files only: no system fonts, the same PNG on every machine), and the raster cache. */
export interface RasterSettings {
  module: string;
  options: { font: { loadSystemFonts: false; fontFiles: string[]; defaultFontFamily: string; sansSerifFamily: string } };
  /** The size every social image is drawn at: a cached image of another size is damaged. */
  width: number;
  height: number;
  /** Why images cannot be drawn here (a missing font): the first raster job fails with it. */
  problem?: string;
  /** The raster cache's folder (raster-cache.ts) and the renderer's identity its keys include; none: draw every image. */
  cache?: { dir: string; identity: string };
}

/**
 * How the compress pool rasterizes social images: resvg (@resvg/resvg-js, resolved here for the
 * workers, which have no module resolution of their own) and the fonts. A missing font stops
 * the build at the first social image, saying what to install: without it titles would be
 * silently missing. With `cacheDir`, images are taken from and kept in that raster cache.
 */
export function readRasterSettings(cacheDir?: string): RasterSettings {
  const missing = SOCIAL_IMAGE_FONTS.filter((f) => !existsSync(f));
  const problem = missing.length ? `Social images need the DejaVu Sans fonts (${missing.join(', ')} not found): run npm ci` : undefined;
  const options: RasterSettings['options'] = { font: { loadSystemFonts: false, fontFiles: SOCIAL_IMAGE_FONTS, defaultFontFamily: FAMILY, sansSerifFamily: FAMILY } };
  return {
    module: require.resolve('@resvg/resvg-js'),
    options,
    width: SOCIAL_IMAGE.width,
    height: SOCIAL_IMAGE.height,
    ...(problem ? { problem } : {}),
    ...(cacheDir ? { cache: { dir: cacheDir, identity: identifyRenderer(options, SOCIAL_IMAGE_FONTS) } } : {}),
  };
}

let rendererDigest: string | undefined;

/**
 * The renderer's identity as social image addresses carry it (hashSocialImage): a digest of
 * identifyRenderer's (resvg-js's version and platform, the fonts' bytes, the options), so a new
 * resvg or font gives every image a new address. Made once a process (it reads the fonts).
 */
export function identifySocialRenderer(): string {
  rendererDigest ??= digestText(identifyRenderer(readRasterSettings().options, SOCIAL_IMAGE_FONTS));
  return rendererDigest;
}
