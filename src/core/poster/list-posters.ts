import { orderFormats } from '../catalog/order-formats.ts';
import type { CatalogEntry } from '../catalog/validate-catalog.ts';
import type { Template } from '../../schemas/template.ts';
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
 * The posters of one template from its public fields and its palette (the one fact of a poster
 * the Template does not carry): its own, then one per example. The build lists them for the
 * catalog (listPosters); the tail's on-demand answers for one template (src/http/tail).
 */
export function listTemplatePosters(template: Template, palette: readonly string[]): PosterFile[] {
  const { slug } = template;
  const base = { title: template.title, categoryLabel: template.categoryLabel ?? template.category, durationSeconds: template.durationSeconds, palette: [...palette], seed: slug };
  const files: PosterFile[] = [{ name: slug, input: { ...base, formats: orderFormats(template.formats) }, shape: 'wide', template: slug, owner: slug }];
  (template.examples ?? []).forEach((example, i) => {
    const name = `${slug}-${i + 1}`;
    const input = { ...base, formats: [example.format], brand: example.brand, seed: name };
    files.push({ name, input, shape: example.format === '9:16' ? 'tall' : 'wide', owner: slug });
  });
  return files;
}

/**
 * Every poster of the catalog: `{slug}` for the template and `{slug}-{n}` (1-based) for each
 * example, matching buildPosterUrl. Throws when two names collide (a slug like "x-2" next to
 * a template "x" with two examples), since one file would silently replace the other.
 */
export function listPosters(entries: readonly CatalogEntry[]): PosterFile[] {
  const files: PosterFile[] = [];
  const owners = new Map<string, string>();
  for (const { data, template } of entries) {
    for (const file of listTemplatePosters(template, data.palette)) {
      const taken = owners.get(file.name);
      if (taken) throw new Error(`Poster /posters/${file.name}.svg is claimed by both ${taken} and ${data.slug}; rename one slug.`);
      owners.set(file.name, data.slug);
      files.push(file);
    }
  }
  return files;
}
