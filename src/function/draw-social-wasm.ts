import { initWasm, Resvg } from '@resvg/resvg-wasm';
import resvgModule from '@resvg/resvg-wasm/index_bg.wasm';
// The files of RASTER_FONT_FILES (a bundle's imports must be written out).
import book from 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf';
import bold from 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf';
import { RASTER_FONT_FAMILY } from '../core/poster/raster-fonts.ts';

let ready: Promise<void> | undefined;
const fontBuffers = [new Uint8Array(book), new Uint8Array(bold)];

/**
 * A social image's PNG from its SVG on workerd (the tail renderer), as the build draws it on
 * Node (src/publish/social-image-raster.ts): resvg's WebAssembly build of the same version
 * (2.6.2), the same two DejaVu files as font buffers, the same families. The WebAssembly build
 * reads no system font (it has no file system), as the build loads none. The module is
 * instantiated on the first image of an isolate.
 */
export async function drawSocialImageWasm(svg: string): Promise<Uint8Array> {
  await (ready ??= initWasm(resvgModule).catch((err: unknown) => {
    ready = undefined;
    throw err;
  }));
  const resvg = new Resvg(svg, { font: { fontBuffers, defaultFontFamily: RASTER_FONT_FAMILY, sansSerifFamily: RASTER_FONT_FAMILY } });
  try {
    const image = resvg.render();
    const png = image.asPng();
    image.free();
    return png;
  } finally {
    resvg.free();
  }
}
