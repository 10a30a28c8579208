import { digestText } from '../../core/catalog/digest-template.ts';
import type { CatalogEntry } from '../../core/catalog/validate-catalog.ts';
import { deriveSocialImage } from '../../core/links/social-image-hash.ts';
import type { Template } from '../../schemas/template.ts';
import type { PublishedFile } from './keyed-outputs.ts';

/**
 * The renderer's identity the build names social images with (identifySocialRenderer), as a
 * data file: the origin and the function read it to name and check the same addresses
 * (hashSocialImage), whichever resvg build they draw with.
 */
export const SOCIAL_RENDERER_PATH = '/data/social-renderer.txt';

/** The renderer file, keyed by its text: a new renderer rewrites it (and every social image address). */
export function listSocialRendererFile(renderer: string): PublishedFile {
  return { path: SOCIAL_RENDERER_PATH, file: SOCIAL_RENDERER_PATH.slice(1), key: () => digestText(renderer), render: () => renderer };
}

/** A social image: its address and the SVG its PNG is drawn from. */
export interface SocialImage {
  path: string;
  svg: string;
}

/**
 * Social images by template at build, from the entries' palettes and the renderer: each drawn
 * once a listing (the page that names it and the file written at it ask for the same one).
 */
export function createSocialImages(entries: readonly CatalogEntry[], renderer: string): (template: Template) => SocialImage {
  const palettes = new Map(entries.map((e) => [e.template.slug, e.data.palette]));
  const made = new WeakMap<Template, SocialImage>();
  return (template) => {
    let image = made.get(template);
    if (!image) {
      image = deriveSocialImage(template, palettes.get(template.slug) ?? [], renderer);
      made.set(template, image);
    }
    return image;
  };
}
