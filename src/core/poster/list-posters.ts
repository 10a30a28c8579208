import type { CatalogEntry } from '../catalog/validate-catalog.ts';
import type { PosterInput } from './render-poster.ts';

/** One poster file the build writes: `/posters/{name}.svg`. */
export interface PosterFile {
  name: string;
  input: PosterInput;
}

/**
 * Every poster of the catalog: `{slug}` for the template and `{slug}-{n}` (1-based) for each
 * example, matching buildPosterUrl. Throws when two names collide (a slug like "x-2" next to
 * a template "x" with two examples), since one file would silently replace the other.
 */
export function listPosters(entries: readonly CatalogEntry[]): PosterFile[] {
  const files: PosterFile[] = [];
  const owners = new Map<string, string>();
  const add = (name: string, input: PosterInput, owner: string) => {
    const taken = owners.get(name);
    if (taken) throw new Error(`Poster /posters/${name}.svg is claimed by both ${taken} and ${owner}; rename one slug.`);
    owners.set(name, owner);
    files.push({ name, input });
  };
  for (const { data, template } of entries) {
    const base = {
      title: data.title,
      categoryLabel: template.categoryLabel ?? data.category,
      durationSeconds: data.durationSeconds,
      palette: data.palette,
      seed: data.slug,
    };
    add(data.slug, { ...base, formats: data.formats }, data.slug);
    data.examples.forEach((example, i) => {
      add(`${data.slug}-${i + 1}`, { ...base, formats: [example.format], brand: example.brand, seed: `${data.slug}-${i + 1}` }, data.slug);
    });
  }
  return files;
}
