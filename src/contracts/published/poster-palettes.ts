import type { CatalogEntry } from '../../core/catalog/validate-catalog.ts';
import { digestText } from '../../core/catalog/digest-template.ts';
import { posterPalettesSchema, type PosterPalettes } from '../../schemas/poster-palettes.ts';
import { countCatalogShards, selectShard } from './catalog-shards.ts';
import type { PublishedFile } from './keyed-outputs.ts';

/** The path of palette file `n` from the site root: beside catalog shard `n`, the same templates. */
export const palettesPath = (n: number) => `/data/palettes/${n}.json`;

/** Which palette file holds template `id` in a catalog of `count` templates (its catalog shard's number). */
export const selectPalettesFile = (id: string, count: number) => selectShard(id, countCatalogShards(count));

/**
 * The palette files of the whole catalog (the head's too, so moving a template between head
 * and tail changes none of them), split as the catalog shards are. Each is keyed by its
 * bytes: a palette edit rewrites the one file that holds it.
 */
export function listPaletteFiles(entries: readonly CatalogEntry[]): PublishedFile[] {
  const files: PosterPalettes[] = Array.from({ length: countCatalogShards(entries.length) }, () => ({ palettes: {} }));
  for (const { data } of entries) files[selectShard(data.id, files.length)]!.palettes[data.id] = data.palette;
  return files.map((body, n) => {
    const text = () => JSON.stringify(body);
    return { path: palettesPath(n), file: palettesPath(n).slice(1), key: () => digestText(text()), render: text };
  });
}

/** Reads a palette file's text; throws (a zod error) when it is not one. */
export function parsePaletteFile(text: string): PosterPalettes {
  return posterPalettesSchema.parse(JSON.parse(text));
}
