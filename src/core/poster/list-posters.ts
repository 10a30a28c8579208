import { orderFormats } from '../catalog/order-formats.ts';
import type { CatalogEntry } from '../catalog/validate-catalog.ts';
import type { PosterInput, PosterShape } from './render-poster.ts';

/**
 * One poster file the build writes: `/posters/{name}.svg`. A template's own poster (`template`
 * set) also gets a motion poster and a social image; an example is drawn in its format's shape.
 */
export interface PosterFile {
  name: string;
  input: PosterInput;
  shape: PosterShape;
  /** The slug, on a template's own poster (not on an example's). */
  template?: string;
  /** The slug of the template it shows (its own poster's or an example's). */
  owner: string;
}

/**
 * Every poster of the catalog: `{slug}` for the template and `{slug}-{n}` (1-based) for each
 * example, matching buildPosterUrl. Throws when two names collide (a slug like "x-2" next to
 * a template "x" with two examples), since one file would silently replace the other.
 */
export function listPosters(entries: readonly CatalogEntry[]): PosterFile[] {
  const files: PosterFile[] = [];
  const owners = new Map<string, string>();
  const add = (file: PosterFile, owner: string) => {
    const taken = owners.get(file.name);
    if (taken) throw new Error(`Poster /posters/${file.name}.svg is claimed by both ${taken} and ${owner}; rename one slug.`);
    owners.set(file.name, owner);
    files.push(file);
  };
  for (const { data, template } of entries) {
    const base = {
      title: data.title,
      categoryLabel: template.categoryLabel ?? data.category,
      durationSeconds: data.durationSeconds,
      palette: data.palette,
      seed: data.slug,
    };
    add({ name: data.slug, input: { ...base, formats: orderFormats(data.formats) }, shape: 'wide', template: data.slug, owner: data.slug }, data.slug);
    data.examples.forEach((example, i) => {
      const name = `${data.slug}-${i + 1}`;
      const input = { ...base, formats: [example.format], brand: example.brand, seed: name };
      add({ name, input, shape: example.format === '9:16' ? 'tall' : 'wide', owner: data.slug }, data.slug);
    });
  }
  return files;
}
