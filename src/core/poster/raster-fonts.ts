/**
 * The fonts social images are drawn with, as package paths: DejaVu Sans, book and bold, from the
 * locked npm package dejavu-fonts-ttf, so every machine and runtime (resvg on Node, its
 * WebAssembly build on workerd) draws the same pixels with no system font.
 */
export const RASTER_FONT_FILES = ['dejavu-fonts-ttf/ttf/DejaVuSans.ttf', 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'] as const;

/** Their family: the default and sans-serif family of the drawing. */
export const RASTER_FONT_FAMILY = 'DejaVu Sans';
