import { palettesPath, parsePaletteFile, selectPalettesFile } from '../../contracts/published/poster-palettes.ts';

/** The bytes of a build's file by its path from the site root, or undefined when missing. */
export type ReadBuildFile = (path: string) => Promise<Uint8Array | undefined>;

/** A template's palette by its id (createPaletteReader), or undefined when its file cannot say. */
export type ReadPalette = (id: string) => Promise<readonly string[] | undefined>;

/**
 * A template's palette, read from its palette file (`/data/palettes/{n}.json`) when a poster of
 * the tail is first asked for, and kept: all of them together are ~60 bytes a template. A
 * missing or bad file answers undefined (the address then answers as before: 404), and is
 * asked again next time.
 */
export function createPaletteReader(read: ReadBuildFile, templateCount: number): ReadPalette {
  const files = new Map<number, Promise<Record<string, string[]> | undefined>>();
  const decoder = new TextDecoder();
  return async (id) => {
    const n = selectPalettesFile(id, templateCount);
    let file = files.get(n);
    if (!file) {
      file = read(palettesPath(n)).then((bytes) => (bytes ? parsePaletteFile(decoder.decode(bytes)).palettes : undefined)).catch(() => undefined);
      files.set(n, file);
    }
    const palettes = await file;
    if (!palettes) files.delete(n);
    return palettes?.[id];
  };
}
